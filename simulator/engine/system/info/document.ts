import { join } from 'node:path';
import { EXECUTION_DRIVER_VALUE, INFO_NETWORK_PLUGINS, IPV4_FORWARDING_WARNING, OFFICIAL_INDEX, type InfoStyle } from '../../../../specs/info-fields.js';
import type { BrandNames } from '../../../../specs/brands.js';
import type { DaemonSettings } from '../../../config/file/settings.js';
import { genericResources, maskProxy, securityOptions } from './configured-values.js';
import type { HostFacts } from './host-facts.js';
import { firewallBackend } from './firewall-backend.js';
import { registryConfig } from './registry-config.js';
import { runtimesOf } from './runtimes.js';

/** Everything one answer is made of, besides the API version. */
export interface InfoInputs {
  readonly id: string;
  readonly settings: DaemonSettings;
  readonly style: InfoStyle;
  readonly names: BrandNames;
  readonly dataRoot: string;
  readonly execRoot: string;
  readonly serverVersion: string;
  /** What the simulator says its supervisor, runtime and init are (their commit ids). */
  readonly build: string;
  readonly host: HostFacts;
  /** IPv4Forwarding as the release shows it (forwarding.ts). */
  readonly ipv4Forwarding: boolean;
  /** The live counters of the process (NFd, NGoroutines) and the clock. */
  readonly live: { readonly openFiles: number; readonly tasks: number; readonly now: Date };
  /** What the object store holds: its images and its containers by state. */
  readonly counts: ObjectCounts;
  /** Rules deliberately broken (self-test). */
  readonly faults?: ReadonlySet<string>;
  /** Whether images are kept in containerd's store (images/image-store.ts). */
  readonly containerdStore: boolean;
  /** The configured default address pools as the release shows them, undefined when none is (config/file/address-pools.ts). */
  readonly addressPools: readonly { readonly Base: string; readonly Size: number }[] | undefined;
}

/** /info's counters of the daemon's objects. */
export interface ObjectCounts {
  readonly images: number;
  readonly running: number;
  readonly paused: number;
  readonly stopped: number;
}

/**
 * Every field /info can show, at its fullest (the API-version shaping in shape.ts removes and
 * reorders). No swarm; the one warning is the releases' own when IPv4 forwarding is off.
 */
export function infoValues(inputs: InfoInputs): Record<string, unknown> {
  const { settings, style, host } = inputs;
  const commit = (id: string) => ({ ID: id, Expected: id });
  return {
    ID: inputs.id,
    Containers: inputs.counts.running + inputs.counts.paused + inputs.counts.stopped,
    ContainersRunning: inputs.counts.running,
    ContainersPaused: inputs.counts.paused,
    ContainersStopped: inputs.counts.stopped,
    Images: inputs.counts.images,
    ...storage(settings.storageDriver, style, inputs.containerdStore),
    Plugins: { Volume: ['local'], Network: [...INFO_NETWORK_PLUGINS], Authorization: null, Log: [...style.logPlugins] },
    MemoryLimit: true,
    SwapLimit: true,
    KernelMemory: true,
    KernelMemoryTCP: true,
    CpuCfsPeriod: true,
    CpuCfsQuota: true,
    CPUShares: true,
    CPUSet: true,
    PidsLimit: true,
    IPv4Forwarding: inputs.ipv4Forwarding,
    BridgeNfIptables: style.bridgeNf,
    BridgeNfIp6tables: style.bridgeNf,
    Debug: settings.debug,
    NFd: inputs.live.openFiles,
    OomKillDisable: true,
    NGoroutines: inputs.live.tasks,
    SystemTime: inputs.live.now.toISOString(),
    LoggingDriver: settings.logDriver,
    CgroupDriver: settings.cgroupDriver,
    CgroupVersion: host.cgroupVersion,
    NEventsListener: 0,
    KernelVersion: host.kernelVersion,
    // Fault (config.info.shape): OperatingSystem left out (undefined fields are not serialised).
    OperatingSystem: inputs.faults?.has('config.info.shape') === true ? undefined : host.operatingSystem,
    OSVersion: host.osVersion,
    OSType: 'linux',
    Architecture: host.architecture,
    IndexServerAddress: OFFICIAL_INDEX.address,
    RegistryConfig: registryConfig(settings, style),
    NCPU: host.ncpu,
    MemTotal: host.memTotal,
    GenericResources: genericResources(settings.nodeGenericResources),
    DockerRootDir: inputs.dataRoot,
    HttpProxy: maskProxy(settings.httpProxy),
    HttpsProxy: maskProxy(settings.httpsProxy),
    NoProxy: settings.noProxy,
    Name: host.name,
    Labels: [...settings.labels],
    ExperimentalBuild: settings.experimental,
    ServerVersion: inputs.serverVersion,
    Runtimes: runtimesOf(settings, style),
    DefaultRuntime: settings.defaultRuntime,
    Swarm: { NodeID: '', NodeAddr: '', LocalNodeState: 'inactive', ControlAvailable: false, Error: '', RemoteManagers: null },
    LiveRestoreEnabled: settings.liveRestore,
    Isolation: '',
    InitBinary: settings.initPath ?? `${inputs.names.product.toLowerCase()}-init`,
    ContainerdCommit: commit(inputs.build),
    // Known only when the default runtime is the built-in one (observed: empty with `--default-runtime` of another).
    RuncCommit: commit(style.builtinRuntimes.includes(settings.defaultRuntime) ? inputs.build : ''),
    InitCommit: commit(''),
    SecurityOptions: securityOptions(settings, style),
    DefaultAddressPools: inputs.addressPools?.map((pool) => ({ ...pool })),
    FirewallBackend: firewallBackend(settings.userlandProxy, inputs.names.product),
    // None while the cdi feature is off: the merge decides (config/file/merge.ts).
    CDISpecDirs: [...settings.cdiSpecDirs],
    ExecutionDriver: EXECUTION_DRIVER_VALUE,
    Containerd: {
      Address: join(inputs.execRoot, 'containerd', 'containerd.sock'),
      Namespaces: { Containers: settings.containerdNamespace, Plugins: settings.containerdPluginsNamespace },
    },
    Warnings: warnings(style.cgroupV1Warning !== null && host.cgroupVersion === '1' ? style.cgroupV1Warning : null, inputs.ipv4Forwarding),
  };
}

/** containerd's store names its snapshotter's kind as its one status. */
const SNAPSHOTTER_STATUS = [['driver-type', 'io.containerd.snapshotter.v1']];

/** `Driver` and `DriverStatus`: the graph driver's, or containerd's snapshotter's (overlay2's is overlayfs). */
function storage(driver: string, style: InfoStyle, containerdStore: boolean): { Driver: string; DriverStatus: string[][] } {
  if (containerdStore) return { Driver: driver === 'overlay2' ? 'overlayfs' : driver, DriverStatus: SNAPSHOTTER_STATUS.map((pair) => [...pair]) };
  return { Driver: driver, DriverStatus: driver === 'overlay2' ? style.driverStatus.map((pair) => [...pair]) : [] };
}

/** The releases' warnings, in their order; null when there is none. */
function warnings(cgroupV1: string | null, ipv4Forwarding: boolean): string[] | null {
  const all = [...(cgroupV1 === null ? [] : [cgroupV1]), ...(ipv4Forwarding ? [] : [IPV4_FORWARDING_WARNING])];
  return all.length === 0 ? null : all;
}
