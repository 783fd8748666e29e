/**
 * ctrd's command-line options (daemon.md › Command-line options), with the configuration-file keys
 * they map to (› Configuration file 1, 6), where they apply and whether a reload changes them
 * (› Daemon reload). Data only.
 */
import type { Platform } from './types.js';

/** How the flag parser takes the value: a switch, one string, a 64-bit integer, or a repeatable list. */
export type OptionKind = 'bool' | 'string' | 'int' | 'list';

/**
 * The shape of one value beyond its kind, where the document gives one: the checks the daemon
 * makes at start and the form of the file's entry for the flag.
 */
export type ValueForm =
  | 'plain'
  /** `key=value` (labels, log options, generic resources). */
  | 'key-value'
  /** `<name>=<path>` (runtimes). */
  | 'runtime'
  /** `name[=bool]` (features). */
  | 'feature'
  /** `name=soft[:hard]` (ulimits; the client's `--ulimit`). */
  | 'ulimit'
  /** `base=<cidr>,size=<prefix>` (address pools). */
  | 'pool'
  /** `driver=opt=value` (network options). */
  | 'network-opt'
  /** A size with an optional unit: `64MiB`, `1g`. */
  | 'bytes'
  /** One of `choices`. */
  | 'enum'
  | 'ip'
  | 'path';

export interface DaemonOption {
  /** Long name without dashes. */
  readonly name: string;
  readonly short?: string;
  readonly kind: OptionKind;
  readonly form: ValueForm;
  /** The values an `enum` option takes, as the document lists them. */
  readonly choices?: readonly string[];
  /** The default as the document states it, or null where it gives none. */
  readonly default: string | null;
  /** Whether the flag may be given several times (every list is). */
  readonly repeatable: boolean;
  /** Key in the configuration file (the plural for a repeatable flag), when the option has one. */
  readonly fileKey?: string;
  readonly platforms: readonly Platform[];
  /** Whether a reload (SIGHUP) applies a new value from the file (daemon.md › Reloadable options). */
  readonly reloadable: boolean;
  /** First and last release series with the option, where the document or the real daemons say. */
  readonly since?: string;
  readonly until?: string;
  /** The document's "Effect" column. */
  readonly effect: string;
}

const BOTH: readonly Platform[] = ['linux', 'windows'];
const LINUX: readonly Platform[] = ['linux'];

/** Reloadable file keys: daemon.md › States and transitions › Daemon reload › Reloadable options, in the document's order. */
export const RELOADABLE_KEYS = [
  'debug',
  'labels',
  'live-restore',
  'max-concurrent-downloads',
  'max-concurrent-uploads',
  'max-download-attempts',
  'default-runtime',
  'runtimes',
  'authorization-plugins',
  'insecure-registries',
  'registry-mirrors',
  'shutdown-timeout',
  'features',
] as const;
export type ReloadableKey = (typeof RELOADABLE_KEYS)[number];

interface Extra {
  readonly short?: string;
  readonly form?: ValueForm;
  readonly choices?: readonly string[];
  /** The file key; null when the option has none; the name (or plural for lists) when absent. */
  readonly fileKey?: string | null;
  readonly platforms?: readonly Platform[];
  readonly since?: string;
  readonly until?: string;
}

function option(name: string, kind: OptionKind, def: string | null, effect: string, extra: Extra = {}): DaemonOption {
  const fileKey = extra.fileKey === null ? undefined : (extra.fileKey ?? name);
  return {
    name,
    kind,
    form: extra.form ?? 'plain',
    ...(extra.choices === undefined ? {} : { choices: extra.choices }),
    default: def,
    repeatable: kind === 'list',
    ...(fileKey === undefined ? {} : { fileKey }),
    ...(extra.short === undefined ? {} : { short: extra.short }),
    platforms: extra.platforms ?? BOTH,
    reloadable: fileKey !== undefined && (RELOADABLE_KEYS as readonly string[]).includes(fileKey),
    ...(extra.since === undefined ? {} : { since: extra.since }),
    ...(extra.until === undefined ? {} : { until: extra.until }),
    effect,
  };
}

/** Every option of the document's table, in its order. */
export const DAEMON_OPTIONS: readonly DaemonOption[] = [
  option('add-runtime', 'list', null, 'Register an additional OCI-compatible runtime. Runtime arguments cannot be given this way.', {
    form: 'runtime',
    fileKey: 'runtimes',
    platforms: LINUX,
  }),
  option('allow-direct-routing', 'bool', 'off', 'Allow remote access to published ports on container IP addresses.', { platforms: LINUX, since: '28.0' }),
  option('authorization-plugin', 'list', null, 'Authorization plugins to load.', { fileKey: 'authorization-plugins' }),
  option('bip', 'string', null, 'IPv4 address for the default bridge.', { platforms: LINUX }),
  option('bip6', 'string', null, 'IPv6 address for the default bridge.', { platforms: LINUX, since: '28.0' }),
  option('bridge', 'string', null, 'Network bridge to attach containers to. The value `none` disables the default bridge.', { short: 'b' }),
  option('cdi-spec-dir', 'list', 'see CDI', 'Directories for device specifications.', {
    form: 'path',
    fileKey: 'cdi-spec-dirs',
    platforms: LINUX,
    since: '25.0',
  }),
  option('cgroup-parent', 'string', 'see cgroup parent', 'Parent cgroup for all containers.', { platforms: LINUX }),
  option('config-file', 'string', '/etc/ctr/daemon.json', 'Daemon configuration file.', { form: 'path', fileKey: null }),
  option('containerd', 'string', null, 'Supervisor gRPC address.'),
  option('containerd-namespace', 'string', 'built-in namespace', 'Supervisor namespace to use.'),
  option('containerd-plugins-namespace', 'string', 'built-in plugins namespace', 'Supervisor namespace for plugins.'),
  option('cpu-rt-period', 'int', null, 'CPU real-time period for the parent cgroup of all containers. Not supported with cgroups v2.', { platforms: LINUX }),
  option('cpu-rt-runtime', 'int', null, 'CPU real-time runtime for the parent cgroup of all containers. Not supported with cgroups v2.', { platforms: LINUX }),
  option('cri-containerd', 'bool', 'off', 'Start the supervisor with its CRI plugin.'),
  option('data-root', 'string', '/var/lib/ctr', 'Root directory of persistent state.', { form: 'path' }),
  option('debug', 'bool', 'off', 'Debug mode.', { short: 'D' }),
  option('default-address-pool', 'list', null, 'Default address pools for node-local networks.', { form: 'pool', fileKey: 'default-address-pools' }),
  option('default-cgroupns-mode', 'string', 'private', 'Default cgroup namespace mode of containers.', {
    form: 'enum',
    choices: ['host', 'private'],
    platforms: LINUX,
  }),
  option('default-gateway', 'string', null, 'Default gateway of the default bridge network.', { form: 'ip', platforms: LINUX }),
  option('default-gateway-v6', 'string', null, 'Default IPv6 gateway of the default bridge network.', { form: 'ip', platforms: LINUX }),
  option('default-ipc-mode', 'string', 'private', 'Default IPC mode of containers.', { form: 'enum', choices: ['shareable', 'private'], platforms: LINUX }),
  option('default-network-opt', 'list', null, 'Default options for drivers of new networks.', {
    form: 'network-opt',
    fileKey: 'default-network-opts',
    since: '24.0',
  }),
  option('default-runtime', 'string', 'the reference OCI runtime', 'Default runtime of containers; a registered runtime name or a supervisor shim name.'),
  option('default-shm-size', 'string', '64MiB', 'Default shared-memory size of containers.', { form: 'bytes', platforms: LINUX }),
  option('default-ulimit', 'list', null, "Default ulimits of containers; same form as the client's run option `--ulimit`.", {
    form: 'ulimit',
    fileKey: 'default-ulimits',
    platforms: LINUX,
  }),
  option('dns', 'list', null, 'DNS servers for all containers.', { form: 'ip' }),
  option('dns-opt', 'list', null, 'DNS options.', { fileKey: 'dns-opts' }),
  option('dns-search', 'list', null, 'DNS search domains.'),
  option('exec-opt', 'list', null, 'Runtime execution options.', { fileKey: 'exec-opts' }),
  option('exec-root', 'string', '/var/run/ctr', 'Root directory of execution state files.', { form: 'path' }),
  option('experimental', 'bool', 'off', 'Enable experimental features.'),
  option('feature', 'list', null, 'Enable or disable a daemon feature. A missing value means `true`.', { form: 'feature', fileKey: 'features', since: '28.0' }),
  option('fixed-cidr', 'string', null, 'IPv4 subnet of the default bridge network.'),
  option('fixed-cidr-v6', 'string', null, 'IPv6 subnet of the default bridge network.', { platforms: LINUX }),
  option('group', 'string', 'ctr', 'Group that owns the Unix socket.', { short: 'G' }),
  option('help', 'bool', null, 'Print usage.', { fileKey: null }),
  option('host', 'list', null, 'Socket(s) to listen on.', { short: 'H', fileKey: 'hosts' }),
  option('host-gateway-ip', 'list', 'addresses of the default bridge', 'Addresses that the special value `host-gateway` of `--add-host` resolves to.', {
    form: 'ip',
    fileKey: 'host-gateway-ips',
    platforms: LINUX,
  }),
  option('http-proxy', 'string', null, 'Proxy for outgoing HTTP traffic.', { since: '23.0' }),
  option('https-proxy', 'string', null, 'Proxy for outgoing HTTPS traffic.', { since: '23.0' }),
  option('icc', 'bool', 'true', 'Inter-container communication on the default bridge.', { platforms: LINUX }),
  option('init', 'bool', 'off', 'Run an init process in containers to forward signals and reap processes.', { platforms: LINUX }),
  option('init-path', 'string', null, 'Path of the init binary.', { form: 'path', platforms: LINUX }),
  option('insecure-registry', 'list', null, 'Registries to treat as insecure.', { fileKey: 'insecure-registries' }),
  option('ip', 'string', '0.0.0.0', 'Host IP for port publishing from the default bridge.', { form: 'ip', platforms: LINUX }),
  option('ip-forward', 'bool', 'true', 'Enable IP forwarding in system configuration.', { platforms: LINUX }),
  option('ip-forward-no-drop', 'bool', 'off', 'Do not set the forward filter policy to DROP when enabling forwarding.', { platforms: LINUX, since: '28.0' }),
  option('ip-masq', 'bool', 'true', 'IP masquerading for the default bridge network.', { platforms: LINUX }),
  option('ip6tables', 'bool', 'true', 'Add ip6tables rules.', { platforms: LINUX }),
  option('iptables', 'bool', 'true', 'Add iptables rules.', { platforms: LINUX }),
  option('ipv6', 'bool', 'off', 'IPv6 networking on the default bridge.', { platforms: LINUX }),
  option('label', 'list', null, 'Daemon labels.', { form: 'key-value', fileKey: 'labels' }),
  option('live-restore', 'bool', 'off', 'Keep containers running while the daemon restarts.', { platforms: LINUX }),
  option('log-driver', 'string', 'json-file', 'Default log driver of containers.'),
  option('log-format', 'string', 'text', 'Format of daemon logs.', { form: 'enum', choices: ['text', 'json'], since: '25.0' }),
  option('log-level', 'string', 'info', 'Daemon log level.', { short: 'l', form: 'enum', choices: ['debug', 'info', 'warn', 'error', 'fatal'] }),
  option('log-opt', 'list', null, 'Default log driver options.', { form: 'key-value', fileKey: 'log-opts' }),
  option('max-concurrent-downloads', 'int', '3', 'Concurrent downloads per pull.'),
  option('max-concurrent-uploads', 'int', '5', 'Concurrent uploads per push.'),
  option('max-download-attempts', 'int', '5', 'Download attempts per pull.'),
  option('metrics-addr', 'string', null, 'Address and port that serve the metrics API.'),
  option('mtu', 'int', '1500', 'MTU of the default bridge network.'),
  option('network-control-plane-mtu', 'int', '1500', 'MTU of the network control plane.'),
  option('no-new-privileges', 'bool', 'off', 'Set no-new-privileges on new containers by default.', { platforms: LINUX }),
  option('no-proxy', 'string', null, 'Hosts and IPs for which the proxy is skipped.', { since: '23.0' }),
  option('node-generic-resource', 'list', null, 'Advertise a user-defined resource.', { form: 'key-value', fileKey: 'node-generic-resources' }),
  option('pidfile', 'string', '/var/run/ctr.pid', 'Daemon PID file.', { short: 'p', form: 'path' }),
  option('raw-logs', 'bool', 'off', 'Full timestamps without ANSI colouring.'),
  option('registry-mirror', 'list', null, 'Preferred registry mirrors.', { fileKey: 'registry-mirrors' }),
  option('rootless', 'bool', 'off', 'Rootless mode.', { platforms: LINUX }),
  option('seccomp-profile', 'string', 'builtin', 'Seccomp profile; `unconfined` disables the default profile.', { platforms: LINUX }),
  option('selinux-enabled', 'bool', 'off', 'SELinux support.', { platforms: LINUX }),
  option('shutdown-timeout', 'int', '15', 'Default shutdown time-out.'),
  option('storage-driver', 'string', 'see storage drivers', 'Storage driver.', { short: 's' }),
  option('storage-opt', 'list', null, 'Storage driver options.', { fileKey: 'storage-opts' }),
  option('swarm-default-advertise-addr', 'string', null, 'Default address or interface advertised in clustering mode.'),
  option('tls', 'bool', 'off', 'Use TLS; implied by `--tlsverify`.'),
  option('tlscacert', 'string', '~/.ctr/ca.pem', 'Trust only certificates signed by this CA.', { form: 'path' }),
  option('tlscert', 'string', '~/.ctr/cert.pem', 'TLS certificate file.', { form: 'path' }),
  option('tlskey', 'string', '~/.ctr/key.pem', 'TLS key file.', { form: 'path' }),
  option('tlsverify', 'bool', 'off', 'Use TLS and verify the remote.'),
  option('userland-proxy', 'bool', 'true', 'Userland proxy for loopback traffic.', { platforms: LINUX }),
  option('userland-proxy-path', 'string', null, 'Userland proxy binary.', { form: 'path', platforms: LINUX }),
  option('userns-remap', 'string', null, 'User and group setting for user namespaces.', { platforms: LINUX }),
  option('validate', 'bool', 'off', 'Validate the configuration file and exit.', { fileKey: null, since: '23.0' }),
  option('version', 'bool', null, 'Print version and quit.', { short: 'v', fileKey: null }),
];

/** The option of a long name. */
export const optionNamed = (name: string): DaemonOption | undefined => DAEMON_OPTIONS.find((o) => o.name === name);

/**
 * Options the real releases parse that the document's table does not list: hidden, deprecated or
 * removed ones (specs/daemon-flags.ts says which release has which). The deprecation area gives
 * them their lifecycle; here they only need to parse as the releases parse them.
 *
 * @releaseFacts
 */
export const UNLISTED_OPTIONS: readonly DaemonOption[] = [
  option('allow-nondistributable-artifacts', 'list', null, 'Push non-distributable artifacts to these registries (deprecated in 28.0).', { until: '28.5' }),
  option('api-cors-header', 'string', null, 'CORS header of the API (removed in 28.0).', { until: '28.5' }),
  option('cluster-advertise', 'string', null, 'Legacy clustering (removed in 23.0).', { until: '20.10' }),
  option('cluster-store', 'string', null, 'Legacy clustering (removed in 23.0).', { until: '20.10' }),
  option('cluster-store-opt', 'list', null, 'Legacy clustering (removed in 23.0).', { fileKey: 'cluster-store-opts', until: '20.10' }),
  option('graph', 'string', null, 'Replaced by --data-root (removed in 23.0).', { short: 'g', until: '20.10' }),
  option('network-diagnostic-port', 'int', null, 'Network diagnostic server port (hidden).'),
  option('oom-score-adjust', 'int', null, 'OOM score of the daemon (removed in 25.0).', { until: '24.0' }),
  option('restart', 'bool', null, 'Hidden, no effect.', { fileKey: null }),
];
