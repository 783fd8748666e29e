import { existsSync, readFileSync } from 'node:fs';
import type { Exchange } from '../../http/exchange.js';
import { bytesOf } from '../../config/file/go-values.js';
import { apiBelow, releaseBelow } from '../replies.js';

/**
 * What a create fills into a container's HostConfig when the request leaves it unset, per release
 * and API version (moby's router and daemon defaults), and how inspect writes every field. Observed
 * on 20.10.24, 26.1.5 and 28.5.2 for a container created with `{"Image", "Cmd", "HostConfig":
 * {"NetworkMode": "none"}}` at every API version each serves (curl over their sockets, 2026-11-27).
 */

/** Windows' resources: inspect writes them on Linux too, a create does not take them here. */
export const WINDOWS_RESOURCES: readonly string[] = ['CpuCount', 'CpuPercent', 'IOMaximumIOps', 'IOMaximumBandwidth'];

/** A field inspect leaves out when it is empty (`omitempty`). */
export const OMITTED = Symbol('omitted when empty');

/** Go's zero value of each HostConfig field inspect writes, in moby's field order from 23.0 (20.10's ConsoleSize comes after Runtime). */
export const HOST_CONFIG_LAYOUT: readonly (readonly [string, unknown])[] = [
  ['Binds', null],
  ['ContainerIDFile', ''],
  ['LogConfig', { Type: '', Config: null }],
  ['NetworkMode', ''],
  ['PortBindings', null],
  ['RestartPolicy', { Name: '', MaximumRetryCount: 0 }],
  ['AutoRemove', false],
  ['VolumeDriver', ''],
  ['VolumesFrom', null],
  ['ConsoleSize', [0, 0]],
  ['Annotations', OMITTED],
  ['CapAdd', null],
  ['CapDrop', null],
  ['CgroupnsMode', ''],
  ['Dns', null],
  ['DnsOptions', null],
  ['DnsSearch', null],
  ['ExtraHosts', null],
  ['GroupAdd', null],
  ['IpcMode', ''],
  ['Cgroup', ''],
  ['Links', null],
  ['OomScoreAdj', 0],
  ['PidMode', ''],
  ['Privileged', false],
  ['PublishAllPorts', false],
  ['ReadonlyRootfs', false],
  ['SecurityOpt', null],
  ['StorageOpt', OMITTED],
  ['Tmpfs', OMITTED],
  ['UTSMode', ''],
  ['UsernsMode', ''],
  ['ShmSize', 0],
  ['Sysctls', OMITTED],
  ['Runtime', ''],
  ['Isolation', ''],
  ['CpuShares', 0],
  ['Memory', 0],
  ['NanoCpus', 0],
  ['CgroupParent', ''],
  ['BlkioWeight', 0],
  ['BlkioWeightDevice', null],
  ['BlkioDeviceReadBps', null],
  ['BlkioDeviceWriteBps', null],
  ['BlkioDeviceReadIOps', null],
  ['BlkioDeviceWriteIOps', null],
  ['CpuPeriod', 0],
  ['CpuQuota', 0],
  ['CpuRealtimePeriod', 0],
  ['CpuRealtimeRuntime', 0],
  ['CpusetCpus', ''],
  ['CpusetMems', ''],
  ['Devices', null],
  ['DeviceCgroupRules', null],
  ['DeviceRequests', null],
  ['KernelMemory', 0],
  ['KernelMemoryTCP', 0],
  ['MemoryReservation', 0],
  ['MemorySwap', 0],
  ['MemorySwappiness', null],
  ['OomKillDisable', false],
  ['PidsLimit', null],
  ['Ulimits', null],
  // Windows' resources, written on Linux too.
  ['CpuCount', 0],
  ['CpuPercent', 0],
  ['IOMaximumIOps', 0],
  ['IOMaximumBandwidth', 0],
  ['Mounts', OMITTED],
  ['MaskedPaths', null],
  ['ReadonlyPaths', null],
  ['Init', OMITTED],
];

/** The HostConfig fields in the order the release writes them, each with its zero value (or OMITTED). */
export function hostConfigLayout(x: Exchange): readonly (readonly [string, unknown])[] {
  if (!releaseBelow(x, '23.0')) return HOST_CONFIG_LAYOUT;
  // 20.10: Runtime is omitempty, and ConsoleSize follows it.
  const rest = HOST_CONFIG_LAYOUT.filter(([field]) => field !== 'ConsoleSize').map(([field, zero]) => [field, field === 'Runtime' ? OMITTED : zero] as const);
  const at = rest.findIndex(([field]) => field === 'Runtime') + 1;
  return [...rest.slice(0, at), ['ConsoleSize', [0, 0]], ...rest.slice(at)];
}

/** oci.DefaultSpec's masked paths, with the release that added each (20.10.24 lacks the last two, 26.1.5 the last). */
const MASKED_PATHS: readonly (readonly [string, string | null])[] = [
  ['/proc/asound', null],
  ['/proc/acpi', null],
  ['/proc/interrupts', '28.0'],
  ['/proc/kcore', null],
  ['/proc/keys', null],
  ['/proc/latency_stats', null],
  ['/proc/timer_list', null],
  ['/proc/timer_stats', null],
  ['/proc/sched_debug', null],
  ['/proc/scsi', null],
  ['/sys/firmware', null],
  ['/sys/devices/virtual/powercap', '23.0'],
];

const READONLY_PATHS = ['/proc/bus', '/proc/fs', '/proc/irq', '/proc/sys', '/proc/sysrq-trigger'];

/** The CPUs the host may have (Linux's /sys/devices/system/cpu/possible: "0-3,5"). */
function possibleCpus(): number[] {
  let text = '';
  try {
    text = readFileSync('/sys/devices/system/cpu/possible', 'utf8').slice(0, 4096).trim();
  } catch {
    return [];
  }
  return text.split(',').flatMap((part) => {
    const [from = Number.NaN, to = from] = part.split('-').map(Number);
    return Number.isInteger(from) && Number.isInteger(to) && to - from < 4096 ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : [];
  });
}

let maskedPaths29: string[] | undefined;
/**
 * 29.0's default masked paths (moby daemon/pkg/oci/defaults.go, observed on 29.7.2): the same
 * paths sorted, then each possible CPU's thermal_throttle directory the host has; looked at once.
 */
const defaultMaskedPaths29 = (): string[] =>
  (maskedPaths29 ??= [
    ...MASKED_PATHS.map(([path]) => path).sort(),
    ...possibleCpus()
      .map((cpu) => `/sys/devices/system/cpu/cpu${cpu}/thermal_throttle`)
      .filter((path) => existsSync(path)),
  ]);

let cgroupV2Seen: boolean | undefined;
/** Whether the host runs cgroups v2 (moby: the default cgroup namespace is private there, host on v1); looked at once, on the first create. */
const cgroupV2 = (): boolean => (cgroupV2Seen ??= existsSync('/sys/fs/cgroup/cgroup.controllers'));

const unset = (value: unknown): boolean => value === undefined || value === null || value === '' || value === 0;

/**
 * `stored` with what a create at the exchange's API version fills in: the restart policy "no"
 * (20.10: ""), the console size, from 29.2 an empty map of port bindings, the cgroup namespace (host on cgroups v1, where the simulator
 * cannot tell a configured private from its default), the IPC mode (shareable below 1.40), the
 * daemon's shm size and runtime, twice the memory limit as the swap limit, and the paths a
 * container masks and keeps read-only, or for a privileged one SELinux labelling off. 20.10 fills
 * the IPC mode's and the runtime's defaults only for a body that has a HostConfig (`given`).
 */
export function withCreateDefaults(x: Exchange, stored: Readonly<Record<string, unknown>>, given: boolean): Record<string, unknown> {
  const { settings } = x.state.config;
  const next: Record<string, unknown> = { ...stored };
  const fill = (field: string, value: () => unknown): void => {
    if (unset(next[field])) next[field] = value();
  };
  const policy = (next['RestartPolicy'] ?? {}) as Record<string, unknown>;
  next['RestartPolicy'] = {
    Name: unset(policy['Name']) ? (releaseBelow(x, '23.0') ? '' : 'no') : policy['Name'],
    MaximumRetryCount: typeof policy['MaximumRetryCount'] === 'number' ? policy['MaximumRetryCount'] : 0,
  };
  fill('ConsoleSize', () => [0, 0]);
  // From 29.2 the router's decodeCreateRequest makes an unset PortBindings an empty map (moby docker-v29.2.0; observed on 29.7.2).
  if (!releaseBelow(x, '29.2')) fill('PortBindings', () => ({}));
  fill('CgroupnsMode', () => (cgroupV2() ? settings.defaultCgroupnsMode : 'host'));
  const routerDefaults = given || !releaseBelow(x, '23.0');
  fill('IpcMode', () => (apiBelow(x, '1.40') && routerDefaults ? 'shareable' : settings.defaultIpcMode));
  fill('ShmSize', () => bytesOf(settings.defaultShmSize));
  if (routerDefaults) fill('Runtime', () => settings.defaultRuntime);
  const memory = next['Memory'];
  if (typeof memory === 'number' && memory > 0) fill('MemorySwap', () => memory * 2);
  if (next['Privileged'] === true) fill('SecurityOpt', () => ['label=disable']);
  else {
    fill('MaskedPaths', () =>
      releaseBelow(x, '29.0')
        ? MASKED_PATHS.filter(([, since]) => since === null || !releaseBelow(x, since)).map(([path]) => path)
        : [...defaultMaskedPaths29()],
    );
    fill('ReadonlyPaths', () => [...READONLY_PATHS]);
  }
  return next;
}
