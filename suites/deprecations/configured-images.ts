import type { SuiteContext } from '../harness/context.js';
import type { ExchangeLog } from '../harness/exchange-log.js';
import { changesFor, repoFor, type ImageSettings } from './arbitraries.js';
import { importImage, setupPath } from './objects.js';

/**
 * A one-file layer (the image-config rules judge the configuration, not the files), its own for each
 * reference: concurrent cells sharing one blob let dockerd 29.7.2's containerd collect it between one
 * cell's delete and another's import (suites/deprecations/full-images.ts).
 */
const layerOf = (ref: string) => [{ type: 'file', name: 'ctc-config', content: Buffer.from(`ctr-conformance ${ref}\n`) }] as const;

/**
 * Runs `body` with `repo:tag` imported (with `changes`) and removes the image afterwards, whatever
 * happens: images left behind would make every list longer than a transcript keeps, and a real
 * daemon slower with each case.
 */
export async function withImageTagged<T>(
  ctx: SuiteContext,
  log: ExchangeLog,
  repo: string,
  tag: string,
  changes: readonly string[],
  body: (ref: string) => Promise<T>,
): Promise<T> {
  const ref = `${repo}:${tag}`;
  await importImage(ctx, log, { repo, tag, changes, entries: layerOf(ref) });
  try {
    return await body(ref);
  } finally {
    await log.send('DELETE', setupPath(ctx, `/images/${ref}?force=1`), { cleanup: true }).catch(() => undefined);
  }
}

/**
 * Runs `body` with an image of `settings`, removed afterwards. `cell` (the rule and API version)
 * is in the tag: cells run concurrently, and one must not remove the image another inspects.
 */
export function withImage<T>(ctx: SuiteContext, log: ExchangeLog, settings: ImageSettings, cell: string, body: (ref: string) => Promise<T>): Promise<T> {
  const { repo, tag } = repoFor(settings);
  return withImageTagged(ctx, log, repo, `${tag}-${cell}`, changesFor(settings), body);
}
