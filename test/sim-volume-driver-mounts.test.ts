import { existsSync, lstatSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { packTar, readTar } from '../simulator/engine/objects/index.js';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, assertRunsAlike, json, sendAsk, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * Local volumes whose driver mounts a file system (simulator/engine/containers/volume-mounts.ts,
 * engine/volumes/mount-syscall.ts): runs that make a volume with generated options (a tmpfs with
 * size, mode, owner, inode and flag options, some of which the kernel refuses; a bind of a host
 * directory, full, empty, missing or a file, read-only or not; a file system the kernel lacks; no
 * device), by `POST /volumes/create` or a create's Mounts, then creates of containers mounting it
 * where the image has a directory (a create fills it; that container is never started) or nothing,
 * starts, stops, kills, and HEAD,
 * GET and PUT …/archive of the volume, sent to each observed release and to ctrd-sim emulating it,
 * in a private network namespace. Compared: each answer (the stat's size and mode, a tarball's
 * entries, the errors with the volume's directory as a word), the containers' state, what the
 * host directories hold after the run, and the run's container and volume events (mount and
 * unmount stretches sorted: Go's map order). Each side binds its own host directories.
 */

const CONTAINERS = ['ctc-vm-a', 'ctc-vm-b'];
const VOLUME = 'ctcvm1';
/** The host directory a side's volumes bind: `<host>` in the generated requests. */
const HOST = { real: '/tmp/ctc-vm-real', sim: '/tmp/ctc-vm-sim' } as const;
const HEADER_TIME = new Date('2021-03-04T05:06:07Z');
/** Whether this host's kernel may load a file system's module (then a type it lacks is not known to be ENODEV). */
const LOADS_MODULES = existsSync('/proc/sys/kernel/modprobe');

/** tmpfs options, the kernel's and moby/sys/mount's, some refused (EINVAL). Sizes stay far above what an upload writes. */
const TMPFS_OPTIONS = [
  'size=1m',
  'size=0x200000',
  'size=2M',
  'nr_blocks=512',
  'nr_inodes=1k',
  'mode=0750',
  'mode=1777',
  'mode=700',
  'uid=1000',
  'gid=2000',
  'uid=0x10',
  'nosuid',
  'nodev',
  'noexec',
  'rprivate',
  'ro',
  'bogus=1',
  'size=abc',
  'mode=999',
  'uid=x',
  'size',
  'defaults',
];
const BIND_OPTIONS = ['bind', 'rbind', 'bind,ro', 'bind,rprivate', 'rbind,nosuid'];

const options: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.record({
    type: fc.constant('tmpfs'),
    device: fc.constantFrom('tmpfs', 'ctc'),
    o: fc.uniqueArray(fc.constantFrom(...TMPFS_OPTIONS), { maxLength: 3 }).map((chosen) => chosen.join(',')),
  }),
  fc.record({
    type: fc.constantFrom('none', 'tmpfs'),
    device: fc.constantFrom('<host>/full', '<host>/full', '<host>/empty', '<host>/empty', '<host>/missing', '<host>/file'),
    o: fc.constantFrom(...BIND_OPTIONS),
  }),
  // A file system the kernel lacks is ENODEV only on a kernel that loads no modules (ctrd-sim answers 501 where one might be loaded).
  fc.constantFrom(...(LOADS_MODULES ? [] : [{ type: 'ctcnofs', device: 'x' }]), { type: 'tmpfs', device: '' }),
);

/** The volume's own create, or a create's Mounts making it with the options. */
const volumeStep = fc
  .tuple(options, fc.boolean())
  .map(([driverOptions, byMounts]): { readonly ask: Ask; readonly mountsOptions: Record<string, string> | null } => {
    if (byMounts) return { ask: { method: 'GET', path: '/version' }, mountsOptions: driverOptions };
    return {
      ask: { method: 'POST', path: '/volumes/create', ...json(JSON.stringify({ Name: VOLUME, DriverOpts: driverOptions })) },
      mountsOptions: null,
    };
  });

const container = fc.constantFrom(...CONTAINERS);

/** A create of `name` mounting the volume at `destination`: by Binds, or by Mounts with the driver's options. */
function createAsk(name: string, destination: string, mountsOptions: Record<string, string> | null, volume = VOLUME): Ask {
  const mount =
    mountsOptions === null
      ? { Binds: [`${volume}:${destination}`] }
      : { Mounts: [{ Type: 'volume', Source: volume, Target: destination, VolumeOptions: { DriverConfig: { Name: 'local', Options: mountsOptions } } }] };
  return {
    method: 'POST',
    path: `/containers/create?name=${name}`,
    ...json(JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'sleep', '1000'], HostConfig: { NetworkMode: 'none', Init: true, ...mount } })),
  };
}

function steps(mountsOptions: Record<string, string> | null): fc.Arbitrary<Ask[]> {
  // Only ctc-vm-b mounts the volume over the image's /etc (a create fills it), and it never starts: runc would make
  // the network files' mount points in a tmpfs there, which ctrd-sim does not make.
  const create = fc
    .oneof(fc.tuple(fc.constant('ctc-vm-a'), fc.constantFrom('/v', '/tmp')), fc.tuple(fc.constant('ctc-vm-b'), fc.constantFrom('/etc', '/v')))
    .map(([name, destination]) => createAsk(name, destination, mountsOptions));
  const copies = ['HEAD', 'GET', 'PUT'];
  const step: fc.Arbitrary<Ask> = fc.oneof(
    { weight: 3, arbitrary: create },
    { weight: 3, arbitrary: fc.constant<Ask>({ method: 'POST', path: '/containers/ctc-vm-a/start' }) },
    { weight: 2, arbitrary: fc.constantFrom('kill', 'stop?t=5').map((action): Ask => ({ method: 'POST', path: `/containers/ctc-vm-a/${action}` })) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(container, fc.constantFrom(...copies), fc.constantFrom('', '/ctc-up.txt', '/hostfile'))
        .map(([name, method, below]): Ask => ({ method, path: `/containers/${name}/archive?path=<volume>${below}` })),
    },
    { weight: 1, arbitrary: container.map((name): Ask => ({ method: 'GET', path: `/containers/${name}/json` })) },
  );
  return fc.array(step, { minLength: 2, maxLength: 7 });
}

const runs: fc.Arbitrary<Ask[]> = volumeStep.chain(({ ask, mountsOptions }) =>
  steps(mountsOptions).map((chosen): Ask[] => [ask, ...chosen, { method: 'GET', path: '<host>' }, { method: 'GET', path: '/events' }]),
);

/** A run sure to exercise each part: a tmpfs made, filled and emptied, a bind filled at create, failed mounts at a copy, a start and a create. */
const EXERCISING_RUN: Ask[] = [
  {
    method: 'POST',
    path: '/volumes/create',
    ...json(JSON.stringify({ Name: VOLUME, DriverOpts: { type: 'tmpfs', device: 'tmpfs', o: 'size=1m,mode=0750,uid=1000' } })),
  },
  createAsk('ctc-vm-a', '/v', null),
  { method: 'POST', path: '/containers/ctc-vm-a/start' },
  { method: 'PUT', path: '/containers/ctc-vm-a/archive?path=<volume>' },
  { method: 'HEAD', path: '/containers/ctc-vm-a/archive?path=<volume>' },
  { method: 'POST', path: '/containers/ctc-vm-a/stop?t=5' },
  { method: 'GET', path: '/containers/ctc-vm-a/archive?path=<volume>' },
  { method: 'GET', path: '/events' },
];
const EXERCISING_BIND: Ask[] = [
  createAsk('ctc-vm-b', '/etc', { type: 'none', device: '<host>/empty', o: 'bind' }),
  { method: 'PUT', path: '/containers/ctc-vm-b/archive?path=<volume>' },
  { method: 'GET', path: '<host>' },
  { method: 'POST', path: '/volumes/create', ...json(JSON.stringify({ Name: 'ctcvm2', DriverOpts: { type: 'tmpfs', device: 'tmpfs', o: 'bogus=1' } })) },
  createAsk('ctc-vm-a', '/v', null, 'ctcvm2'),
  { method: 'HEAD', path: '/containers/ctc-vm-a/archive?path=/v' },
  { method: 'POST', path: '/containers/ctc-vm-a/start' },
  { method: 'GET', path: '/events' },
];

type Side = { readonly host: string; since: string; destinations: Map<string, string> };
const sides = new Map<HttpClient, Side>();
/** What the real side's runs exercised: mounts, failed mounts, files written into a mounted volume, a host directory filled. */
const seen = { mounted: 0, failed: 0, written: 0, filled: 0 };

/** What an upload writes: a file and a directory with a file. */
const UPLOAD = packTar(
  [
    { name: 'ctc-up.txt', type: 'file' as const, mode: 0o640, content: Buffer.from('hello\n') },
    { name: 'ctc-d/', type: 'directory' as const, mode: 0o750, content: Buffer.alloc(0) },
    { name: 'ctc-d/f', type: 'file' as const, mode: 0o600, content: Buffer.from('x') },
  ].map((e) => ({ linkname: '', ...e, path: `/${e.name}`, size: e.content.length, mtime: HEADER_TIME })),
);

/** The side's words: its host directory, the volumes' directories in its data root, container IDs. */
function wordsOf(side: Side): (text: string) => string {
  return (text) =>
    text
      .replaceAll(side.host, '<host>')
      .replace(/\/[^\s'"]*\/volumes\/([^/\s'"]+)\/_data/g, '<root>/volumes/$1/_data')
      .replace(/\b[0-9a-f]{64}\b/g, '<id>')
      .replace(/\b[0-9a-f]{12}\b/g, '<short id>');
}

type Event = { Type: string; Action: string; Actor: { ID: string; Attributes: Record<string, string> } };

/** The run's container and volume events, IDs as words, each stretch of volume events of one action sorted. */
async function runEvents(client: HttpClient, side: Side): Promise<string[]> {
  await new Promise((resolve) => setTimeout(resolve, 400));
  const until = (Date.now() / 1000).toFixed(9);
  const reply = await client.request('GET', `/events?since=${side.since}&until=${until}`, { timeoutMs: 20_000 });
  const words = wordsOf(side);
  const events = reply.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Event)
    .filter((event) => ['container', 'volume'].includes(event.Type));
  const stretches: string[][] = [];
  for (const [at, event] of events.entries()) {
    const { execDuration: _ran, image: _image, name, ...attributes } = event.Actor.Attributes;
    const actor = event.Type === 'container' ? `<container ${name}>` : event.Actor.ID;
    const text = words(`${event.Type} ${event.Action} ${actor} ${JSON.stringify(Object.entries(attributes).sort())}`);
    const previous = at > 0 ? events[at - 1]! : undefined;
    if (previous !== undefined && previous.Type === 'volume' && event.Type === 'volume' && previous.Action === event.Action) stretches.at(-1)!.push(text);
    else stretches.push([text]);
  }
  return stretches.flatMap((stretch) => stretch.sort());
}

/** What the side's host directories hold: each entry's path, type, size, mode and owner. */
function hostListing(dir: string): string[] {
  const listed: string[] = [];
  const walk = (relative: string): void => {
    const stat = lstatSync(`${dir}${relative}`);
    listed.push(`${relative || '/'} ${stat.isDirectory() ? 'dir' : `file ${stat.size}`} ${(stat.mode & 0o7777).toString(8)} ${stat.uid}:${stat.gid}`);
    if (stat.isDirectory()) for (const name of readdirSync(`${dir}${relative}`).sort()) walk(`${relative}/${name}`);
  };
  walk('');
  return listed;
}

async function copy(client: HttpClient, side: Side, ask: Ask): Promise<unknown> {
  const name = /\/containers\/([^/]+)\//.exec(ask.path)![1]!;
  const path = ask.path.replace('<volume>', side.destinations.get(name) ?? '/v');
  const words = wordsOf(side);
  if (ask.method === 'GET') {
    const reply = await client.stream('GET', path, { timeoutMs: 30_000 });
    const chunks: Buffer[] = [];
    for await (const chunk of reply.chunks()) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (reply.status !== 200) return [reply.status, words(bytes.toString('utf8').trim())];
    return [reply.status, (await readTar(bytes)).map((e) => `${e.type} ${e.path} ${e.size} ${e.mode.toString(8)} ${e.uid ?? 0}:${e.gid ?? 0}`)];
  }
  const reply =
    ask.method === 'PUT'
      ? await client.request('PUT', path, { headers: { 'Content-Type': 'application/x-tar' }, body: await UPLOAD, timeoutMs: 30_000 })
      : await client.request('HEAD', path, { timeoutMs: 30_000 });
  const header = reply.headers['x-docker-container-path-stat'];
  const stat = typeof header === 'string' ? (JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as { name: string; size: number; mode: number }) : null;
  return [reply.status, stat === null ? null : [stat.name, stat.size, stat.mode], words(reply.body.trim())];
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const side = sides.get(client)!;
  const real = side.host === HOST.real;
  if (ask.path === '/events') {
    const events = await runEvents(client, side);
    if (real) seen.mounted += events.filter((event) => event.startsWith('volume mount ')).length;
    return events;
  }
  if (ask.path === '<host>') {
    const listed = hostListing(side.host);
    if (real) seen.filled += listed.filter((line) => line.startsWith('/empty/')).length;
    return listed;
  }
  if (ask.path.includes('/archive?')) {
    const answer = await copy(client, side, ask);
    if (real && JSON.stringify(answer).includes('error while mounting volume')) seen.failed++;
    if (real && ask.method === 'PUT' && (answer as unknown[])[0] === 200) seen.written++;
    return answer;
  }
  const body = ask.body?.replaceAll('<host>', side.host);
  const reply = await sendAsk(client, { ...ask, ...(body === undefined ? {} : { body }) });
  const text = reply.body.trim();
  const words = wordsOf(side);
  if (ask.path.startsWith('/containers/create') && reply.status === 201) {
    const created = JSON.parse(body ?? '{}') as { HostConfig: { Binds?: string[]; Mounts?: { Target: string }[] } };
    side.destinations.set(/name=([^&]+)/.exec(ask.path)![1]!, created.HostConfig.Binds?.[0]?.split(':')[1] ?? created.HostConfig.Mounts?.[0]?.Target ?? '/v');
  }
  if (reply.status >= 400) {
    if (real && text.includes('error while mounting volume')) seen.failed++;
    return [reply.status, words((JSON.parse(text) as { message: string }).message)];
  }
  if (ask.path.endsWith('/json') && ask.path.startsWith('/containers/')) {
    const document = JSON.parse(text) as { State: Record<string, unknown> };
    return [reply.status, document.State['Status'], document.State['ExitCode'], words(String(document.State['Error']))];
  }
  return [reply.status, ask.path.startsWith('/containers/create') || ask.path === '/version' ? '' : words(text)];
}

/** Both sides as a run starts: no container or volume of the names, the host directories fresh, the events counted from now. */
async function cleanUp(client: HttpClient): Promise<void> {
  const side = sides.get(client)!;
  for (const name of CONTAINERS) await client.request('DELETE', `/containers/${name}?force=1&v=1`, { timeoutMs: 20_000 });
  for (const name of [VOLUME, 'ctcvm2']) await client.request('DELETE', `/volumes/${name}`, { timeoutMs: 10_000 });
  rmSync(side.host, { recursive: true, force: true });
  mkdirSync(`${side.host}/full/sub`, { recursive: true });
  writeFileSync(`${side.host}/full/hostfile`, 'host\n', { mode: 0o644 });
  mkdirSync(`${side.host}/empty`);
  writeFileSync(`${side.host}/file`, 'abc');
  side.destinations.clear();
  await new Promise((resolve) => setTimeout(resolve, 3));
  side.since = (Date.now() / 1000).toFixed(9);
}

withObservedReleases('local volumes with mount options', 'ctc-volmounts-', { isolated: true, runsContainers: true }, async (t, release, real, sim) => {
  sides.set(real, { host: HOST.real, since: '0', destinations: new Map() });
  sides.set(sim, { host: HOST.sim, since: '0', destinations: new Map() });
  t.teardown(() => {
    for (const host of Object.values(HOST)) rmSync(host, { recursive: true, force: true });
  });
  await Promise.all([importBusybox(real), importBusybox(sim)]);
  const before = { ...seen };
  await assertRunsAlike(release, [real, sim], runs, read, cleanUp, 12, [EXERCISING_RUN, EXERCISING_BIND]);
  const exercised = Object.fromEntries(Object.entries(seen).map(([key, count]) => [key, count - before[key as keyof typeof seen]]));
  t.ok(
    Object.values(exercised).every((count) => count > 0),
    `the runs mounted volumes, failed to mount one, wrote into one and filled a host directory: ${JSON.stringify(exercised)}`,
  );
});
