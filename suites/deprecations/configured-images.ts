import type { SuiteContext } from '../harness/context.js';
import type { ExchangeLog } from '../harness/exchange-log.js';
import { changesFor, repoFor, type ImageSettings } from './arbitraries.js';
import { importImage } from './objects.js';

/** Images imported for generated settings, per target instance: a setting seen again is not imported again. */
const imported = new WeakMap<object, Map<string, Promise<string>>>();

/** A one-file layer: the image-config rules judge the configuration, not the files. */
const LAYER = [{ type: 'file', name: 'ctc-config', content: Buffer.from('ctr-conformance\n') }] as const;

/** The reference of an image with `settings`, imported from a tarball on first use. */
export function imageWith(ctx: SuiteContext, log: ExchangeLog, settings: ImageSettings): Promise<string> {
  const { repo, tag } = repoFor(settings);
  return imageTagged(ctx, log, repo, tag, changesFor(settings));
}

/** `repo:tag`, imported (with `changes`) on first use in this target instance. */
export function imageTagged(ctx: SuiteContext, log: ExchangeLog, repo: string, tag: string, changes: readonly string[] = []): Promise<string> {
  let byRef = imported.get(ctx.instance);
  if (byRef === undefined) imported.set(ctx.instance, (byRef = new Map()));
  const ref = `${repo}:${tag}`;
  let image = byRef.get(ref);
  if (image === undefined) {
    image = importImage(ctx, log, { repo, tag, changes, entries: LAYER }).then(() => ref);
    image.catch(() => byRef.delete(ref));
    byRef.set(ref, image);
  }
  return image;
}
