/**
 * ctrd's command-line options (daemon.md › Command-line options) and the configuration-file keys
 * they map to (› Configuration file). Data only.
 */
export type OptionKind = 'bool' | 'string' | 'int' | 'list';

export interface DaemonOption {
  readonly name: string;
  readonly short?: string;
  readonly kind: OptionKind;
  /** Key in the configuration file, when the option has one. */
  readonly fileKey?: string;
}

const o = (name: string, kind: OptionKind, fileKey?: string | null, short?: string): DaemonOption => ({
  name,
  kind,
  ...(fileKey === null ? {} : { fileKey: fileKey ?? name }),
  ...(short === undefined ? {} : { short }),
});

export const DAEMON_OPTIONS: readonly DaemonOption[] = [
  o('add-runtime', 'list', 'runtimes'),
  o('allow-direct-routing', 'bool'),
  o('authorization-plugin', 'list', 'authorization-plugins'),
  o('bip', 'string'),
  o('bip6', 'string'),
  o('bridge', 'string', 'bridge', 'b'),
  o('cdi-spec-dir', 'list', 'cdi-spec-dirs'),
  o('cgroup-parent', 'string'),
  o('config-file', 'string', null),
  o('containerd', 'string'),
  o('containerd-namespace', 'string'),
  o('containerd-plugins-namespace', 'string'),
  o('cpu-rt-period', 'int'),
  o('cpu-rt-runtime', 'int'),
  o('cri-containerd', 'bool'),
  o('data-root', 'string'),
  o('debug', 'bool', 'debug', 'D'),
  o('default-address-pool', 'list', 'default-address-pools'),
  o('default-cgroupns-mode', 'string'),
  o('default-gateway', 'string'),
  o('default-gateway-v6', 'string'),
  o('default-ipc-mode', 'string'),
  o('default-network-opt', 'list', 'default-network-opts'),
  o('default-runtime', 'string'),
  o('default-shm-size', 'string'),
  o('default-ulimit', 'list', 'default-ulimits'),
  o('dns', 'list'),
  o('dns-opt', 'list', 'dns-opts'),
  o('dns-search', 'list'),
  o('exec-opt', 'list', 'exec-opts'),
  o('exec-root', 'string'),
  o('experimental', 'bool'),
  o('feature', 'list', 'features'),
  o('fixed-cidr', 'string'),
  o('fixed-cidr-v6', 'string'),
  o('group', 'string', 'group', 'G'),
  o('help', 'bool', null),
  o('host', 'list', 'hosts', 'H'),
  o('host-gateway-ip', 'list', 'host-gateway-ips'),
  o('http-proxy', 'string'),
  o('https-proxy', 'string'),
  o('icc', 'bool'),
  o('init', 'bool'),
  o('init-path', 'string'),
  o('insecure-registry', 'list', 'insecure-registries'),
  o('ip', 'string'),
  o('ip-forward', 'bool'),
  o('ip-forward-no-drop', 'bool'),
  o('ip-masq', 'bool'),
  o('ip6tables', 'bool'),
  o('iptables', 'bool'),
  o('ipv6', 'bool'),
  o('label', 'list', 'labels'),
  o('live-restore', 'bool'),
  o('log-driver', 'string'),
  o('log-format', 'string'),
  o('log-level', 'string', 'log-level', 'l'),
  o('log-opt', 'list', 'log-opts'),
  o('max-concurrent-downloads', 'int'),
  o('max-concurrent-uploads', 'int'),
  o('max-download-attempts', 'int'),
  o('metrics-addr', 'string'),
  o('mtu', 'int'),
  o('network-control-plane-mtu', 'int'),
  o('no-new-privileges', 'bool'),
  o('no-proxy', 'string'),
  o('node-generic-resource', 'list', 'node-generic-resources'),
  o('pidfile', 'string', 'pidfile', 'p'),
  o('raw-logs', 'bool'),
  o('registry-mirror', 'list', 'registry-mirrors'),
  o('rootless', 'bool'),
  o('seccomp-profile', 'string'),
  o('selinux-enabled', 'bool'),
  o('shutdown-timeout', 'int'),
  o('storage-driver', 'string', 'storage-driver', 's'),
  o('storage-opt', 'list', 'storage-opts'),
  o('swarm-default-advertise-addr', 'string'),
  o('tls', 'bool'),
  o('tlscacert', 'string'),
  o('tlscert', 'string'),
  o('tlskey', 'string'),
  o('tlsverify', 'bool'),
  o('userland-proxy', 'bool'),
  o('userland-proxy-path', 'string'),
  o('userns-remap', 'string'),
  o('validate', 'bool', null),
  o('version', 'bool', null, 'v'),
];

/** File keys that no flag maps to (daemon.md › Configuration file › 6). */
export const FILE_ONLY_KEYS: readonly string[] = ['host-gateway-ip', 'proxies', 'builder', 'default-network-opts'];
