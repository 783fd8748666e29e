import {
  chownSync,
  linkSync,
  lstatSync,
  lutimesSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import fc from 'fast-check';
import { packTar, readTar } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * Copies to and from a container with volumes and binds (simulator/engine/containers/archive-mounts.ts):
 * a fresh container gets generated volumes (anonymous, named by Mounts or Binds, read-only or not,
 * beside a tmpfs) and binds of a host directory (each side its own) at destinations the image has
 * (a create copies what is there into the volume), lacks, or lacks the parents of, then one to
 * three HEAD, GET and PUT …/archive of paths in, beside, above and away from them (an upload's
 * entries never reach a mount below its point), each real release and ctrd-sim emulating it alike.
 * Compared: each answer (status, message, the stat's name, size and mode, a tarball's entries with
 * their owners, owner names and links), then the container's changes (the mount points each copy
 * makes), the volume and container events of the copies (mount and unmount per volume, which the
 * releases give in Go's map order: sorted), and what the binds' sources on the host hold after them.
 */

const PAST = Date.parse('2025-01-01T00:00:00Z');
const HEADER_TIME = new Date('2021-03-04T05:06:07Z');

/** Destinations the image has (/etc, /tmp), lacks (/data), or lacks the parents of. */
const DESTINATIONS = ['/data', '/etc/vol', '/usr/sbin/newdir/deep', '/tmp/v', '/bin/newv', '/etc', '/home/a/b'];
const PATHS = [
  '/',
  '/etc',
  '/etc/',
  '/etc/hostname',
  '/etc/passwd',
  '/etc/vol',
  '/bin',
  '/usr',
  '/usr/sbin',
  '/usr/sbin/newdir/deep',
  '/tmp',
  '/tmp/v',
  '/home',
  '/home/a',
  '/data',
  '/nonexistent',
  '/bin/sh',
];

/** A volume (anonymous, or named by Mounts or Binds) or a bind of a host directory (`host`). */
type Volume = { readonly how: 'anonymous' | 'mounts' | 'binds' | 'host'; readonly name: string; readonly destination: string; readonly readOnly: boolean };
type Copy = { readonly method: 'HEAD' | 'GET' | 'PUT'; readonly path: string };

const within = (path: string, top: string): boolean => path === top || path.startsWith(top === '/' ? '/' : `${top}/`);

const scenario = fc
  .record({
    volumes: fc.uniqueArray(
      fc.record({
        how: fc.constantFrom('anonymous' as const, 'mounts' as const, 'binds' as const, 'host' as const),
        name: fc.constantFrom('ctcva', 'ctcvb'),
        destination: fc.constantFrom(...DESTINATIONS),
        readOnly: fc.boolean(),
      }),
      { minLength: 1, maxLength: 3, selector: (volume) => volume.destination },
    ),
    tmpfs: fc.boolean(),
    copies: fc.array(fc.record({ method: fc.constantFrom('HEAD' as const, 'GET' as const, 'PUT' as const), path: fc.constantFrom(...PATHS) }), {
      minLength: 1,
      maxLength: 3,
    }),
  })
  .map(({ volumes, tmpfs, copies }) => {
    // A name mounted twice is one volume at two places: kept apart.
    const named = volumes.map((volume, i): Volume => ({ ...volume, name: `${volume.name}${i}`, readOnly: volume.how !== 'anonymous' && volume.readOnly }));
    const destinations = named.map((volume) => volume.destination);
    // A volume inside another has its mount point made in that one, whose contents ctrd-sim does not model (501).
    if (destinations.some((inner) => destinations.some((outer) => outer !== inner && within(inner, outer)))) return null;
    return { volumes: named, tmpfs: tmpfs && !destinations.includes('/m'), copies };
  })
  .filter((s): s is NonNullable<typeof s> => s !== null);

const requests: fc.Arbitrary<Ask> = scenario.map((s) => ({ method: 'POST', path: '/scenario', body: JSON.stringify(s) }));

function createBody(volumes: readonly Volume[], tmpfs: boolean, hostDir: string): string {
  const anonymous = volumes.filter((volume) => volume.how === 'anonymous');
  const mounts = volumes
    .filter((volume) => volume.how === 'mounts')
    .map((volume) => ({ Type: 'volume', Source: volume.name, Target: volume.destination, ...(volume.readOnly ? { ReadOnly: true } : {}) }));
  const binds = volumes
    .filter((volume) => volume.how === 'binds' || volume.how === 'host')
    .map((volume) => `${volume.how === 'host' ? `${hostDir}/${volume.name}` : volume.name}:${volume.destination}${volume.readOnly ? ':ro' : ''}`);
  return JSON.stringify({
    Image: 'ctc-img:1',
    Cmd: ['/bin/busybox', 'true'],
    ...(anonymous.length === 0 ? {} : { Volumes: Object.fromEntries(anonymous.map((volume) => [volume.destination, {}])) }),
    HostConfig: {
      NetworkMode: 'none',
      Mounts: [...mounts, ...(tmpfs ? [{ Type: 'tmpfs', Target: '/m' }] : [])],
      ...(binds.length === 0 ? {} : { Binds: binds }),
    },
  });
}

/** What an upload writes: a file, a directory with a file and a symbolic link to the file, none of a volume's names. */
const UPLOAD = packTar(
  [
    { name: 'ctc-up.txt', type: 'file' as const, mode: 0o640, content: Buffer.from('hello\n') },
    { name: 'ctc-d/', type: 'directory' as const, mode: 0o750, content: Buffer.alloc(0) },
    { name: 'ctc-d/f', type: 'file' as const, mode: 0o600, content: Buffer.from('x') },
    { name: 'ctc-ln', type: 'symlink' as const, mode: 0o777, content: Buffer.alloc(0), linkname: 'ctc-up.txt' },
  ].map((e) => ({ linkname: '', ...e, path: `/${e.name}`, size: e.content.length, mtime: HEADER_TIME })),
);

/** Each header's owner and group names (uname, gname), as written: 20.10 looks them up on its host. */
function ownerNames(tar: Buffer): string[] {
  const names: string[] = [];
  const text = (from: number, to: number): string => tar.toString('latin1', from, to).replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const size = Number.parseInt(text(at + 124, at + 136).trim() || '0', 8);
    if (!'xgLK'.includes(String.fromCharCode(tar[at + 156]!))) names.push(`${text(at + 265, at + 297)}:${text(at + 297, at + 329)}`);
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

const timeOf = (date: Date): string => (date.getTime() < PAST ? date.toISOString() : 'now');

/** One copy's answer: status, message, the stat's name, size and mode, a tarball's entries. */
async function copied(client: HttpClient, container: string, copy: Copy): Promise<unknown> {
  const path = `/containers/${container}/archive?path=${encodeURIComponent(copy.path)}`;
  let status: number;
  let header: unknown;
  let body: string | string[];
  if (copy.method === 'GET') {
    const reply = await client.stream('GET', path, { timeoutMs: 30_000 });
    const chunks: Buffer[] = [];
    for await (const chunk of reply.chunks()) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    status = reply.status;
    header = reply.headers['x-docker-container-path-stat'];
    body =
      status === 200
        ? [
            ...(await readTar(bytes)).map(
              (e) => `${e.type} ${e.path} ${e.size} ${e.mode.toString(8)} ${e.uid ?? 0}:${e.gid ?? 0} ${e.linkname} ${timeOf(e.mtime)}`,
            ),
            `owner names ${ownerNames(bytes).join(' ')}`,
          ]
        : bytes.toString('utf8').trim().replaceAll(container, '<c>');
  } else {
    const reply =
      copy.method === 'PUT'
        ? await client.request('PUT', path, { headers: { 'Content-Type': 'application/x-tar' }, body: await UPLOAD, timeoutMs: 30_000 })
        : await client.request('HEAD', path, { timeoutMs: 30_000 });
    status = reply.status;
    header = reply.headers['x-docker-container-path-stat'];
    body = reply.body.trim().replaceAll(container, '<c>');
  }
  const stat = typeof header === 'string' ? (JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { name: string; size: number; mode: number }) : null;
  return [copy.method, copy.path, status, stat === null ? null : [stat.name, stat.size, stat.mode], body];
}

/**
 * A bind's source on the host: a file, a directory with a file of another owner, a symbolic and a
 * hard link, each of the headers' time.
 */
function hostSource(dir: string): void {
  mkdirSync(`${dir}/hd`, { recursive: true, mode: 0o750 });
  writeFileSync(`${dir}/hf.txt`, 'host\n', { mode: 0o644 });
  writeFileSync(`${dir}/hd/x`, 'x', { mode: 0o600 });
  chownSync(`${dir}/hd/x`, 1234, 5678);
  symlinkSync('hf.txt', `${dir}/hl`);
  linkSync(`${dir}/hf.txt`, `${dir}/hh`);
  for (const path of ['hf.txt', 'hd/x', 'hd', '.']) utimesSync(`${dir}/${path}`, HEADER_TIME, HEADER_TIME);
  lutimesSync(`${dir}/hl`, HEADER_TIME, HEADER_TIME);
}

/** What the binds' sources hold after the copies (an upload writes there): each entry's type, path, size, mode, owner, link and time. */
function hostListing(dir: string): string[] {
  const listed: string[] = [];
  const walk = (relative: string): void => {
    const path = `${dir}${relative}`;
    const stat = lstatSync(path);
    const type = stat.isDirectory() ? 'dir' : stat.isSymbolicLink() ? `link ${readlinkSync(path)}` : `file ${stat.size} nlink ${stat.nlink}`;
    listed.push(`${relative || '/'} ${type} ${(stat.mode & 0o7777).toString(8)} ${stat.uid}:${stat.gid} ${timeOf(stat.mtime)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path).sort()) walk(`${relative}/${name}`);
  };
  walk('');
  return listed;
}

const made = new WeakMap<HttpClient, number>();

/** A fresh container with the volumes, the copies: their answers, the container's changes, the copies' events. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const n = (made.get(client) ?? 0) + 1;
  made.set(client, n);
  const name = `ctc-amnt-${n}`;
  const { volumes, tmpfs, copies } = JSON.parse(ask.body ?? '{}') as { volumes: Volume[]; tmpfs: boolean; copies: Copy[] };
  const since = Math.floor(Date.now() / 1000) - 1;
  // Each side's binds name host directories of their own, as the host has them.
  const hostDir = mkdtempSync('/tmp/ctc-amnt-host-');
  for (const volume of volumes.filter((v) => v.how === 'host')) hostSource(`${hostDir}/${volume.name}`);
  const created = JSON.parse(await sendOk(client, 'POST', `/containers/create?name=${name}`, createBody(volumes, tmpfs, hostDir))) as { Id: string };
  const answers = [];
  for (const copy of copies) answers.push(await copied(client, name, copy));
  const changes = (JSON.parse(await sendOk(client, 'GET', `/containers/${name}/changes`)) as { Path: string; Kind: number }[] | null) ?? [];
  // Up to a moment from now (seconds with a fraction): a whole second ahead would keep the stream open until then.
  const until = ((Date.now() + 10) / 1000).toFixed(3);
  const events = (await sendOk(client, 'GET', `/events?since=${since}&until=${until}`))
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as { Type: string; Action: string; Actor: { ID: string; Attributes: Record<string, string> } })
    .filter((event) => (event.Actor.ID === created.Id || event.Actor.Attributes['container'] === created.Id) && event.Action !== 'create')
    .map((event) => JSON.stringify([event.Type, event.Action, event.Actor.Attributes['destination'] ?? '', event.Actor.Attributes['read/write'] ?? '']))
    .sort();
  await client.request('DELETE', `/containers/${name}?v=1`, { timeoutMs: 10_000 });
  const onHost = hostListing(hostDir);
  rmSync(hostDir, { recursive: true, force: true });
  return [answers, changes.map((change) => `${change.Kind} ${change.Path}`).sort(), events, onHost];
}

checkAgainstObservedReleases('copies to and from a container with volumes and binds', 'ctc-amnt-', requests, 40, {
  setup: async (client) => {
    await importBusybox(client);
    return {};
  },
  read,
});
