/**
 * Where real daemon releases break a rule of the document. The suites still report these as
 * failures: this list only lets the agreement test (simulator vs real daemon) and the README name
 * them, so that any other difference is caught.
 */
export interface KnownDeviation {
  readonly rule: string;
  /** Release series observed to deviate. */
  readonly releases: readonly string[];
  /** The deviating cells: those of API versions below the minimum, or every cell of the rule. */
  readonly cells: 'below-minimum' | 'all' | { readonly api: readonly string[] };
  readonly what: string;
  /** How it was observed (the release's exact output where it matters). */
  readonly evidence?: string;
  /** The observed quirk that makes ctrd-sim --as-observed do the same: `observed.<rule-id>` (suffixed when a rule has two entries). */
  readonly quirk: string;
}

export const KNOWN_DEVIATIONS: readonly KnownDeviation[] = [
  {
    rule: 'api.version.too-old.wording',
    quirk: 'observed.api.version.too-old.wording',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'below-minimum',
    what: 'the message says "…, please upgrade your client to a newer version"; the document\'s form has no "please"',
  },
  {
    rule: 'config.cgroup.systemd-unavailable',
    quirk: 'observed.config.cgroup.systemd-unavailable',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: '`--exec-opt native.cgroupdriver=systemd` on a host without systemd starts the daemon instead of failing',
    evidence: 'exec-opts ["native.cgroupdriver=systemd"], no /run/systemd/system, cgroup v1: 20.10.24, 26.1.5 and 28.5.2 serve /_ping (26.1/28.5 --validate: "configuration OK")',
  },
  {
    rule: 'config.nondistributable.warning',
    quirk: 'observed.config.nondistributable.warning',
    releases: ['28.5'],
    cells: 'all',
    what: 'allow-nondistributable-artifacts in the configuration file is taken without any warning in the log (only the flag prints "Flag --allow-nondistributable-artifacts has been deprecated, …")',
    evidence: '28.5.2 started with {"allow-nondistributable-artifacts":["10.0.0.0/8"]}: no log line mentions it or a deprecation; with --allow-nondistributable-artifacts 10.0.0.0/8 the pflag line above appears, on stdout (2026-11-26: `--allow-nondistributable-artifacts 10.0.0.0/8 --validate` prints "Flag --allow-nondistributable-artifacts has been deprecated, Pushing nondistributable artifacts is now enabled by default. " on stdout and "configuration OK" on stderr; 26.1.5 prints no such line)',
  },

  {
    rule: 'config.info.shape',
    quirk: 'observed.config.info.shape',
    releases: ['28.5'],
    cells: { api: ['1.47', '1.48'] },
    what: 'GET /info leaves RegistryConfig.AllowNondistributableArtifactsCIDRs and …Hostnames out from API 1.47; the document keeps them (as null) up to 1.48',
    evidence: '28.5.2: GET /v1.46/info has both fields (null), GET /v1.47/info and /v1.48/info have neither',
  },
  {
    rule: 'reload.atomic',
    quirk: 'observed.reload.atomic',
    releases: ['20.10'],
    cells: 'all',
    what: 'a reload applies its options one at a time without a snapshot: an /info answer during a reload can mix the old labels and live-restore with the new runtimes and default runtime (26.1 and 28.5 swap one configuration)',
    evidence:
      '20.10.24, 8 readers of /info during 20 reloads between two generated configurations, on every attempt (4 of 4, 2026-11-23): e.g. [["kxz5g5e.lhbe2s=srk"],false,["ctcqalah-rt"],"ctcqalah-rt"] between [["kxz5g5e.lhbe2s=srk"],false,["ctcz4s-rt"],"ctcz4s-rt"] and [["kms65b.ituc=7x8kp0vm"],true,["ctcqalah-rt"],"ctcqalah-rt"] (Labels, LiveRestoreEnabled, Runtimes, DefaultRuntime)',
  },
  {
    rule: 'reload.sighup.applies',
    quirk: 'observed.reload.sighup.applies',
    releases: ['20.10'],
    cells: 'all',
    what: 'a valid reload that replaces the runtimes without naming a default, while the default in effect is one of those it drops, crashes the daemon (nil-pointer panic in fillPlatformInfo as it logs the reload event); 26.1 and 28.5 refuse the file ("specified default runtime … does not exist") and keep running',
    evidence: '20.10.24, reload of {"runtimes":{"a-rt":{"path":"/usr/bin/runc"}},"default-runtime":"a-rt"} then of {"runtimes":{"b-rt":{"path":"/usr/bin/runc"}}}: "Reloaded configuration: …", then "panic: runtime error: invalid memory address or nil pointer dereference" at daemon/info_unix.go:47 (fillPlatformInfo ← SystemInfo ← LogDaemonEventWithAttributes ← Reload), and the socket refuses connections (2026-11-23)',
  },
  {
    rule: 'listen.tcp.path',
    quirk: 'observed.listen.tcp.path',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: 'a tcp listen address with a path is refused at start instead of serving under the path',
    evidence: '-H tcp://127.0.0.1:23751/base: 26.1.5 and 28.5.2 exit with "invalid argument \"tcp://127.0.0.1:23751/base\" for \"-H, --host\" flag: invalid bind address (tcp://127.0.0.1:23751/base): should not contain a path element"; 20.10.24 exits 1 with "failed to load listeners: listen tcp: address tcp/23751/base: unknown port" (2026-11-24)',
  },
  {
    rule: 'listen.tcp.default-port',
    quirk: 'observed.listen.tcp.default-port',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: 'bare tcp:// (and host:) with TLS listens on 2375, not 2376',
    evidence: 'in a private network namespace, -H tcp:// --tlsverify with the suite\'s certificates: GET https://127.0.0.1:2376/_ping is refused (ECONNREFUSED) on 20.10.24, 26.1.5 and 28.5.2; moby uses DefaultHTTPPort for every tcp address without a port, TLS or not (2026-11-24, again 2026-11-25)',
  },
  {
    rule: 'tls.encrypts',
    quirk: 'observed.tls.encrypts',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: '--tls without --tlsverify still requires client certificates',
    evidence: '--tls --tlscacert/--tlscert/--tlskey: a TLS client trusting the CA without a certificate gets the alert "certificate required" (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED) on 20.10.24, 26.1.5 and 28.5.2; moby cmd/dockerd requires and verifies client certificates unless tlsverify is set to false explicitly (--tls --tlsverify=false serves a client without a certificate) (2026-11-24, again 2026-11-25)',
  },
  {
    rule: 'tls.env-verify',
    quirk: 'observed.tls.env-verify',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: 'DOCKER_TLS_VERIFY is ignored by the daemon: the TCP listener serves plain HTTP',
    evidence: 'DOCKER_TLS_VERIFY=1 with DOCKER_CERT_PATH holding ca.pem/cert.pem/key.pem and -H tcp://127.0.0.1:P: a TLS client gets ERR_SSL_WRONG_VERSION_NUMBER (the listener is plain HTTP) on 20.10.24, 26.1.5 and 28.5.2 (2026-11-24, again 2026-11-25)',
  },
  {
    rule: 'tls.versions.supported',
    quirk: 'observed.tls.versions.supported',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: 'TLS 1.0 and 1.1 are refused: the minimum is TLS 1.2',
    evidence: 'a client limited to TLSv1 (and to TLSv1.1) gets the alert protocol_version (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION) on 20.10.24, 26.1.5 and 28.5.2; go-connections tlsconfig sets MinVersion TLS 1.2 (2026-11-24, again 2026-11-25)',
  },
  {
    rule: 'tls.remote-requires-verify',
    quirk: 'observed.tls.remote-requires-verify',
    releases: ['28.5'],
    cells: 'all',
    what: 'a remote TCP listener without TLS verification still starts (with a deprecation notice) instead of being refused',
    evidence: 'in a private network namespace, -H tcp://10.250.0.1:2375 --tls=false: 28.5.2 starts and serves, logging "[DEPRECATION NOTICE] … In future versions this will be a hard failure preventing the daemon from starting!" (2026-11-24, again 2026-11-25)',
  },
  {
    rule: 'metrics.requires-experimental',
    quirk: 'observed.metrics.requires-experimental',
    releases: ['20.10', '26.1', '28.5'],
    cells: 'all',
    what: '--metrics-addr serves /metrics without experimental mode',
    evidence: '--metrics-addr 127.0.0.1:19323 without --experimental: GET /metrics answers 200 "text/plain; version=0.0.4" with builder_builds_failed_total… on 20.10.24, 26.1.5 and 28.5.2 (2026-11-24)',
  },
];
