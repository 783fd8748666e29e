import type { SuiteContext } from '../harness/context.js';
import type { ExchangeLog } from '../harness/exchange-log.js';
import { parseJsonObject } from '../laws/expect.js';
import { baseTarball, tarball, type TarEntry } from './image-tarball.js';

/** Where setup and clean-up requests go: the newest version the target serves (never unversioned). */
export const setupPath = (ctx: SuiteContext, path: string): string => `/v${ctx.expectedMax}${path}`;
export const at = (api: string, path: string): string => `/v${api}${path}`;

export function jsonArray(body: string): unknown[] | null {
  try {
    const doc: unknown = JSON.parse(body);
    return Array.isArray(doc) ? doc : null;
  } catch {
    return null;
  }
}

/** GET `path` as a JSON object; anything but 200 with an object is a violation. */
export async function getObject(log: ExchangeLog, path: string): Promise<Record<string, unknown>> {
  const reply = await log.send('GET', path);
  const doc = parseJsonObject(reply.body);
  log.expect(reply.status === 200 && doc !== null, `GET ${path} should answer 200 with an object, got ${reply.status}`);
  return doc!;
}

export const objectAt = (doc: Record<string, unknown> | null | undefined, key: string): Record<string, unknown> | null => {
  const value = doc?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
};

export interface ImportOptions {
  readonly repo: string;
  readonly tag: string;
  /** Dockerfile instructions for the import's `changes`. */
  readonly changes?: readonly string[];
  /** The layer's entries; the base image's by default. */
  readonly entries?: readonly TarEntry[];
}

/** POST /images/create?fromSrc=- with a tarball of the suite's own: the image's id. */
export async function importImage(ctx: SuiteContext, log: ExchangeLog, options: ImportOptions): Promise<string> {
  const query = new URLSearchParams([
    ['fromSrc', '-'],
    ['repo', options.repo],
    ['tag', options.tag],
    ...(options.changes ?? []).map((c): [string, string] => ['changes', c]),
  ]);
  const body = options.entries === undefined ? await baseTarball() : await tarball(options.entries);
  const reply = await log.send('POST', setupPath(ctx, `/images/create?${query.toString()}`), {
    body,
    headers: { 'Content-Type': 'application/x-tar' },
    timeoutMs: 60_000,
  });
  const id = /"status":"(sha256:[0-9a-f]{64})"/.exec(reply.body)?.[1];
  log.expect(
    reply.status === 200 && id !== undefined,
    `importing ${options.repo}:${options.tag} from a tarball should answer 200 with the image id, got ${reply.status}`,
  );
  return id!;
}

/**
 * The base image, imported once per target instance and kept for the instance's life. Names are
 * fixed, never random: a run replays from its transcript, and an import under a taken tag only
 * moves the tag. Containers get no name (the daemon picks one) and are removed after each case.
 */
const BASE_IMAGE = { repo: 'ctc-base/busybox', tag: '1' } as const;

const baseImages = new WeakMap<object, Promise<string>>();

export async function baseImage(ctx: SuiteContext, log: ExchangeLog): Promise<string> {
  let image = baseImages.get(ctx.instance);
  if (image === undefined) {
    image = importImage(ctx, log, BASE_IMAGE).then(() => `${BASE_IMAGE.repo}:${BASE_IMAGE.tag}`);
    image.catch(() => baseImages.delete(ctx.instance));
    baseImages.set(ctx.instance, image);
  }
  return image;
}

export interface CreateOptions {
  readonly api: string;
  readonly image: string;
  readonly hostConfig?: Readonly<Record<string, unknown>>;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** POST /v<api>/containers/create on the network none, answering the id; a refusal is a violation. */
export async function createContainer(log: ExchangeLog, options: CreateOptions): Promise<string> {
  const body = { Image: options.image, Cmd: ['/bin/busybox', 'true'], ...options.extra, HostConfig: { NetworkMode: 'none', ...options.hostConfig } };
  const reply = await log.send('POST', at(options.api, '/containers/create'), { json: body });
  const id = parseJsonObject(reply.body)?.['Id'];
  log.expect(reply.status === 201 && typeof id === 'string', `creating a container at API ${options.api} should answer 201 with its Id, got ${reply.status}`);
  return id as string;
}

/** Removes a container the case made; its failure does not judge the rule. */
export async function removeContainer(ctx: SuiteContext, log: ExchangeLog, id: string): Promise<void> {
  await log.send('DELETE', setupPath(ctx, `/containers/${id}?force=1`), { cleanup: true }).catch(() => undefined);
}

/** Runs `body` with a fresh container, removed afterwards whatever happens. */
export async function withContainer<T>(
  ctx: SuiteContext,
  log: ExchangeLog,
  options: Omit<CreateOptions, 'image'>,
  body: (id: string) => Promise<T>,
): Promise<T> {
  const image = await baseImage(ctx, log);
  const id = await createContainer(log, { ...options, image });
  try {
    return await body(id);
  } finally {
    await removeContainer(ctx, log, id);
  }
}
