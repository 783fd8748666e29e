import { existsSync } from 'node:fs';
import fc from 'fast-check';
import t from 'tap';
import { send } from './helpers/unix-send.js';
import { startInProcessSim } from './helpers/in-process-sim.js';
import { tarball } from '../suites/deprecations/image-tarball.js';

/**
 * GET /containers/{name}/json of a container that was created and never started, as ctrd-sim
 * writes it per release and API version (issue 24). Expected: what dockerd 20.10.24, 26.1.5 and
 * 28.5.2 answered on private data roots on this machine (cgroups v1; curl over their sockets,
 * 2026-11-27), for the same bodies.
 */
const TOP_LEVEL = [
  'Id',
  'Created',
  'Path',
  'Args',
  'State',
  'Image',
  'ResolvConfPath',
  'HostnamePath',
  'HostsPath',
  'LogPath',
  'Name',
  'RestartCount',
  'Driver',
  'Platform',
  'MountLabel',
  'ProcessLabel',
  'AppArmorProfile',
  'ExecIDs',
  'HostConfig',
  'GraphDriver',
  'Mounts',
  'Config',
  'NetworkSettings',
];

/** The keys as each release wrote them, in its order (space-separated, as copied from its answer). */
const words = (text: string): string[] => text.split(/\s+/).filter((word) => word !== '');
const HOST_CONFIG_HEAD = words('Binds ContainerIDFile LogConfig NetworkMode PortBindings RestartPolicy AutoRemove VolumeDriver VolumesFrom');
const HOST_CONFIG_MIDDLE = words(`CapAdd CapDrop CgroupnsMode Dns DnsOptions DnsSearch ExtraHosts GroupAdd IpcMode Cgroup Links OomScoreAdj
  PidMode Privileged PublishAllPorts ReadonlyRootfs SecurityOpt UTSMode UsernsMode ShmSize Runtime`);
const RESOURCES_HEAD = words(`Isolation CpuShares Memory NanoCpus CgroupParent BlkioWeight BlkioWeightDevice BlkioDeviceReadBps
  BlkioDeviceWriteBps BlkioDeviceReadIOps BlkioDeviceWriteIOps CpuPeriod CpuQuota CpuRealtimePeriod CpuRealtimeRuntime CpusetCpus
  CpusetMems Devices DeviceCgroupRules DeviceRequests`);
const RESOURCES_TAIL = words(`MemoryReservation MemorySwap MemorySwappiness OomKillDisable PidsLimit Ulimits CpuCount CpuPercent
  IOMaximumIOps IOMaximumBandwidth MaskedPaths ReadonlyPaths`);

/** The HostConfig keys each release wrote for `{"HostConfig": {"NetworkMode": "none"}}`. */
const HOST_CONFIG_KEYS: Readonly<Record<string, readonly string[]>> = {
  '20.10': [...HOST_CONFIG_HEAD, ...HOST_CONFIG_MIDDLE, 'ConsoleSize', ...RESOURCES_HEAD, 'KernelMemory', 'KernelMemoryTCP', ...RESOURCES_TAIL],
  '26.1': [...HOST_CONFIG_HEAD, 'ConsoleSize', ...HOST_CONFIG_MIDDLE, ...RESOURCES_HEAD, ...RESOURCES_TAIL],
  '28.5': [...HOST_CONFIG_HEAD, 'ConsoleSize', ...HOST_CONFIG_MIDDLE, ...RESOURCES_HEAD, ...RESOURCES_TAIL],
};

const MASKED_20_10 = [
  '/proc/asound',
  '/proc/acpi',
  '/proc/kcore',
  '/proc/keys',
  '/proc/latency_stats',
  '/proc/timer_list',
  '/proc/timer_stats',
  '/proc/sched_debug',
  '/proc/scsi',
  '/sys/firmware',
];
const MASKED_PATHS: Readonly<Record<string, readonly string[]>> = {
  '20.10': MASKED_20_10,
  '26.1': [...MASKED_20_10, '/sys/devices/virtual/powercap'],
  '28.5': [...MASKED_20_10.slice(0, 2), '/proc/interrupts', ...MASKED_20_10.slice(2), '/sys/devices/virtual/powercap'],
};

/** The daemon's own default cgroup namespace: private on a cgroups v2 host, host on v1 (this machine). */
const CGROUPNS_DEFAULT = existsSync('/sys/fs/cgroup/cgroup.controllers') ? 'private' : 'host';

const MAX_MINOR: Readonly<Record<string, number>> = { '20.10': 41, '26.1': 45, '28.5': 51 };
const RELEASES = Object.keys(MAX_MINOR);

type Inspect = Record<string, unknown> & {
  HostConfig: Record<string, unknown>;
  GraphDriver: { Data: Record<string, unknown> };
  Config: Record<string, unknown>;
};

async function simulators(t: { teardown(fn: () => unknown): void }): Promise<Record<string, string>> {
  const layer = await tarball([{ type: 'file', name: 'f', content: Buffer.from('x\n') }]);
  const sockets: Record<string, string> = {};
  for (const release of RELEASES) {
    const { socket } = await startInProcessSim(t, 'ctc-cinsp-', ['--emulate', release, '--brand', 'docker']);
    await send(socket, 'POST', '/images/create?fromSrc=-&repo=ctc-insp/i&tag=1', layer);
    sockets[release] = socket;
  }
  return sockets;
}

/** Creates a container of `body` at `version`, inspects it at that version and removes it. */
async function createAndInspect(socket: string, version: string, body: Record<string, unknown>): Promise<Inspect> {
  const created = await send(socket, 'POST', `/v${version}/containers/create`, Buffer.from(JSON.stringify(body)), 'application/json');
  const { Id } = JSON.parse(created.body) as { Id: string };
  const inspected = await send(socket, 'GET', `/v${version}/containers/${Id}/json`);
  await send(socket, 'DELETE', `/containers/${Id}?force=1`);
  return JSON.parse(inspected.body) as Inspect;
}

const releaseAndVersion = fc.constantFrom(...RELEASES).chain((release) =>
  fc.tuple(
    fc.constant(release),
    fc.integer({ min: 24, max: MAX_MINOR[release]! }).map((minor) => `1.${minor}`),
  ),
);

t.test('a created container’s inspect has every field, in the order and with the defaults of its release and API version', async (t) => {
  const sockets = await simulators(t);
  await fc.assert(
    fc.asyncProperty(releaseAndVersion, fc.boolean(), async ([release, version], withHostConfig) => {
      const body = { Image: 'ctc-insp/i:1', Cmd: ['x'], ...(withHostConfig ? { HostConfig: { NetworkMode: 'none' } } : {}) };
      const inspect = await createAndInspect(sockets[release]!, version, body);
      const at = `${release} at ${version}${withHostConfig ? '' : ', no HostConfig'}`;
      t.same(Object.keys(inspect), TOP_LEVEL, `${at}: top-level keys`);
      t.same(
        [inspect['ResolvConfPath'], inspect['HostnamePath'], inspect['HostsPath'], inspect['LogPath'], inspect['ExecIDs']],
        ['', '', '', '', null],
        `${at}: never started`,
      );
      // 20.10 leaves Runtime out when the body has no HostConfig (it fills no default then, and the field is omitempty).
      const runtimeKept = withHostConfig || release !== '20.10';
      t.same(
        Object.keys(inspect.HostConfig),
        HOST_CONFIG_KEYS[release]!.filter((key) => runtimeKept || key !== 'Runtime'),
        `${at}: HostConfig keys`,
      );
      const host = inspect.HostConfig;
      t.same(host['RestartPolicy'], { Name: release === '20.10' ? '' : 'no', MaximumRetryCount: 0 }, `${at}: restart policy`);
      const shareable = Number(version.slice(2)) < 40 && (withHostConfig || release !== '20.10');
      t.same(
        [host['IpcMode'], host['CgroupnsMode'], host['ShmSize'], host['ConsoleSize'], host['LogConfig']],
        [shareable ? 'shareable' : 'private', CGROUPNS_DEFAULT, 67108864, [0, 0], { Type: 'json-file', Config: {} }],
        `${at}: daemon defaults`,
      );
      t.same([host['MaskedPaths'], host['ReadonlyPaths']], [MASKED_PATHS[release], ['/proc/bus', '/proc/fs', '/proc/irq', '/proc/sys', '/proc/sysrq-trigger']]);
      t.same(
        Object.keys(inspect.GraphDriver.Data),
        [...(release === '28.5' ? ['ID'] : []), 'LowerDir', 'MergedDir', 'UpperDir', 'WorkDir'],
        `${at}: GraphDriver.Data`,
      );
      t.equal(inspect.GraphDriver.Data['ID'], release === '28.5' ? inspect['Id'] : undefined);
      t.same(inspect.Config['Labels'], {}, `${at}: an image without labels gives the container {}`);
    }),
    { numRuns: 40 },
  );
});

t.test('a privileged container masks nothing and has labelling off; a memory limit doubles as the swap limit', async (t) => {
  const sockets = await simulators(t);
  await fc.assert(
    fc.asyncProperty(releaseAndVersion, fc.boolean(), fc.integer({ min: 6 * 1024 * 1024, max: 2 ** 32 }), async ([release, version], privileged, memory) => {
      const body = { Image: 'ctc-insp/i:1', Cmd: ['x'], HostConfig: { Privileged: privileged, Memory: memory } };
      const host = (await createAndInspect(sockets[release]!, version, body)).HostConfig;
      t.same(
        [host['MaskedPaths'], host['ReadonlyPaths'], host['SecurityOpt']],
        privileged
          ? [null, null, ['label=disable']]
          : [MASKED_PATHS[release], ['/proc/bus', '/proc/fs', '/proc/irq', '/proc/sys', '/proc/sysrq-trigger'], null],
        `${release} at ${version}, privileged ${privileged}`,
      );
      t.same([host['Memory'], host['MemorySwap']], [memory, memory * 2]);
    }),
    { numRuns: 25 },
  );
});

t.test('a container without an image has null Labels and {} Volumes; given settings are kept', async (t) => {
  const sockets = await simulators(t);
  for (const release of RELEASES) {
    const bare = await createAndInspect(sockets[release]!, '1.41', { Cmd: ['x'], HostConfig: { NetworkMode: 'none' } });
    t.same([bare.Config['Labels'], bare.Config['Volumes']], [null, {}], release);
    const given = await createAndInspect(sockets[release]!, '1.41', {
      Image: 'ctc-insp/i:1',
      Cmd: ['x'],
      HostConfig: { RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 3 }, ShmSize: 1000000, IpcMode: 'shareable', CgroupnsMode: 'private' },
    });
    t.same(
      [given.HostConfig['RestartPolicy'], given.HostConfig['ShmSize'], given.HostConfig['IpcMode'], given.HostConfig['CgroupnsMode']],
      [{ Name: 'on-failure', MaximumRetryCount: 3 }, 1000000, 'shareable', 'private'],
      release,
    );
  }
});

t.test('20.10 below API 1.21 writes the former inspect documents (1.20; below 1.20)', async (t) => {
  const { socket } = await startInProcessSim(t, 'ctc-cinsp-', ['--emulate', '20.10', '--brand', 'docker']);
  await send(socket, 'POST', '/images/create?fromSrc=-&repo=ctc-insp/i&tag=1', await tarball([{ type: 'file', name: 'f', content: Buffer.from('x\n') }]));
  const limits = fc.record({
    Memory: fc.integer({ min: 0, max: 2 ** 31 }),
    CpuShares: fc.integer({ min: 0, max: 1024 }),
    CpusetCpus: fc.constantFrom('', '0', '0-1'),
  });
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 12, max: 23 }), limits, async (minor, hostLimits) => {
      const version = `1.${minor}`;
      const inspect = await createAndInspect(socket, version, { Image: 'ctc-insp/i:1', Cmd: ['x'], HostConfig: { NetworkMode: 'none', ...hostLimits } });
      const settings = inspect['NetworkSettings'] as Record<string, unknown>;
      if (minor >= 21) {
        t.same(Object.keys(inspect), TOP_LEVEL, `${version}: the current document`);
        t.ok('Networks' in settings, version);
        return;
      }
      const pre120 = minor < 20;
      const keysEnd = ['GraphDriver', ...(pre120 ? ['Volumes', 'VolumesRW'] : ['Mounts']), 'Config', 'NetworkSettings'];
      t.same(Object.keys(inspect).slice(-keysEnd.length), keysEnd, `${version}: where Mounts was`);
      const configEnd = [
        'Labels',
        'MacAddress',
        'NetworkDisabled',
        'ExposedPorts',
        'VolumeDriver',
        ...(pre120 ? ['Memory', 'MemorySwap', 'CpuShares', 'Cpuset'] : []),
      ];
      t.same(Object.keys(inspect.Config).slice(-configEnd.length), configEnd, `${version}: the config's own fields at its end`);
      if (pre120)
        t.same(
          [inspect.Config['Memory'], inspect.Config['MemorySwap'], inspect.Config['CpuShares'], inspect.Config['Cpuset']],
          [hostLimits.Memory, hostLimits.Memory * 2, hostLimits.CpuShares, hostLimits.CpusetCpus],
        );
      t.same([settings['Ports'], 'Networks' in settings], [null, false], `${version}: network settings without Networks`);
    }),
    { numRuns: 30 },
  );
});
