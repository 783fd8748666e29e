import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases, json, sendAsk } from './helpers/real-versus-sim.js';

/**
 * HostConfig.Mounts as a create reads them (simulator/engine/containers/mount-config.ts,
 * mount-points.ts): generated creates of one to three Mounts entries of every type and field the
 * API names (sources on the host, in the data root and nowhere; targets relative, root, unclean;
 * propagations; a volume's NoCopy, labels and driver; a tmpfs' Options; an image mount's image
 * and Subpath; each type's options on another type),
 * sometimes beside Binds and anonymous
 * volumes, at API versions on both sides of 1.40, 1.42, 1.45 and 1.48; each sent to an observed release
 * and to ctrd-sim emulating it. Compared: the refusal, or the container's Mounts (sorted by
 * destination) and HostConfig.Mounts; then the volumes left once the container is removed with
 * its anonymous volumes, with their labels and options. `{root}` stands for each daemon's data root.
 */

/** Sources by the type they suit, and any of them now and then. */
const SOURCES: Readonly<Record<string, readonly string[]>> = {
  bind: ['/tmp', '/etc', '/nonexistent-ctc', '/tmp/', '/tmp/../etc', '/', '{root}', '{root}/volumes', '{root}/nope', '{root}/volumes/ctcv1/_data', 'tmp', ''],
  volume: ['', 'ctcv1', 'ctcv2', 'v', 'a/b'],
  tmpfs: [''],
  image: ['ctc-img:1', 'ctc-img:1', 'ctc-img:1', 'nosuch:1', ''],
};
const ANY_SOURCE = [...new Set(Object.values(SOURCES).flat())];
const TARGETS = ['/b', '/c', '/d', '', '/', 'b', '/b/', '/x/../c', '//'];
const PROPAGATIONS = ['', 'rprivate', 'rshared', 'rslave', 'private', 'slave', 'shared', 'bogus'];

const OPTIONS: Readonly<Record<string, fc.Arbitrary<Record<string, unknown>>>> = {
  BindOptions: fc.record({ Propagation: fc.constantFrom(...PROPAGATIONS), CreateMountpoint: fc.boolean(), NonRecursive: fc.boolean() }, { requiredKeys: [] }),
  VolumeOptions: fc.record(
    {
      Subpath: fc.constantFrom('', 'x', '../x'),
      NoCopy: fc.boolean(),
      Labels: fc.constantFrom<Record<string, string>>({ a: 'b', c: '' }, {}),
      DriverConfig: fc.constantFrom<Record<string, unknown>>(
        // Another driver is looked up as a plugin, with retries for some 15 s: not drawn.
        { Name: 'local', Options: { type: 'tmpfs', device: 'tmpfs' } },
        { Options: { bogus: '1' } },
        { Name: '' },
      ),
    },
    { requiredKeys: [] },
  ),
  TmpfsOptions: fc.record(
    {
      SizeBytes: fc.constantFrom(0, 1024, -1),
      Mode: fc.constantFrom(0, 0o700),
      Options: fc.constantFrom<string[][]>([['noexec']], [['exec'], ['noexec']], [['exec', '1']], [['bogus']], [[]], [['noexec', 'a', 'b']]),
    },
    { requiredKeys: [] },
  ),
  ImageOptions: fc.record({ Subpath: fc.constantFrom('', 'etc', '../x') }, { requiredKeys: [] }),
};
const OWN_OPTIONS: Readonly<Record<string, string>> = { bind: 'BindOptions', volume: 'VolumeOptions', tmpfs: 'TmpfsOptions', image: 'ImageOptions' };

/** A Mounts entry: mostly a source and options that suit its type, now and then another's. */
const mount = fc
  .oneof({ weight: 8, arbitrary: fc.constantFrom('bind', 'volume', 'tmpfs', 'image') }, { weight: 1, arbitrary: fc.constantFrom('npipe', 'bogus', '') })
  .chain((type) =>
    fc
      .record({
        // An image mount's source is a reference: a path in the data root, whose letters' case differs between the sides, is not drawn.
        source:
          type === 'image'
            ? fc.constantFrom(...SOURCES['image']!, '/tmp', 'tmp', 'v')
            : fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...(SOURCES[type] ?? [''])) }, { weight: 1, arbitrary: fc.constantFrom(...ANY_SOURCE) }),
        target: fc.oneof({ weight: 6, arbitrary: fc.constantFrom('/b', '/c', '/d') }, { weight: 1, arbitrary: fc.constantFrom(...TARGETS) }),
        readOnly: fc.boolean(),
        consistency: fc.constantFrom(undefined, 'cached'),
        own: fc.oneof(fc.constant(null), OPTIONS[OWN_OPTIONS[type] ?? 'BindOptions']!),
        other: fc.oneof({ weight: 6, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...Object.keys(OPTIONS)) }),
      })
      .map(({ source, target, readOnly, consistency, own, other }) => ({
        Type: type,
        ...(source === '' ? {} : { Source: source }),
        Target: target,
        ...(readOnly ? { ReadOnly: true } : {}),
        ...(consistency === undefined ? {} : { Consistency: consistency }),
        ...(own === null || OWN_OPTIONS[type] === undefined ? {} : { [OWN_OPTIONS[type]!]: own }),
        ...(other === null ? {} : { [other]: {} }),
      })),
  );

const createBody = fc
  .record({
    mounts: fc.array(mount, { minLength: 1, maxLength: 3 }),
    binds: fc.subarray(['ctcv2:/b', '/tmp:/d', 'ctcv1:/e:ro']),
    volumes: fc.subarray(['/b', '/v']),
  })
  .map(({ mounts, binds, volumes }) => ({
    Image: 'ctc-img:1',
    Cmd: ['/bin/busybox', 'true'],
    ...(volumes.length === 0 ? {} : { Volumes: Object.fromEntries(volumes.map((destination) => [destination, {}])) }),
    HostConfig: { NetworkMode: 'none', Mounts: mounts, ...(binds.length === 0 ? {} : { Binds: binds }) },
  }));

const requests: fc.Arbitrary<Ask> = fc
  .tuple(fc.constantFrom('', '/v1.39', '/v1.41', '/v1.43', '/v1.44', '/v1.47', '/v1.48'), createBody)
  .map(([version, body]) => ({ method: 'POST', path: `${version}/containers/create?name=ctc-mc`, ...json(JSON.stringify(body)) }));

const roots = new WeakMap<HttpClient, string>();

async function dataRootOf(client: HttpClient): Promise<string> {
  const known = roots.get(client);
  if (known !== undefined) return known;
  const info = JSON.parse((await client.request('GET', '/info', { timeoutMs: 10_000 })).body) as { DockerRootDir: string };
  roots.set(client, info.DockerRootDir);
  return info.DockerRootDir;
}

const byDestination = (a: { Destination: string }, b: { Destination: string }): number =>
  a.Destination < b.Destination ? -1 : a.Destination > b.Destination ? 1 : 0;

/** The create's answer, what the container mounts, and the volumes once it is removed with its anonymous ones; the data root and anonymous names as words. */
let created = 0;

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const root = await dataRootOf(client);
  const words = (text: string): string => text.replaceAll(root, '<root>').replace(/\b[0-9a-f]{64}\b/g, '<id>');
  const reply = await sendAsk(client, { ...ask, body: ask.body!.replaceAll('{root}', root) });
  let made: unknown = null;
  if (reply.status === 201) {
    created++;
    const inspect = JSON.parse((await client.request('GET', '/containers/ctc-mc/json', { timeoutMs: 10_000 })).body) as {
      Mounts: { Destination: string }[];
      HostConfig: { Mounts?: unknown };
    };
    made = words(JSON.stringify([[...inspect.Mounts].sort(byDestination), inspect.HostConfig.Mounts ?? null]));
  }
  await client.request('DELETE', '/containers/ctc-mc?v=1&force=1', { timeoutMs: 10_000 });
  const volumes =
    (
      JSON.parse((await client.request('GET', '/volumes', { timeoutMs: 10_000 })).body) as {
        Volumes: { Name: string; Labels: unknown; Options: unknown }[] | null;
      }
    ).Volumes ?? [];
  const answer = reply.status === 201 ? made : words(reply.body.trim());
  return [reply.status, answer, volumes.map((volume) => words(JSON.stringify([volume.Name, volume.Labels, volume.Options]))).sort()];
}

checkAgainstObservedReleases('HostConfig.Mounts at create', 'ctc-mountcfg-', requests, 150, {
  setup: async (client) => {
    await importBusybox(client);
    return {};
  },
  read,
});

t.test('the comparison made containers, so their mounts were compared too', async (t) => {
  t.ok(created >= 40, `${created} creates were made (both sides, every release)`);
});
