import fc from 'fast-check';
import { packTar, readTar } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, assertRunsAlike, json, sendAsk, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * Image mounts (simulator/engine/containers/image-mounts.ts): runs of a create with a generated
 * image mount (the image by tag, by another tag, by ID, one missing, none; a Subpath the image has,
 * lacks, or that leads out; read-only or not; another type's options) beside a volume or not, then
 * starts, stops, inspects, changes and HEAD, GET and PUT …/archive in and beside the mount, sent to
 * each observed release (before 28.0 the type is unknown) and to ctrd-sim emulating it, in a
 * private network namespace. Compared: each answer (the warnings, the Mounts with the layer's
 * directory as a word, a stat's size and mode, a tarball's entries, the changes sorted: Go's map
 * order) and the run's container events (sorted: a stop and its die come in either order).
 */

const NAME = 'ctc-im';
const HEADER_TIME = new Date('2021-03-04T05:06:07Z');

const imageMount = fc
  .record({
    source: fc.constantFrom('ctc-img:1', 'ctc-img:1', 'ctc-other:2', '<id>', 'nosuch:1', ''),
    target: fc.constantFrom('/img', '/mnt/i', '/etc/img'),
    subpath: fc.constantFrom('', '', 'etc', 'bin', 'nosuchdir', '../x'),
    readOnly: fc.constantFrom(undefined, true, false),
    other: fc.constantFrom(null, null, null, 'BindOptions', 'VolumeOptions'),
  })
  .map(({ source, target, subpath, readOnly, other }) => ({
    Type: 'image',
    Source: source,
    Target: target,
    ...(readOnly === undefined ? {} : { ReadOnly: readOnly }),
    ...(subpath === '' ? {} : { ImageOptions: { Subpath: subpath } }),
    ...(other === 'BindOptions' ? { BindOptions: { Propagation: 'rprivate' } } : other === 'VolumeOptions' ? { VolumeOptions: { NoCopy: true } } : {}),
  }));

const createAsk = (mounts: readonly unknown[]): Ask => ({
  method: 'POST',
  path: `/containers/create?name=${NAME}`,
  ...json(JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { NetworkMode: 'none', Init: true, Mounts: mounts } })),
});

const create = fc
  .tuple(imageMount, fc.boolean())
  .map(([mount, withVolume]) => createAsk([mount, ...(withVolume ? [{ Type: 'volume', Source: 'ctcimv', Target: '/data' }] : [])]));

const step: fc.Arbitrary<Ask> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Ask>({ method: 'POST', path: `/containers/${NAME}/start` }) },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'POST', path: `/containers/${NAME}/stop?t=5` }) },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'GET', path: `/containers/${NAME}/json` }) },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'GET', path: `/containers/${NAME}/changes` }) },
  {
    weight: 5,
    arbitrary: fc
      .tuple(fc.constantFrom('HEAD', 'GET', 'PUT'), fc.constantFrom('<mount>', '<mount>/etc', '<mount>/ctc-release', '/data', '/etc'))
      .map(([method, path]): Ask => ({ method, path: `/containers/${NAME}/archive?path=${path}` })),
  },
);

const runs = fc.tuple(create, fc.array(step, { minLength: 2, maxLength: 7 })).map(([first, steps]) => [first, ...steps, { method: 'GET', path: '/events' }]);

/** A run sure to mount an image with a Subpath, read it, refuse an upload into it and start. */
const EXERCISING_RUN: Ask[] = [
  createAsk([{ Type: 'image', Source: 'ctc-img:1', Target: '/img', ImageOptions: { Subpath: 'etc' } }]),
  { method: 'GET', path: `/containers/${NAME}/archive?path=<mount>` },
  { method: 'PUT', path: `/containers/${NAME}/archive?path=<mount>` },
  { method: 'POST', path: `/containers/${NAME}/start` },
  { method: 'GET', path: `/containers/${NAME}/json` },
  { method: 'GET', path: `/containers/${NAME}/changes` },
  { method: 'GET', path: '/events' },
];

/** An upload: one file. */
const UPLOAD = packTar([
  { name: 'ctc-up.txt', path: '/ctc-up.txt', type: 'file' as const, mode: 0o640, size: 3, linkname: '', content: Buffer.from('up\n'), mtime: HEADER_TIME },
]);

type Side = { id: string; since: string; mount: string; imageId: string };
const sides = new Map<HttpClient, Side>();
const realSides = new WeakSet<HttpClient>();
/** What the real side's runs exercised: creates with an image mount, reads of its files. */
let createdReal = 0;
let readMounted = 0;

function wordsOf(side: Side): (text: string) => string {
  return (text) =>
    text
      .replaceAll(side.imageId, '<image>')
      .replace(/\/[^\s"']*\/(overlay2\/[0-9a-f]{64}\/merged|rootfs\/overlayfs\/[0-9a-f]{64})/g, '<layer>')
      .replace(/\/[^\s"']*\/volumes\/([^/\s"']+)\/_data/g, '<root>/volumes/$1/_data')
      .replaceAll(side.id, '<id>')
      .replace(/\b[0-9a-f]{64}\b/g, '<hex>')
      .replace(/\b[0-9a-f]{12}\b/g, '<short id>');
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const side = sides.get(client)!;
  const words = wordsOf(side);
  if (ask.path === '/events') {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const reply = await client.request(
      'GET',
      `/events?since=${side.since}&until=${(Date.now() / 1000).toFixed(9)}&filters=${encodeURIComponent('{"type":["container"]}')}`,
      {
        timeoutMs: 20_000,
      },
    );
    return (
      reply.body
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => {
          const event = JSON.parse(line) as { Action: string; Actor: { Attributes: Record<string, string> } };
          return `${event.Action} ${event.Actor.Attributes['name']}`;
        })
        // The releases log a stop and its die in either order (a race): compared as a set of events.
        .sort()
    );
  }
  const path = ask.path.replace('<mount>', side.mount);
  if (ask.method === 'GET' && path.includes('/archive?')) {
    const reply = await client.stream('GET', path, { timeoutMs: 30_000 });
    const chunks: Buffer[] = [];
    for await (const chunk of reply.chunks()) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (reply.status !== 200) return [reply.status, words(bytes.toString('utf8').trim())];
    if (realSides.has(client) && ask.path.includes('<mount>')) readMounted++;
    return [reply.status, (await readTar(bytes)).map((e) => `${e.type} ${e.path} ${e.size} ${(e.mode & 0o7777).toString(8)}`)];
  }
  const body = ask.body?.replace('"<id>"', JSON.stringify(side.imageId));
  const reply =
    ask.method === 'PUT'
      ? await client.request('PUT', path, { headers: { 'Content-Type': 'application/x-tar' }, body: await UPLOAD, timeoutMs: 30_000 })
      : await sendAsk(client, { ...ask, path, ...(body === undefined ? {} : { body }) });
  const text = reply.body.trim();
  if (ask.path.startsWith('/containers/create')) {
    const given = JSON.parse(body ?? '{}') as { HostConfig: { Mounts: { Target: string }[] } };
    side.mount = given.HostConfig.Mounts[0]?.Target ?? '/img';
    if (reply.status === 201) side.id = (JSON.parse(text) as { Id: string }).Id;
    if (reply.status === 201 && realSides.has(client)) createdReal++;
    return [reply.status, reply.status === 201 ? (JSON.parse(text) as { Warnings: unknown }).Warnings : words(text)];
  }
  if (path.endsWith('/json') && reply.status === 200) {
    const document = JSON.parse(text) as { State: Record<string, unknown>; Mounts: unknown[]; HostConfig: { Mounts: unknown } };
    const mounts = document.Mounts.map((mount) => words(JSON.stringify(mount))).sort();
    return [reply.status, document.State['Status'], words(String(document.State['Error'])), mounts, words(JSON.stringify(document.HostConfig.Mounts))];
  }
  if (path.endsWith('/changes') && reply.status === 200)
    return [reply.status, ((JSON.parse(text) as { Path: string; Kind: number }[] | null) ?? []).map(({ Path, Kind }) => `${Kind} ${Path}`).sort()];
  const header = reply.headers['x-docker-container-path-stat'];
  const stat = typeof header === 'string' ? (JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { size: number; mode: number }) : null;
  return [reply.status, stat === null ? null : [stat.size, stat.mode], words(text)];
}

async function cleanUp(client: HttpClient): Promise<void> {
  const side = sides.get(client)!;
  await client.request('DELETE', `/containers/${NAME}?force=1&v=1`, { timeoutMs: 20_000 });
  await client.request('DELETE', '/volumes/ctcimv', { timeoutMs: 10_000 });
  side.id = '';
  await new Promise((resolve) => setTimeout(resolve, 3));
  side.since = (Date.now() / 1000).toFixed(9);
}

withObservedReleases('image mounts', 'ctc-imagemounts-', { isolated: true, runsContainers: true }, async (t, release, real, sim) => {
  for (const client of [real, sim]) {
    await importBusybox(client);
    await client.request('POST', '/images/ctc-img:1/tag?repo=ctc-other&tag=2', { timeoutMs: 10_000 });
    const imageId = (JSON.parse((await client.request('GET', '/images/ctc-img:1/json', { timeoutMs: 10_000 })).body) as { Id: string }).Id;
    sides.set(client, { id: '', since: '0', mount: '/img', imageId });
  }
  realSides.add(real);
  const [created, readBefore] = [createdReal, readMounted];
  await assertRunsAlike(release, [real, sim], runs, read, cleanUp, 10, [EXERCISING_RUN]);
  // A release without image mounts refuses every create (the type is unknown): nothing to read then.
  t.ok(
    createdReal === created || readMounted > readBefore,
    `the runs read an image mount's files (${readMounted - readBefore} times after ${createdReal - created} creates)`,
  );
});
