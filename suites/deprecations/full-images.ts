import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { IMAGE_CONFIG_NONSTANDARD_FIELDS, IMAGE_CONFIG_NONSTANDARD_KEPT, IMAGE_CONFIG_NONSTANDARD_WHEN_SET } from '../../specs/deprecations.js';
import type { SuiteContext } from '../harness/context.js';
import type { ExchangeLog } from '../harness/exchange-log.js';
import { parseJsonObject } from '../laws/expect.js';
import { tarball } from './image-tarball.js';
import { baseImage, createContainer, getObject, importImage, objectAt, removeContainer, setupPath } from './objects.js';

/**
 * Images whose configuration sets the version-dependent fields, not only leaves them empty: an
 * import can set none of the non-standard fields, so the image-inspect rules also judge images
 * loaded from an archive (POST /images/load, the save format: manifest.json, the config
 * document, one layer tar) and images committed from a container (POST /commit).
 */

/** The fields API 1.50 removes from image-config output; the last three are written only when set (specs/deprecations.ts). */
export const NINE_KEPT = IMAGE_CONFIG_NONSTANDARD_KEPT;
export const THREE_WHEN_SET = IMAGE_CONFIG_NONSTANDARD_WHEN_SET;
export const NONSTANDARD = IMAGE_CONFIG_NONSTANDARD_FIELDS;
export type NonstandardField = (typeof NONSTANDARD)[number];

/** The non-standard fields a configuration sets (a field left out is empty). */
export type NonstandardSettings = Partial<Record<NonstandardField, string | boolean | number>>;

export type ImageSource = 'import' | 'load' | 'commit';
export const SOURCES: readonly ImageSource[] = ['import', 'load', 'commit'];

/** One generated image: where it comes from, which non-standard fields its configuration sets, and its Container. */
export interface FullImageCase {
  readonly source: ImageSource;
  readonly fields: NonstandardSettings;
  /** For a load: whether the archive names the container the image was made from (and its config). */
  readonly container: boolean;
}

/** A value for each field, as a configuration sets it. */
const fieldValues: { readonly [F in NonstandardField]: fc.Arbitrary<string | boolean | number> } = {
  Hostname: fc.constantFrom('ctc-h', 'h2'),
  Domainname: fc.constantFrom('ctc.example', 'd2.example'),
  AttachStdin: fc.constant(true),
  AttachStdout: fc.constant(true),
  AttachStderr: fc.constant(true),
  Tty: fc.constant(true),
  OpenStdin: fc.constant(true),
  StdinOnce: fc.constant(true),
  Image: fc.constantFrom(`sha256:${'ab'.repeat(32)}`, 'ctc-base/busybox:1'),
  NetworkDisabled: fc.constant(true),
  MacAddress: fc.constantFrom('02:42:ac:11:00:0a', '02:42:ac:11:00:0b'),
  StopTimeout: fc.integer({ min: 1, max: 30 }),
};

const everyField: NonstandardSettings = {
  Hostname: 'ctc-h',
  Domainname: 'ctc.example',
  AttachStdin: true,
  AttachStdout: true,
  AttachStderr: true,
  Tty: true,
  OpenStdin: true,
  StdinOnce: true,
  Image: 'ctc-base/busybox:1',
  NetworkDisabled: true,
  MacAddress: '02:42:ac:11:00:0a',
  StopTimeout: 7,
};

export const fullImageCase: fc.Arbitrary<FullImageCase> = fc.record({
  source: fc.constantFrom(...SOURCES),
  fields: fc.record(fieldValues, { requiredKeys: [] }) as fc.Arbitrary<NonstandardSettings>,
  container: fc.boolean(),
});

/** Tried first on every run, whatever the seed: every field set and every field empty, each source, Container set and empty. */
export const FULL_IMAGE_EXAMPLES: readonly FullImageCase[] = [
  { source: 'load', fields: everyField, container: true },
  { source: 'import', fields: {}, container: false },
  { source: 'commit', fields: everyField, container: true },
  { source: 'load', fields: {}, container: false },
];

/** What an image of the case holds, as the daemon was given it: the values the checks expect. */
export interface MadeImage {
  readonly ref: string;
  /** The configuration's non-standard fields that are set, with their values. */
  readonly set: NonstandardSettings;
  /** The image's Container: the container it was made from, or "". */
  readonly container: string;
  /** The Hostname and Cmd of the image's container configuration, where it has one. */
  readonly containerConfig: { readonly Hostname: string; readonly Cmd: readonly string[] } | null;
}

const EMPTY: Readonly<Record<NonstandardField, unknown>> = {
  Hostname: '',
  Domainname: '',
  AttachStdin: false,
  AttachStdout: false,
  AttachStderr: false,
  Tty: false,
  OpenStdin: false,
  StdinOnce: false,
  Image: '',
  NetworkDisabled: false,
  MacAddress: '',
  StopTimeout: null,
};

/** Whether a value is a field's empty one (what an unset field is). */
export const isEmptyValue = (field: NonstandardField, value: unknown): boolean => value === undefined || value === EMPTY[field];

/**
 * The one-file layer of an image, its own for each reference: cells run concurrently, and a layer
 * shared between them let dockerd 29.7.2's containerd collect the blob one cell's delete freed while
 * another cell's load, finding it present, had not yet referenced it ("failed to resolve layers: …
 * content digest … not found").
 */
const layerOf = (ref: string) => [{ type: 'file', name: 'ctc-loaded', content: Buffer.from(`ctr-conformance ${ref}\n`) }] as const;
const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');
const LOADED_CONTAINER = `c0ffee${'0'.repeat(58)}`;
const LOADED_CONTAINER_CONFIG = { Hostname: 'ctc-builder', Cmd: ['/bin/sh', '-c', '#(nop) ctc'] };

/** A configuration document of the container.Config shape, with every field the case sets. */
function configFor(fields: NonstandardSettings): Record<string, unknown> {
  const config: Record<string, unknown> = {
    ...EMPTY,
    User: '',
    Env: null,
    Cmd: ['/bin/busybox', 'true'],
    Volumes: null,
    WorkingDir: '',
    Entrypoint: null,
    OnBuild: null,
    Labels: null,
  };
  for (const field of THREE_WHEN_SET) delete config[field];
  return { ...config, ...fields };
}

/** The save format of one image: manifest.json, the config document and the layer tar. Deterministic: the same case and tag give the same image. */
export async function imageArchive(c: FullImageCase, repoTag: string): Promise<Buffer> {
  const layer = await tarball(layerOf(repoTag));
  const diffId = sha256(layer);
  const document = {
    architecture: 'amd64',
    os: 'linux',
    created: '2026-01-01T00:00:00Z',
    config: configFor(c.fields),
    ...(c.container ? { container: LOADED_CONTAINER, container_config: LOADED_CONTAINER_CONFIG } : {}),
    rootfs: { type: 'layers', diff_ids: [`sha256:${diffId}`] },
    // The tag in the history makes each cell's image its own: cells run concurrently, and one's delete must not remove the image another just loaded.
    history: [{ created: '2026-01-01T00:00:00Z', created_by: `ctr-conformance ${repoTag}` }],
  };
  const config = Buffer.from(JSON.stringify(document));
  const configName = `${sha256(config)}.json`;
  const manifest = [{ Config: configName, RepoTags: [repoTag], Layers: [`${diffId}/layer.tar`] }];
  return tarball([
    { type: 'file', name: configName, content: config },
    { type: 'directory', name: `${diffId}` },
    { type: 'file', name: `${diffId}/layer.tar`, content: layer },
    { type: 'file', name: 'manifest.json', content: Buffer.from(JSON.stringify(manifest)) },
  ]);
}

/** A short stable name for the case's fields: the same case always lands on the same tag. */
function caseTag(c: FullImageCase): string {
  const key = JSON.stringify([c.source, c.container, NONSTANDARD.map((f) => c.fields[f] ?? null)]);
  let hash = 2166136261;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 16777619) >>> 0;
  return `f${hash.toString(36)}`;
}

async function load(ctx: SuiteContext, log: ExchangeLog, c: FullImageCase, ref: string): Promise<MadeImage> {
  const reply = await log.send('POST', setupPath(ctx, '/images/load?quiet=1'), {
    body: await imageArchive(c, ref),
    headers: { 'Content-Type': 'application/x-tar' },
    timeoutMs: 60_000,
  });
  log.expect(
    reply.status === 200 && reply.body.includes(`Loaded image: ${ref}`),
    `loading an archive of ${ref} should answer 200 and name it, got ${reply.status} ${reply.body.trim().slice(0, 200)}`,
  );
  return { ref, set: c.fields, container: c.container ? LOADED_CONTAINER : '', containerConfig: c.container ? LOADED_CONTAINER_CONFIG : null };
}

/** The fields a create takes for the case (the image to create from is the base image's, whatever the case sets). */
function createFields(fields: NonstandardSettings): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([field]) => field !== 'Image'));
}

async function commit(ctx: SuiteContext, log: ExchangeLog, c: FullImageCase, repo: string, tag: string): Promise<MadeImage> {
  const image = await baseImage(ctx, log);
  // At the newest version: 26.1.5 and 28.5.2 refuse a MacAddress on the network none below 1.44 ("conflicting options: mac-address and the network mode"), and take it from 1.44 as the endpoint's, outside Config (20.10.24 keeps it in Config).
  const id = await createContainer(log, { api: ctx.expectedMax, image, extra: createFields(c.fields) });
  try {
    const config = objectAt(await getObject(log, setupPath(ctx, `/containers/${id}/json`)), 'Config') ?? {};
    const reply = await log.send('POST', setupPath(ctx, `/commit?container=${id}&repo=${repo}&tag=${tag}`), { json: {} });
    log.expect(
      reply.status === 201 && typeof parseJsonObject(reply.body)?.['Id'] === 'string',
      `committing a container should answer 201 with the image Id, got ${reply.status}`,
    );
    const set: NonstandardSettings = {};
    for (const field of NONSTANDARD) {
      const value = config[field];
      if (!isEmptyValue(field, value) && (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number')) set[field] = value;
    }
    const cmd = config['Cmd'];
    return {
      ref: `${repo}:${tag}`,
      set,
      container: id,
      containerConfig: { Hostname: String(config['Hostname'] ?? ''), Cmd: Array.isArray(cmd) ? (cmd as string[]) : [] },
    };
  } finally {
    await removeContainer(ctx, log, id);
  }
}

async function importEmpty(ctx: SuiteContext, log: ExchangeLog, repo: string, tag: string): Promise<MadeImage> {
  await importImage(ctx, log, { repo, tag, entries: layerOf(`${repo}:${tag}`) });
  return { ref: `${repo}:${tag}`, set: {}, container: '', containerConfig: null };
}

/**
 * Runs `body` with an image of the case, removed afterwards whatever happens. `cell` (the rule and
 * API version) is in the repository: cells run concurrently, and one must not remove the image
 * another inspects.
 */
export async function withFullImage<T>(ctx: SuiteContext, log: ExchangeLog, c: FullImageCase, cell: string, body: (made: MadeImage) => Promise<T>): Promise<T> {
  const repo = `ctc-${c.source}/${cell}`;
  const tag = caseTag(c);
  let made: MadeImage | undefined;
  try {
    made =
      c.source === 'load'
        ? await load(ctx, log, c, `${repo}:${tag}`)
        : c.source === 'commit'
          ? await commit(ctx, log, c, repo, tag)
          : await importEmpty(ctx, log, repo, tag);
    return await body(made);
  } finally {
    await log.send('DELETE', setupPath(ctx, `/images/${repo}:${tag}?force=1`), { cleanup: true }).catch(() => undefined);
  }
}
