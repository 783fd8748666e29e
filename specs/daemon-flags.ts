/**
 * Long flag names each observed release accepts, from `dockerd --help` of the Debian builds on this
 * machine (20.10.24+dfsg1, 26.1.5+dfsg1, 28.5.2+dfsg4). Data only.
 *
 * Besides every flag --help lists, the arrays hold the hidden/deprecated flags named in
 * DAEMON_HIDDEN_FLAGS_BY_RELEASE: each was checked on the binary (`dockerd --<flag>=1 --ctc-unknown-zz`
 * fails on the second, unknown flag rather than the first; on 26.1/28.5 also `--validate`). Deprecated
 * ones print `Flag --<name> has been deprecated, <reason>` to stderr. 28.5 still parses
 * --api-cors-header but a non-empty value fails configuration validation (exit 1).
 */
export const DAEMON_FLAGS_BY_RELEASE: Readonly<Record<string, readonly string[]>> = {
  '20.10': [
    'add-runtime', 'allow-nondistributable-artifacts', 'api-cors-header', 'authorization-plugin',
    'bip', 'bridge', 'cgroup-parent', 'cluster-advertise', 'cluster-store', 'cluster-store-opt',
    'config-file', 'containerd', 'containerd-namespace', 'containerd-plugins-namespace',
    'cpu-rt-period', 'cpu-rt-runtime', 'cri-containerd', 'data-root', 'debug',
    'default-address-pool', 'default-cgroupns-mode', 'default-gateway', 'default-gateway-v6',
    'default-ipc-mode', 'default-runtime', 'default-shm-size', 'default-ulimit', 'dns', 'dns-opt',
    'dns-search', 'exec-opt', 'exec-root', 'experimental', 'fixed-cidr', 'fixed-cidr-v6', 'graph',
    'group', 'help', 'host', 'host-gateway-ip', 'icc', 'init', 'init-path', 'insecure-registry',
    'ip', 'ip-forward', 'ip-masq', 'ip6tables', 'iptables', 'ipv6', 'label', 'live-restore',
    'log-driver', 'log-level', 'log-opt', 'max-concurrent-downloads', 'max-concurrent-uploads',
    'max-download-attempts', 'metrics-addr', 'mtu', 'network-control-plane-mtu',
    'network-diagnostic-port', 'no-new-privileges', 'node-generic-resource', 'oom-score-adjust',
    'pidfile', 'raw-logs', 'registry-mirror', 'restart', 'rootless', 'seccomp-profile',
    'selinux-enabled', 'shutdown-timeout', 'storage-driver', 'storage-opt',
    'swarm-default-advertise-addr', 'tls', 'tlscacert', 'tlscert', 'tlskey', 'tlsverify',
    'userland-proxy', 'userland-proxy-path', 'userns-remap', 'version',
  ],
  '26.1': [
    'add-runtime', 'allow-nondistributable-artifacts', 'api-cors-header', 'authorization-plugin',
    'bip', 'bridge', 'cdi-spec-dir', 'cgroup-parent', 'config-file', 'containerd',
    'containerd-namespace', 'containerd-plugins-namespace', 'cpu-rt-period', 'cpu-rt-runtime',
    'cri-containerd', 'data-root', 'debug', 'default-address-pool', 'default-cgroupns-mode',
    'default-gateway', 'default-gateway-v6', 'default-ipc-mode', 'default-network-opt',
    'default-runtime', 'default-shm-size', 'default-ulimit', 'dns', 'dns-opt', 'dns-search',
    'exec-opt', 'exec-root', 'experimental', 'fixed-cidr', 'fixed-cidr-v6', 'group', 'help',
    'host', 'host-gateway-ip', 'http-proxy', 'https-proxy', 'icc', 'init', 'init-path',
    'insecure-registry', 'ip', 'ip-forward', 'ip-masq', 'ip6tables', 'iptables', 'ipv6', 'label',
    'live-restore', 'log-driver', 'log-format', 'log-level', 'log-opt', 'max-concurrent-downloads',
    'max-concurrent-uploads', 'max-download-attempts', 'metrics-addr', 'mtu',
    'network-control-plane-mtu', 'network-diagnostic-port', 'no-new-privileges', 'no-proxy',
    'node-generic-resource', 'pidfile', 'raw-logs', 'registry-mirror', 'restart', 'rootless',
    'seccomp-profile', 'selinux-enabled', 'shutdown-timeout', 'storage-driver', 'storage-opt',
    'swarm-default-advertise-addr', 'tls', 'tlscacert', 'tlscert', 'tlskey', 'tlsverify',
    'userland-proxy', 'userland-proxy-path', 'userns-remap', 'validate', 'version',
  ],
  '28.5': [
    'add-runtime', 'allow-direct-routing', 'allow-nondistributable-artifacts', 'api-cors-header',
    'authorization-plugin', 'bip', 'bip6', 'bridge', 'cdi-spec-dir', 'cgroup-parent',
    'config-file', 'containerd', 'containerd-namespace', 'containerd-plugins-namespace',
    'cpu-rt-period', 'cpu-rt-runtime', 'cri-containerd', 'data-root', 'debug',
    'default-address-pool', 'default-cgroupns-mode', 'default-gateway', 'default-gateway-v6',
    'default-ipc-mode', 'default-network-opt', 'default-runtime', 'default-shm-size',
    'default-ulimit', 'dns', 'dns-opt', 'dns-search', 'exec-opt', 'exec-root', 'experimental',
    'feature', 'fixed-cidr', 'fixed-cidr-v6', 'group', 'help', 'host', 'host-gateway-ip',
    'http-proxy', 'https-proxy', 'icc', 'init', 'init-path', 'insecure-registry', 'ip',
    'ip-forward', 'ip-forward-no-drop', 'ip-masq', 'ip6tables', 'iptables', 'ipv6', 'label',
    'live-restore', 'log-driver', 'log-format', 'log-level', 'log-opt', 'max-concurrent-downloads',
    'max-concurrent-uploads', 'max-download-attempts', 'metrics-addr', 'mtu',
    'network-control-plane-mtu', 'network-diagnostic-port', 'no-new-privileges', 'no-proxy',
    'node-generic-resource', 'pidfile', 'raw-logs', 'registry-mirror', 'restart', 'rootless',
    'seccomp-profile', 'selinux-enabled', 'shutdown-timeout', 'storage-driver', 'storage-opt',
    'swarm-default-advertise-addr', 'tls', 'tlscacert', 'tlscert', 'tlskey', 'tlsverify',
    'userland-proxy', 'userland-proxy-path', 'userns-remap', 'validate', 'version',
  ],
};

/** The subset of DAEMON_FLAGS_BY_RELEASE that `dockerd --help` does not list (hidden or deprecated). */
export const DAEMON_HIDDEN_FLAGS_BY_RELEASE: Readonly<Record<string, readonly string[]>> = {
  '20.10': [
    'cluster-advertise', 'cluster-store', 'cluster-store-opt', 'graph', 'network-diagnostic-port',
    'restart',
  ],
  '26.1': ['network-diagnostic-port', 'restart'],
  '28.5': [
    'allow-nondistributable-artifacts', 'api-cors-header', 'network-diagnostic-port', 'restart',
  ],
};
