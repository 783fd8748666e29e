import type { HttpClient } from '../../suites/http/client.js';
import { HttpClientError } from '../../suites/http/errors.js';
import { type Ask, json, withPlaceholders } from './real-versus-sim.js';
import { ustar, type UstarEntry } from './ustar.js';

/**
 * The exchanges of the plugin-create tests (test/sim-plugin-create.test.ts): the requests that
 * make plugins, how an answer is read on either side, and the plugins both sides are given first.
 */

const TAR = 'application/x-tar';

/** POST /plugins/create of an archive (its bytes carried as latin1 text; `answer` sends them back as bytes). */
export const create = (name: string | null, archive: readonly UstarEntry[] | Buffer): Ask => ({
  method: 'POST',
  path: name === null ? '/plugins/create' : `/plugins/create?name=${encodeURIComponent(name)}`,
  type: TAR,
  body: (Buffer.isBuffer(archive) ? archive : ustar(archive)).toString('latin1'),
});
export const configFile = (text: string): UstarEntry => ({ name: 'config.json', type: 'file', content: text });
/** A rootfs of one file, whose content makes the blob apart from another's. */
export const rootfsOf = (content: string): UstarEntry[] => [
  { name: 'rootfs/', type: 'directory' },
  { name: 'rootfs/f', type: 'file', content },
];
export const plugin = (name: string, config: string, content = name): Ask => create(name, [configFile(config), ...rootfsOf(content)]);
export const set = (name: string, settings: readonly string[]): Ask => ({ method: 'POST', path: `/plugins/${name}/set`, ...json(JSON.stringify(settings)) });

/** Per side, the IDs and digests met so far, named in the order met: the sides agree when the same ones recur at the same places. */
const met = new WeakMap<HttpClient, Map<string, string>>();

function numbered(client: HttpClient, text: string): string {
  const names = met.get(client) ?? new Map<string, string>();
  met.set(client, names);
  const name = (value: string, kind: string): string => {
    if (!names.has(value)) names.set(value, `{${kind}-${names.size + 1}}`);
    return names.get(value)!;
  };
  return text.replace(/sha256:[0-9a-f]{64}/g, (digest) => name(digest, 'digest')).replace(/(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/g, (id) => name(id, 'id'));
}

/** A plugin document without what names the build: its DockerVersion (before 29.0). */
function withoutBuild(document: unknown): unknown {
  const config = (document as { Config?: Record<string, unknown> }).Config;
  if (config === undefined || !('DockerVersion' in config)) return document;
  return { ...(document as object), Config: { ...config, DockerVersion: '<build>' } };
}

/** Orders a list by name: moby keeps its plugins in a Go map. */
const byName = (a: unknown, b: unknown): number => String((a as { Name?: unknown }).Name).localeCompare(String((b as { Name?: unknown }).Name));

/**
 * The status and message of an answer (a dropped connection: 0), a document as JSON with its
 * build left out and a list ordered; then the side's values the request named as their
 * placeholders, and the IDs and digests numbered as they were met.
 */
export async function answer(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>> = {}): Promise<[number, string]> {
  let reply: Awaited<ReturnType<HttpClient['request']>>;
  try {
    reply = await client.request(ask.method, ask.path, {
      headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
      ...(ask.body === undefined ? {} : { body: ask.type === TAR ? Buffer.from(ask.body, 'latin1') : ask.body }),
      timeoutMs: 20_000,
    });
  } catch (error) {
    if (error instanceof HttpClientError && error.code === 'HTTP_CONNECTION') return [0, 'connection dropped'];
    throw error;
  }
  let message = reply.body.trim();
  try {
    const parsed = JSON.parse(reply.body) as unknown;
    if (Array.isArray(parsed)) message = JSON.stringify(parsed.sort(byName).map(withoutBuild));
    else if (typeof (parsed as { message?: unknown })?.message === 'string') message = (parsed as { message: string }).message;
    else message = JSON.stringify(withoutBuild(parsed));
  } catch {}
  return [reply.status, numbered(client, withPlaceholders(message, values))];
}

/** A config whose every part `set` may change, and mounts and devices without source or path (enable refuses it before it runs anything). */
const FULL_CONFIG = JSON.stringify({
  Description: 'full',
  Interface: { Types: ['docker.volumedriver/1.0', 'docker.authz/1.0'], Socket: 's.sock' },
  Env: [
    { Name: 'E1', Value: 'v1', Settable: ['value'] },
    { Name: 'E2', Settable: ['value'] },
    { Name: 'E3', Value: 'x', Settable: [] },
    { Name: 'E5', Value: 'x', Settable: ['value', 'path'] },
  ],
  Args: { Name: 'args', Settable: ['value'], Value: ['a', 'b'] },
  Mounts: [
    { Name: 'm1', Source: '/src', Destination: '/dst', Type: 'bind', Options: ['rbind'], Settable: ['source'] },
    { Name: 'm2', Destination: '/d2', Settable: ['source'] },
  ],
  Linux: {
    Devices: [
      { Name: 'd1', Path: '/dev/null', Settable: ['path'] },
      { Name: 'd2', Settable: ['path'] },
    ],
    Capabilities: ['CAP_SYS_ADMIN'],
  },
  Network: { Type: 'host' },
  User: { UID: 1, GID: 2 },
  Entrypoint: ['/ctc-none'],
});
/** A device without path and no mount: enable's InitSpec dereferences the nil path (moby's handler panics). */
const NO_DEVICE_PATH_CONFIG = JSON.stringify({ Linux: { Devices: [{ Name: 'd', Settable: ['path'] }] }, Entrypoint: ['/ctc-none'] });

/** The setup's plugins, made alike on both sides; their IDs and 12-digit prefixes as placeholders. */
export async function setup(client: HttpClient): Promise<Record<string, string>> {
  const made: Record<string, string> = {};
  for (const [name, config] of [
    ['ctc-full', FULL_CONFIG],
    ['ctc-nodevpath', NO_DEVICE_PATH_CONFIG],
    ['ctc-bare', '{"Interface":{"Types":["docker.volumedriver/1.0"]}}'],
  ] as const) {
    const [status] = await answer(client, plugin(name, config));
    if (status !== 204) throw new Error(`the setup's create of ${name} answered ${status}`);
    const id = (JSON.parse((await client.request('GET', `/plugins/${name}/json`)).body) as { Id: string }).Id;
    const key = name.slice('ctc-'.length);
    made[`{${key}-id}`] = id;
    made[`{${key}-id12}`] = id.slice(0, 12);
  }
  return made;
}
