import type { VersionRange } from './types.js';

/**
 * How real daemons answer `GET /info`: the fields, their order and the values that do not come
 * from the configuration, per observed release and API version. Data only. Observed on the Debian
 * builds on this machine (20.10.24+dfsg1, 26.1.5+dfsg1, 28.5.2+dfsg4), cgroups v1, at API 1.12 (20.10
 * only), 1.23–1.25, 1.40–1.51 where served, with default and configured daemons.
 */

/** The releases whose /info was observed; a release that was not behaves as the newest observed one at or before it. */
export type InfoStyleName = '20.10' | '26.1' | '28.5' | '29.7';
/** @releaseFacts */
export const INFO_STYLE_NAMES: readonly InfoStyleName[] = ['20.10', '26.1', '28.5', '29.7'];

/** How an emulated daemon's ID is made and kept. */
export type InfoIdKind =
  /** libtrust key id of an EC P-256 key kept as a JWK in `key.json` (base32 of the SPKI's SHA-256, 12 groups of 4). */
  | 'trust-key'
  /** A random UUID kept in `<data-root>/engine-id` (no newline, mode 600). */
  | 'engine-id';

/** What /info does with `allow-nondistributable-artifacts` while the fields are shown. */
export type NondistributableValues =
  /** The configured CIDRs and host names, `[]` when none (20.10). */
  | 'configured-or-empty'
  /** The configured CIDRs, `null` when none; host names `null` (26.1). */
  | 'configured-or-null'
  /** Always `null`: the option has no effect (28.x, deprecated). */
  | 'null';

export interface InfoStyle {
  readonly id: InfoIdKind;
  /** The file the ID is kept in. */
  readonly idFile: string;
  /**
   * API versions below this one get every object's keys sorted bytewise (Go map order), at every
   * depth; null where the struct order is kept at every version.
   */
  readonly sortedKeysBelowApi: string | null;
  /** Whether RegistryConfig (and its IndexConfigs entries) is sorted at every API version. */
  readonly sortedRegistryConfig: boolean;
  readonly nondistributableValues: NondistributableValues;
  /** RegistryConfig.Mirrors when no mirror is configured. */
  readonly mirrorsWhenNone: 'empty' | 'null';
  /** InsecureRegistryCIDRs always present, after the configured ones. */
  readonly defaultInsecureCidrs: readonly string[];
  /** Runtimes every daemon lists, besides the configured ones; each is `{"path":"runc"}`. */
  readonly builtinRuntimes: readonly string[];
  /**
   * Whether the built-in runtimes carry a `status` (the OCI runtime's `features` document, under
   * `org.opencontainers.runtime-spec.features`) from RUNTIME_STATUS_FROM_API on.
   */
  readonly builtinRuntimeStatus: boolean;
  /** How a runtime registered by `runtimeType` (shim) shows. */
  readonly shimRuntimeShown: 'empty-path' | 'empty-object';
  readonly seccompProfileWord: 'default' | 'builtin';
  readonly logPlugins: readonly string[];
  /** The overlay2 graph driver's DriverStatus (containerd's store shows its own: simulator/engine/system/info/document.ts). */
  readonly driverStatus: readonly (readonly [string, string])[];
  readonly bridgeNf: boolean;
  /** Whether a commit object's `Expected` is left out when empty (InitCommit on 28.5) where it is shown at all. */
  readonly emptyExpectedOmitted: boolean;
  /** How IPv4Forwarding comes about (and with it the warning "WARNING: IPv4 forwarding is disabled"). */
  readonly ipv4Forwarding: Ipv4ForwardingStyle;
  /** The warning first in `Warnings` on a cgroup v1 host, or null where none is given. */
  readonly cgroupV1Warning: string | null;
}

/** overlay2's DriverStatus on this machine's ext4 (26.1.5 and 28.5.2; 20.10.24 has no metacopy line). */
const OVERLAY2_STATUS: readonly (readonly [string, string])[] = [
  ['Backing Filesystem', 'extfs'],
  ['Supports d_type', 'true'],
  ['Using metacopy', 'false'],
  ['Native Overlay Diff', 'true'],
  ['userxattr', 'false'],
];

/**
 * Observed (2026-11-27) with `--bridge=none --iptables=false` in a private network namespace whose
 * net.ipv4.ip_forward was 0 at the start, then set to 1 between two GET /info:
 * - 20.10.24: with --ip-forward (the default) the daemon sets it to 1 at the start and shows true;
 *   with --ip-forward=false it shows false and the warning, then true once it is 1 (read at every /info);
 * - 26.1.5: the same at the start, but with --ip-forward=false it still shows false after the
 *   sysctl became 1 (read once);
 * - 28.5.2: leaves the sysctl alone without a bridge, with --ip-forward or without, and shows
 *   false and the warning, still after the sysctl became 1 (read once).
 * A create reads the same state: off, it warns "IPv4 forwarding is disabled. Networking will not
 * work." on every network but host and none (20.10 only when the body has a HostConfig).
 */
export interface Ipv4ForwardingStyle {
  /** Whether `ip-forward` (on by default) turns forwarding on at the start, without any bridge. */
  readonly enabledAtStart: boolean;
  /** Whether net.ipv4.ip_forward is read once (the value of the start), not at every /info. */
  readonly readOnce: boolean;
}

/** The warning /info carries when IPv4Forwarding is false (every observed release). */
export const IPV4_FORWARDING_WARNING = 'WARNING: IPv4 forwarding is disabled';

const NETWORK_PLUGINS = ['bridge', 'host', 'ipvlan', 'macvlan', 'null', 'overlay'] as const;
export const INFO_NETWORK_PLUGINS: readonly string[] = NETWORK_PLUGINS;

/** @releaseFacts */
export const INFO_STYLES: Readonly<Record<InfoStyleName, InfoStyle>> = {
  '20.10': {
    id: 'trust-key',
    // The real daemon keeps it at the trust key path, /etc/<brand>/key.json by default: the
    // simulator keeps it under its data root so that it never writes outside its own roots.
    idFile: 'key.json',
    sortedKeysBelowApi: null,
    sortedRegistryConfig: false,
    nondistributableValues: 'configured-or-empty',
    mirrorsWhenNone: 'empty',
    defaultInsecureCidrs: ['127.0.0.0/8'],
    builtinRuntimes: ['io.containerd.runc.v2', 'io.containerd.runtime.v1.linux', 'runc'],
    builtinRuntimeStatus: false,
    shimRuntimeShown: 'empty-path',
    seccompProfileWord: 'default',
    logPlugins: ['awslogs', 'fluentd', 'gcplogs', 'gelf', 'journald', 'json-file', 'local', 'logentries', 'splunk', 'syslog'],
    driverStatus: [
      ['Backing Filesystem', 'extfs'],
      ['Supports d_type', 'true'],
      ['Native Overlay Diff', 'true'],
      ['userxattr', 'false'],
    ],
    bridgeNf: true,
    emptyExpectedOmitted: false,
    ipv4Forwarding: { enabledAtStart: true, readOnce: false },
    cgroupV1Warning: null,
  },
  '26.1': {
    id: 'engine-id',
    idFile: 'engine-id',
    sortedKeysBelowApi: null,
    sortedRegistryConfig: false,
    nondistributableValues: 'configured-or-null',
    mirrorsWhenNone: 'null',
    defaultInsecureCidrs: ['127.0.0.0/8'],
    builtinRuntimes: ['io.containerd.runc.v2', 'runc'],
    builtinRuntimeStatus: true,
    shimRuntimeShown: 'empty-object',
    seccompProfileWord: 'builtin',
    logPlugins: ['awslogs', 'fluentd', 'gcplogs', 'gelf', 'journald', 'json-file', 'local', 'splunk', 'syslog'],
    driverStatus: OVERLAY2_STATUS,
    bridgeNf: true,
    emptyExpectedOmitted: false,
    ipv4Forwarding: { enabledAtStart: true, readOnce: true },
    cgroupV1Warning: null,
  },
  '28.5': {
    id: 'engine-id',
    idFile: 'engine-id',
    sortedKeysBelowApi: '1.50',
    sortedRegistryConfig: true,
    nondistributableValues: 'null',
    mirrorsWhenNone: 'null',
    defaultInsecureCidrs: ['::1/128', '127.0.0.0/8'],
    builtinRuntimes: ['io.containerd.runc.v2', 'runc'],
    builtinRuntimeStatus: true,
    shimRuntimeShown: 'empty-object',
    seccompProfileWord: 'builtin',
    logPlugins: ['awslogs', 'fluentd', 'gelf', 'journald', 'json-file', 'local', 'splunk', 'syslog'],
    driverStatus: OVERLAY2_STATUS,
    bridgeNf: false,
    emptyExpectedOmitted: true,
    ipv4Forwarding: { enabledAtStart: false, readOnce: true },
    cgroupV1Warning: null,
  },
  // Observed on 29.7.2 (2026-12-05): GET /v1.40 … /v1.55/info on a fresh data root.
  '29.7': {
    id: 'engine-id',
    idFile: 'engine-id',
    sortedKeysBelowApi: '1.50',
    sortedRegistryConfig: true,
    nondistributableValues: 'null',
    mirrorsWhenNone: 'empty',
    defaultInsecureCidrs: ['::1/128', '127.0.0.0/8'],
    builtinRuntimes: ['io.containerd.runc.v2', 'runc'],
    builtinRuntimeStatus: true,
    shimRuntimeShown: 'empty-object',
    seccompProfileWord: 'builtin',
    logPlugins: ['awslogs', 'fluentd', 'gcplogs', 'gelf', 'journald', 'json-file', 'local', 'splunk', 'syslog'],
    // As 28.5's (a graph driver only with the containerd-snapshotter feature off: not observed).
    driverStatus: OVERLAY2_STATUS,
    bridgeNf: false,
    emptyExpectedOmitted: false,
    ipv4Forwarding: { enabledAtStart: false, readOnce: true },
    cgroupV1Warning:
      'WARNING: Support for cgroup v1 is deprecated and planned to be removed by no later than May 2029 (https://github.com/moby/moby/issues/51111)',
  },
};

/**
 * The document's boundary (Versioning 4): AllowNondistributableArtifacts* null up to 1.48, omitted
 * from 1.49, on every release. 28.5.2 omits them from 1.47: a known deviation (specs/known-deviations.ts).
 */
export const DOCUMENTED_NONDISTRIBUTABLE_OMITTED_FROM = '1.49';

/** A top-level field of /info, where it appears. A field without `api` or `styles` is always there. */
export interface InfoField {
  readonly name: string;
  /** API versions that show it. */
  readonly api?: VersionRange;
  /** Observed releases whose answers have it at this position. */
  readonly styles?: readonly InfoStyleName[];
}

/** The top-level fields in the daemon's struct order (the order of every answer not sorted). */
export const INFO_FIELDS: readonly InfoField[] = [
  { name: 'ID' },
  { name: 'Containers' },
  { name: 'ContainersRunning' },
  { name: 'ContainersPaused' },
  { name: 'ContainersStopped' },
  { name: 'Images' },
  { name: 'Driver' },
  { name: 'DriverStatus' },
  { name: 'Plugins' },
  { name: 'MemoryLimit' },
  { name: 'SwapLimit' },
  { name: 'KernelMemory', api: { max: '1.41' }, styles: ['20.10', '26.1', '28.5'] },
  { name: 'KernelMemoryTCP', styles: ['20.10', '26.1', '28.5'] },
  { name: 'CpuCfsPeriod' },
  { name: 'CpuCfsQuota' },
  { name: 'CPUShares' },
  { name: 'CPUSet' },
  { name: 'PidsLimit' },
  { name: 'IPv4Forwarding' },
  { name: 'BridgeNfIptables', api: { max: '1.49' } },
  { name: 'BridgeNfIp6tables', api: { max: '1.49' } },
  { name: 'Debug' },
  { name: 'NFd' },
  { name: 'OomKillDisable' },
  { name: 'NGoroutines' },
  { name: 'SystemTime' },
  { name: 'LoggingDriver' },
  { name: 'CgroupDriver' },
  { name: 'CgroupVersion' },
  { name: 'NEventsListener' },
  { name: 'KernelVersion' },
  { name: 'OperatingSystem' },
  { name: 'OSVersion' },
  { name: 'OSType' },
  { name: 'Architecture' },
  { name: 'IndexServerAddress' },
  { name: 'RegistryConfig' },
  { name: 'NCPU' },
  { name: 'MemTotal' },
  { name: 'GenericResources' },
  { name: 'DockerRootDir' },
  { name: 'HttpProxy' },
  { name: 'HttpsProxy' },
  { name: 'NoProxy' },
  { name: 'Name' },
  { name: 'Labels' },
  { name: 'ExperimentalBuild' },
  { name: 'ServerVersion' },
  { name: 'Runtimes' },
  { name: 'DefaultRuntime' },
  { name: 'Swarm' },
  { name: 'LiveRestoreEnabled' },
  { name: 'Isolation' },
  { name: 'InitBinary' },
  { name: 'ContainerdCommit' },
  { name: 'RuncCommit' },
  { name: 'InitCommit' },
  { name: 'SecurityOptions' },
  // Go's omitempty: only when pools are configured (--default-address-pool, the file's default-address-pools).
  { name: 'DefaultAddressPools' },
  { name: 'FirewallBackend', api: { min: '1.49' }, styles: ['29.7'] },
  // At every API version (26.1 and 28.5 do so, though the API documents it from 1.46; the
  // document lists the configured directories on every release: 20.10 lacks it, an observed quirk).
  { name: 'CDISpecDirs' },
  { name: 'ExecutionDriver', api: { max: '1.24' }, styles: ['26.1'] },
  { name: 'Containerd', api: { min: '1.46' } },
  { name: 'Warnings' },
  // 20.10 adds it after the struct's own fields.
  { name: 'ExecutionDriver', api: { max: '1.24' }, styles: ['20.10'] },
];

/** `ContainerdCommit`, `RuncCommit` and `InitCommit` carry `Expected` up to this API version. */
export const COMMIT_EXPECTED_MAX_API = '1.48';

/** Below this API version SecurityOptions holds the option names only (`seccomp`, not `name=seccomp,profile=…`). */
export const SECURITY_OPTIONS_NAMES_BELOW_API = '1.25';

/**
 * What 26.1.5 and 28.5.2 show as a built-in runtime's `status["org.opencontainers.runtime-spec.features"]`
 * (the JSON text `runc features` prints, key order kept): the Debian runc 1.1.5+ds1 these
 * builds run on this machine (`runc --version`: commit 1.1.5+ds1-1+deb12u1, spec 1.0.2-dev,
 * libseccomp 2.5.4), identical on both (observed 2026-11-27). The simulator runs no runtime and
 * shows the document of the one the emulated builds were observed with.
 *
 * @releaseFacts
 */
export const OBSERVED_RUNC_FEATURES = {
  ociVersionMin: '1.0.0',
  ociVersionMax: '1.0.2-dev',
  hooks: ['prestart', 'createRuntime', 'createContainer', 'startContainer', 'poststart', 'poststop'],
  mountOptions: [
    'acl',
    'async',
    'atime',
    'bind',
    'defaults',
    'dev',
    'diratime',
    'dirsync',
    'exec',
    'iversion',
    'lazytime',
    'loud',
    'mand',
    'noacl',
    'noatime',
    'nodev',
    'nodiratime',
    'noexec',
    'noiversion',
    'nolazytime',
    'nomand',
    'norelatime',
    'nostrictatime',
    'nosuid',
    'nosymfollow',
    'private',
    'ratime',
    'rbind',
    'rdev',
    'rdiratime',
    'relatime',
    'remount',
    'rexec',
    'rnoatime',
    'rnodev',
    'rnodiratime',
    'rnoexec',
    'rnorelatime',
    'rnostrictatime',
    'rnosuid',
    'rnosymfollow',
    'ro',
    'rprivate',
    'rrelatime',
    'rro',
    'rrw',
    'rshared',
    'rslave',
    'rstrictatime',
    'rsuid',
    'rsymfollow',
    'runbindable',
    'rw',
    'shared',
    'silent',
    'slave',
    'strictatime',
    'suid',
    'symfollow',
    'sync',
    'tmpcopyup',
    'unbindable',
  ],
  linux: {
    namespaces: ['cgroup', 'ipc', 'mount', 'network', 'pid', 'user', 'uts'],
    capabilities: [
      'CAP_CHOWN',
      'CAP_DAC_OVERRIDE',
      'CAP_DAC_READ_SEARCH',
      'CAP_FOWNER',
      'CAP_FSETID',
      'CAP_KILL',
      'CAP_SETGID',
      'CAP_SETUID',
      'CAP_SETPCAP',
      'CAP_LINUX_IMMUTABLE',
      'CAP_NET_BIND_SERVICE',
      'CAP_NET_BROADCAST',
      'CAP_NET_ADMIN',
      'CAP_NET_RAW',
      'CAP_IPC_LOCK',
      'CAP_IPC_OWNER',
      'CAP_SYS_MODULE',
      'CAP_SYS_RAWIO',
      'CAP_SYS_CHROOT',
      'CAP_SYS_PTRACE',
      'CAP_SYS_PACCT',
      'CAP_SYS_ADMIN',
      'CAP_SYS_BOOT',
      'CAP_SYS_NICE',
      'CAP_SYS_RESOURCE',
      'CAP_SYS_TIME',
      'CAP_SYS_TTY_CONFIG',
      'CAP_MKNOD',
      'CAP_LEASE',
      'CAP_AUDIT_WRITE',
      'CAP_AUDIT_CONTROL',
      'CAP_SETFCAP',
      'CAP_MAC_OVERRIDE',
      'CAP_MAC_ADMIN',
      'CAP_SYSLOG',
      'CAP_WAKE_ALARM',
      'CAP_BLOCK_SUSPEND',
      'CAP_AUDIT_READ',
      'CAP_PERFMON',
      'CAP_BPF',
      'CAP_CHECKPOINT_RESTORE',
    ],
    cgroup: {
      v1: true,
      v2: true,
      systemd: true,
      systemdUser: true,
    },
    seccomp: {
      enabled: true,
      actions: [
        'SCMP_ACT_ALLOW',
        'SCMP_ACT_ERRNO',
        'SCMP_ACT_KILL',
        'SCMP_ACT_KILL_PROCESS',
        'SCMP_ACT_KILL_THREAD',
        'SCMP_ACT_LOG',
        'SCMP_ACT_NOTIFY',
        'SCMP_ACT_TRACE',
        'SCMP_ACT_TRAP',
      ],
      operators: ['SCMP_CMP_EQ', 'SCMP_CMP_GE', 'SCMP_CMP_GT', 'SCMP_CMP_LE', 'SCMP_CMP_LT', 'SCMP_CMP_MASKED_EQ', 'SCMP_CMP_NE'],
      archs: [
        'SCMP_ARCH_AARCH64',
        'SCMP_ARCH_ARM',
        'SCMP_ARCH_MIPS',
        'SCMP_ARCH_MIPS64',
        'SCMP_ARCH_MIPS64N32',
        'SCMP_ARCH_MIPSEL',
        'SCMP_ARCH_MIPSEL64',
        'SCMP_ARCH_MIPSEL64N32',
        'SCMP_ARCH_PPC',
        'SCMP_ARCH_PPC64',
        'SCMP_ARCH_PPC64LE',
        'SCMP_ARCH_S390',
        'SCMP_ARCH_S390X',
        'SCMP_ARCH_X32',
        'SCMP_ARCH_X86',
        'SCMP_ARCH_X86_64',
      ],
    },
    apparmor: {
      enabled: true,
    },
    selinux: {
      enabled: true,
    },
  },
  annotations: {
    'io.github.seccomp.libseccomp.version': '2.5.4',
    'org.opencontainers.runc.checkpoint.enabled': 'true',
    'org.opencontainers.runc.commit': '1.1.5+ds1-1+deb12u1',
    'org.opencontainers.runc.version': '1.1.5+ds1',
  },
} as const;

/** First API version whose Runtimes entries carry `status` (26.1 and 28.5; 20.10 has none). */
export const RUNTIME_STATUS_FROM_API = '1.44';

/** ExecutionDriver's value where it is shown. */
export const EXECUTION_DRIVER_VALUE = '<not supported>';

/** The index every daemon lists in RegistryConfig.IndexConfigs, and its address. */
export const OFFICIAL_INDEX = { name: 'docker.io', address: 'https://index.docker.io/v1/' } as const;

/** What a proxy URL's user information is replaced with. */
export const MASKED_CREDENTIALS = 'xxxxx:xxxxx';

/** The document's first API version with CDISpecDirs (Other specifics › CDI; the API's own changelog). */
export const DOCUMENTED_CDI_SPEC_DIRS_FROM = '1.46';

/**
 * The release that deprecated `allow-nondistributable-artifacts` (Deprecation catalogue: v28.0):
 * from it the fields are always null where they are shown. Older releases show the configured values.
 */
export const NONDISTRIBUTABLE_NULL_FROM_RELEASE = '28.0';
