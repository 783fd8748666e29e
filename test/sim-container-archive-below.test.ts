import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { packTar, readTar } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases } from './helpers/real-versus-sim.js';

/**
 * PUT /containers/{name}/archive of entries below a file or a symlink
 * (simulator/engine/containers/entry-parent.ts): each real release and ctrd-sim emulating it get
 * the same generated upload into a fresh container, and the answer, the container's whole file
 * system as GET …/archive gives it, and its changes must be the same. The tar holds directories,
 * files and symlinks at the point, then entries of each type below names that are files
 * (the image's /etc/hostname, /bin/sh's link to a file, the tar's own), links (to directories,
 * files, the point, its parent, absolute, relative, leading out by "..", through another link, to
 * themselves, to nothing) or nothing. Below a link that names nothing 20.10.24 fails the create
 * (500), 26.1.5 answers 404 "Could not find the file <path> in container …" (moby's os.IsNotExist
 * of the extraction's error), 28.5.2 and 29.7.2 make its target's directories, as they do for the
 * links that leave the point (absolute ones, resolved at the point).
 * The entries at the point come first: a directory made for an entry below a name is never then
 * replaced by a file or link of that name, which ctrd-sim does not model (501).
 */

const HEADER_TIME = new Date('2021-03-04T05:06:07Z');
const PAST = Date.parse('2025-01-01T00:00:00Z');

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  return {};
}

type Made = { readonly type: 'file' | 'directory' | 'symlink'; readonly name: string; readonly link: string };

const LINK_TARGETS = [
  '/etc',
  '/etc/hostname',
  '/',
  '.',
  '..',
  '../etc',
  '../../etc',
  '../../../etc',
  '../etc/hostname',
  '/bin/../etc',
  '/bin/sh',
  'nowhere',
  '/nowhere',
];
const ANCHORS: readonly Made[] = [
  { type: 'directory', name: 'd1', link: '' },
  { type: 'file', name: 'f1', link: '' },
];
/** A name of each type below others: leaves that no other entry or the image has, so that no entry changes another's type. */
const LEAVES = { file: 'x', directory: 'xd', symlink: 'xl' } as const;

const anchor: fc.Arbitrary<Made> = fc.oneof(
  fc.constantFrom(...ANCHORS),
  // Each link may lead to itself (a loop), or through /bin/sh to a file (a chain).
  fc
    .tuple(fc.constantFrom('l1', 'l2'), fc.constantFrom(...LINK_TARGETS, 'self'))
    .map(([name, link]): Made => ({ type: 'symlink', name, link: link === 'self' ? name : link })),
);
const belowOne: fc.Arbitrary<Made> = fc
  .record({
    parent: fc.constantFrom('hostname', 'sh', 'f1', 'd1', 'l1', 'l2', 'l1/l2', 'nothing'),
    middle: fc.constantFrom('', '', 'a/'),
    type: fc.constantFrom('file' as const, 'directory' as const, 'symlink' as const),
    link: fc.constantFrom('y', '../../etc', '/etc'),
  })
  .map(({ parent, middle, type, link }) => ({ type, name: `${parent}/${middle}${LEAVES[type]}`, link: type === 'symlink' ? link : '' }));

/** A tarball of the entries. */
const tarOf = (entries: readonly Made[]): Promise<Buffer> =>
  packTar(
    entries.map((e) => ({
      name: e.type === 'directory' ? `${e.name}/` : e.name,
      path: `/${e.name}`,
      type: e.type,
      size: e.type === 'file' ? 6 : 0,
      mode: e.type === 'symlink' ? 0o777 : e.type === 'directory' ? 0o750 : 0o640,
      mtime: HEADER_TIME,
      linkname: e.link,
      content: e.type === 'file' ? Buffer.from('hello\n') : Buffer.alloc(0),
    })),
  );

/** An upload into a fresh container: its body names the point and the entries (readable in a counterexample). */
const upload: fc.Arbitrary<Ask> = fc
  .record({
    target: fc.constantFrom('/', '/etc', '/bin'),
    anchors: fc.array(anchor, { maxLength: 3 }),
    below: fc.array(belowOne, { minLength: 1, maxLength: 4 }),
  })
  .map(({ target, anchors, below }) => ({ method: 'PUT', path: '/below', body: JSON.stringify({ target, entries: [...anchors, ...below] }) }));

/** The container's whole file system as its archive gives it. */
async function fileSystem(client: HttpClient, container: string): Promise<string[]> {
  const reply = await client.stream('GET', `/containers/${container}/archive?path=/`, { timeoutMs: 60_000 });
  const chunks: Buffer[] = [];
  for await (const chunk of reply.chunks()) chunks.push(chunk);
  if (reply.status !== 200) return [`${reply.status}`];
  return (await readTar(Buffer.concat(chunks))).map((e) => {
    const time = e.mtime.getTime() < PAST ? e.mtime.toISOString() : 'now';
    const sum = createHash('sha256').update(e.content).digest('hex').slice(0, 12);
    return `${e.type} ${e.path} ${e.size} ${e.mode.toString(8)} ${e.linkname} ${sum} ${time}`;
  });
}

const made = new WeakMap<HttpClient, number>();

/** A fresh container, the upload into it: the answer (the container's name made alike), its files, its changes. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const n = (made.get(client) ?? 0) + 1;
  made.set(client, n);
  const name = `ctc-below-${n}`;
  const config = JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } });
  await sendOk(client, 'POST', `/containers/create?name=${name}`, config);
  const { target, entries } = JSON.parse(ask.body ?? '{}') as { target: string; entries: Made[] };
  const path = `/containers/${name}/archive?path=${encodeURIComponent(target)}`;
  const reply = await client.request('PUT', path, { headers: { 'Content-Type': 'application/x-tar' }, body: await tarOf(entries), timeoutMs: 30_000 });
  const answer = [reply.status, reply.body.trim() === '' ? '' : (JSON.parse(reply.body) as { message: string }).message.replaceAll(name, '<c>')];
  const changes = (JSON.parse(await sendOk(client, 'GET', `/containers/${name}/changes`)) as { Path: string; Kind: number }[] | null) ?? [];
  return [answer, await fileSystem(client, name), changes.sort((a, b) => (a.Path < b.Path ? -1 : 1))];
}

checkAgainstObservedReleases('uploads below files and symlinks', 'ctc-below-', upload, 40, { setup, read });
