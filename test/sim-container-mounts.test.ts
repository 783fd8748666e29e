import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases, json, sendAsk } from './helpers/real-versus-sim.js';

/**
 * A container's mount points (simulator/engine/containers/mount-points.ts): generated creates with
 * binds of named volumes and of host paths (which a create does not touch), Mounts volumes and
 * tmpfs, and anonymous volumes (Config.Volumes, some where a bind or a mount already is), then
 * inspects, volume lists, system df, volume removes, container removes with and without `v`, and
 * prunes, sent to each observed release and to ctrd-sim emulating it. Mounts are compared sorted
 * by destination and volumes by name (the releases keep both in Go maps); anonymous volumes' names,
 * the data roots and container IDs are words. Binds and mounts never share a destination (a
 * destination mounted twice is not modelled: 501).
 */

const CONTAINERS = ['ctc-mt-a', 'ctc-mt-b', 'ctc-mt-c'];
const VOLUMES = ['ctcv1', 'ctcv2', 'ctcv3'];

/** Binds and Mounts, each with the destination it takes. */
const BINDS = [
  ['/data', 'ctcv1:/data'],
  ['/data2', 'ctcv2:/data2:ro'],
  ['/opt/x', 'ctcv1:/opt/x:rw'],
  ['/etc/sub', 'ctcv3:/etc/sub:z'],
  ['/hostdir', '/tmp/ctc-mounts-none:/hostdir'],
  ['/hy', '/tmp/ctc-mounts-none2/y:/hy:ro,Z'],
  ['/bin', 'ctcv2:/bin'],
  ['/tmp', 'ctcv3:/tmp'],
  ['/etc', 'ctcv3:/etc:nocopy'],
] as const;
const MOUNTS = [
  ['/m1', { Type: 'volume', Source: 'ctcv1', Target: '/m1' }],
  ['/m2', { Type: 'volume', Target: '/m2' }],
  ['/m3', { Type: 'volume', Source: 'ctcv2', Target: '/m3', ReadOnly: true }],
  ['/m4', { Type: 'tmpfs', Target: '/m4' }],
  ['/data', { Type: 'volume', Source: 'ctcv3', Target: '/data' }],
  ['/etc', { Type: 'volume', Source: 'ctcv1', Target: '/etc' }],
  ['/bin', { Type: 'volume', Source: 'ctcv2', Target: '/bin', VolumeOptions: { NoCopy: true, Labels: { a: 'b' } } }],
] as const;
/** Destinations the image lacks, and ones it has, whose contents a create copies into the volume (system df and prunes count them). */
const ANONYMOUS = ['/data', '/v1', '/etc/sub', '/m2', '/etc', '/bin'];

const createBody = fc
  .record({
    binds: fc.uniqueArray(fc.constantFrom(...BINDS), { maxLength: 3, selector: ([destination]) => destination }),
    mounts: fc.uniqueArray(fc.constantFrom(...MOUNTS), { maxLength: 2, selector: ([destination]) => destination }),
    volumes: fc.uniqueArray(fc.constantFrom(...ANONYMOUS), { maxLength: 2 }),
  })
  .filter(({ binds, mounts }) => !binds.some(([bound]) => mounts.some(([mounted]) => mounted === bound)))
  .map(({ binds, mounts, volumes }) => ({
    Image: 'ctc-img:1',
    Cmd: ['/bin/busybox', 'true'],
    ...(volumes.length === 0 ? {} : { Volumes: Object.fromEntries(volumes.map((destination) => [destination, {}])) }),
    HostConfig: {
      NetworkMode: 'none',
      ...(binds.length === 0 ? {} : { Binds: binds.map(([, bind]) => bind) }),
      ...(mounts.length === 0 ? {} : { Mounts: mounts.map(([, mount]) => mount) }),
    },
  }));

const container = fc.constantFrom(...CONTAINERS);
const requests: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(container, createBody)
      .map(([name, body]) => ({ method: 'POST', path: `/containers/create?name=${name}`, ...json(JSON.stringify(body)) })),
  },
  { weight: 2, arbitrary: container.map((name) => ({ method: 'GET', path: `/containers/${name}/json` })) },
  {
    weight: 2,
    arbitrary: fc.tuple(container, fc.constantFrom('', '?v=1', '?v=0')).map(([name, q]) => ({ method: 'DELETE', path: `/containers/${name}${q}` })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(fc.constantFrom(...VOLUMES), fc.constantFrom('', '?force=1')).map(([name, q]) => ({ method: 'DELETE', path: `/volumes/${name}${q}` })),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom<Ask>({ method: 'GET', path: '/volumes' }, { method: 'GET', path: '/system/df' }, { method: 'POST', path: '/volumes/prune' }),
  },
);

/** Anonymous volumes' names, data roots and container IDs (by the container's name) as words. */
async function wordsOf(client: HttpClient): Promise<(text: string) => string> {
  const listed = JSON.parse((await client.request('GET', '/containers/json?all=1', { timeoutMs: 10_000 })).body) as { Id: string; Names: string[] }[];
  const names = new Map(listed.map((c) => [c.Id, c.Names[0] ?? '']));
  return (text) =>
    text
      .replace(/"[^"]*\/volumes\/([^"/]+)\/_data"/g, '"<root>/volumes/$1/_data"')
      .replace(/\b[0-9a-f]{64}\b/g, (id) => (names.has(id) ? `<container ${names.get(id)}>` : '<anonymous>'));
}

const byKey =
  (key: string) =>
  (a: Record<string, unknown>, b: Record<string, unknown>): number =>
    JSON.stringify(a[key]) < JSON.stringify(b[key]) ? -1 : JSON.stringify(a[key]) > JSON.stringify(b[key]) ? 1 : 0;
const sortedText = (items: readonly unknown[]): string[] => items.map((item) => JSON.stringify(item)).sort();

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const words = await wordsOf(client);
  const reply = await sendAsk(client, ask);
  const body = reply.body.trim();
  if (reply.status >= 400) {
    const message = words((JSON.parse(body) as { message: string }).message);
    // The users of a volume in use are listed from a Go map: compared as a set.
    return [reply.status, message.replace(/\[([^\]]*)\]/, (_, list: string) => `[${list.split(', ').sort().join(', ')}]`)];
  }
  if (ask.path.endsWith('/json')) {
    const mounts = (JSON.parse(body) as { Mounts: Record<string, unknown>[] }).Mounts;
    return [reply.status, [...mounts].sort(byKey('Destination')).map((mount) => words(JSON.stringify(mount)))];
  }
  if (ask.path === '/volumes') {
    const volumes = (JSON.parse(body) as { Volumes: Record<string, unknown>[] | null }).Volumes ?? [];
    return [reply.status, sortedText(volumes.map(({ CreatedAt: _at, ...rest }) => words(JSON.stringify(rest))))];
  }
  if (ask.path === '/system/df') {
    const volumes = (JSON.parse(body) as { Volumes: Record<string, unknown>[] | null }).Volumes ?? [];
    return [reply.status, sortedText(volumes.map((v) => words(JSON.stringify([v['Name'], v['UsageData']]))))];
  }
  if (ask.path === '/volumes/prune') {
    const pruned = JSON.parse(body) as { VolumesDeleted: string[] | null; SpaceReclaimed: number };
    return [reply.status, sortedText((pruned.VolumesDeleted ?? []).map(words)), pruned.SpaceReclaimed];
  }
  return [reply.status, body === '' ? '' : words(body).replace(/"Warnings":.*/, '')];
}

checkAgainstObservedReleases('container mount points and their volumes', 'ctc-mounts-', requests, 60, {
  setup: async (client) => {
    await importBusybox(client);
    return {};
  },
  read,
});
