/**
 * Where real daemon releases break a rule of the document. The suites still report these as
 * failures: this list only lets the agreement test (simulator vs real daemon) and docs/known-deviations-table.md (generated from it) name
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
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'below-minimum',
    what: 'the message says "…, please upgrade your client to a newer version"; the document\'s form has no "please"',
    evidence:
      '29.7.2 built from the tag (2026-12-05, seed 20261123): message should read "client version 1.11 is too old. Minimum supported API version is 1.40, upgrade your client to a newer version", got "client version 1.11 is too old. Minimum supported API version is 1.40, please upgrade your client to a newer version"',
  },
  {
    rule: 'config.cgroup.systemd-unavailable',
    quirk: 'observed.config.cgroup.systemd-unavailable',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: '`--exec-opt native.cgroupdriver=systemd` on a host without systemd starts the daemon instead of failing',
    evidence:
      'exec-opts ["native.cgroupdriver=systemd"], no /run/systemd/system, cgroup v1: 20.10.24, 26.1.5 and 28.5.2 serve /_ping (26.1/28.5 --validate: "configuration OK"); 29.7.2 built from the tag (2026-12-05, seed 20261123): native.cgroupdriver=systemd on a host without systemd (by file): the daemon started and served (args: []; file: "{\\"exec-opts\\":[\\"native.cgroupdriver=systemd\\"]}")',
  },
  {
    rule: 'config.nondistributable.warning',
    quirk: 'observed.config.nondistributable.warning',
    releases: ['28.5'],
    cells: 'all',
    what: 'allow-nondistributable-artifacts in the configuration file is taken without any warning in the log (only the flag prints "Flag --allow-nondistributable-artifacts has been deprecated, …")',
    evidence:
      '28.5.2 started with {"allow-nondistributable-artifacts":["10.0.0.0/8"]}: no log line mentions it or a deprecation; with --allow-nondistributable-artifacts 10.0.0.0/8 the pflag line above appears, on stdout (2026-11-26: `--allow-nondistributable-artifacts 10.0.0.0/8 --validate` prints "Flag --allow-nondistributable-artifacts has been deprecated, Pushing nondistributable artifacts is now enabled by default. " on stdout and "configuration OK" on stderr; 26.1.5 prints no such line)',
  },

  {
    rule: 'config.info.shape',
    quirk: 'observed.config.info.shape',
    releases: ['28.5', '29.7'],
    cells: { api: ['1.47', '1.48'] },
    what: 'GET /info leaves RegistryConfig.AllowNondistributableArtifactsCIDRs and …Hostnames out from API 1.47; the document keeps them (as null) up to 1.48',
    evidence:
      '28.5.2: GET /v1.46/info has both fields (null), GET /v1.47/info and /v1.48/info have neither; 29.7.2 built from the tag (2026-12-05, seed 20261123): GET /v01.0047.0/info does not match the API 1.47 schema: /RegistryConfig must have required property \'AllowNondistributableArtifactsCIDRs\' {"missingProperty":"AllowNondistributableArtifactsCIDRs"}; /RegistryConfig must have required property \'AllowNondistri…',
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
    evidence:
      '20.10.24, reload of {"runtimes":{"a-rt":{"path":"/usr/bin/runc"}},"default-runtime":"a-rt"} then of {"runtimes":{"b-rt":{"path":"/usr/bin/runc"}}}: "Reloaded configuration: …", then "panic: runtime error: invalid memory address or nil pointer dereference" at daemon/info_unix.go:47 (fillPlatformInfo ← SystemInfo ← LogDaemonEventWithAttributes ← Reload), and the socket refuses connections (2026-11-23)',
  },
  {
    rule: 'listen.tcp.path',
    quirk: 'observed.listen.tcp.path',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'a tcp listen address with a path is refused at start instead of serving under the path',
    evidence:
      '-H tcp://127.0.0.1:23751/base: 26.1.5 and 28.5.2 exit with "invalid argument "tcp://127.0.0.1:23751/base" for "-H, --host" flag: invalid bind address (tcp://127.0.0.1:23751/base): should not contain a path element"; 20.10.24 exits 1 with "failed to load listeners: listen tcp: address tcp/23751/base: unknown port" (2026-11-24); 29.7.2 built from the tag (2026-12-05, seed 20261123): -H tcp://127.0.0.1:19805/ctcdxa: the daemon did not serve: Status: invalid argument "tcp://127.0.0.1:19805/ctcdxa" for "-H, --host" flag: invalid bind address (tcp://127.0.0.1:19805/ctcdxa): should not contain a path element | See \'dockerd --help\'., Code: 125',
  },
  {
    rule: 'listen.tcp.default-port',
    quirk: 'observed.listen.tcp.default-port',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'bare tcp:// (and host:) with TLS listens on 2375, not 2376',
    evidence:
      "in a private network namespace, -H tcp:// --tlsverify with the suite's certificates: GET https://127.0.0.1:2376/_ping is refused (ECONNREFUSED) on 20.10.24, 26.1.5 and 28.5.2; moby uses DefaultHTTPPort for every tcp address without a port, TLS or not (2026-11-24, again 2026-11-25); 29.7.2 built from the tag (2026-12-05, seed 20261123): -H tcp:// with TLS: GET https://127.0.0.1:2376/_ping inside the namespace got no answer (ECONNREFUSED connect ECONNREFUSED 127.0.0.1:2376)",
  },
  {
    rule: 'tls.encrypts',
    quirk: 'observed.tls.encrypts',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: '--tls without --tlsverify still requires client certificates',
    evidence:
      '--tls --tlscacert/--tlscert/--tlskey: a TLS client trusting the CA without a certificate gets the alert "certificate required" (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED) on 20.10.24, 26.1.5 and 28.5.2; moby cmd/dockerd requires and verifies client certificates unless tlsverify is set to false explicitly (--tls --tlsverify=false serves a client without a certificate) (2026-11-24, again 2026-11-25); 29.7.2 built from the tag (2026-12-05, seed 20261123): --tls: a TLS client trusting the CA without a certificate got no answer (ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED)',
  },
  {
    rule: 'tls.env-verify',
    quirk: 'observed.tls.env-verify',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'DOCKER_TLS_VERIFY is ignored by the daemon: the TCP listener serves plain HTTP',
    evidence:
      'DOCKER_TLS_VERIFY=1 with DOCKER_CERT_PATH holding ca.pem/cert.pem/key.pem and -H tcp://127.0.0.1:P: a TLS client gets ERR_SSL_WRONG_VERSION_NUMBER (the listener is plain HTTP) on 20.10.24, 26.1.5 and 28.5.2 (2026-11-24, again 2026-11-25); 29.7.2 built from the tag (2026-12-05, seed 20261123): DOCKER_TLS_VERIFY="0": a client with a certificate of the CA got no answer (ERR_SSL_WRONG_VERSION_NUMBER)',
  },
  {
    rule: 'tls.versions.supported',
    quirk: 'observed.tls.versions.supported',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'TLS 1.0 and 1.1 are refused: the minimum is TLS 1.2',
    evidence:
      'a client limited to TLSv1 (and to TLSv1.1) gets the alert protocol_version (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION) on 20.10.24, 26.1.5 and 28.5.2; go-connections tlsconfig sets MinVersion TLS 1.2 (2026-11-24, again 2026-11-25); 29.7.2 built from the tag (2026-12-05, seed 20261123): a client limited to TLSv1 got no handshake (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION); a client limited to TLSv1.1 got no handshake (ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION) (TLSv1.2, TLSv1.3 served)',
  },
  {
    rule: 'tls.remote-requires-verify',
    quirk: 'observed.tls.remote-requires-verify',
    releases: ['28.5', '29.7'],
    cells: 'all',
    what: 'a remote TCP listener without TLS verification still starts (with a deprecation notice) instead of being refused',
    evidence:
      'in a private network namespace, -H tcp://10.250.0.1:2375 --tls=false: 28.5.2 starts and serves, logging "[DEPRECATION NOTICE] … In future versions this will be a hard failure preventing the daemon from starting!" (2026-11-24, again 2026-11-25); 29.7.2 built from the tag (2026-12-05, seed 20261123): a remote listener on 10.250.0.1 with flag --tls=false: the daemon started and served (args: ["-H","tcp://10.250.0.1:2375","--tls=false"])',
  },
  {
    rule: 'metrics.requires-experimental',
    quirk: 'observed.metrics.requires-experimental',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: '--metrics-addr serves /metrics without experimental mode',
    evidence:
      '--metrics-addr 127.0.0.1:19323 without --experimental: GET /metrics answers 200 "text/plain; version=0.0.4" with builder_builds_failed_total… on 20.10.24, 26.1.5 and 28.5.2 (2026-11-24); 29.7.2 built from the tag (2026-12-05, seed 20261123): without experimental mode GET /metrics on the metrics address answered 200',
  },
  {
    rule: 'config.file.validate',
    quirk: 'observed.config.file.validate',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release: 20.10 has no `--validate` (the document gives it no release)',
    evidence: '20.10.24, `--validate` with a valid file: exit 1, "Status: unknown flag: --validate\nSee \'dockerd --help\'., Code: 125" (2026-11-26)',
  },
  {
    rule: 'config.cli.options',
    quirk: 'observed.config.cli.options',
    releases: ['20.10', '26.1'],
    cells: 'all',
    what: 'absent in this release: documented options are unknown flags (20.10.24 lacks --allow-direct-routing, --bip6, --cdi-spec-dir, --default-network-opt, --feature, --http-proxy, --https-proxy, --ip-forward-no-drop, --log-format, --no-proxy, --validate; 26.1.5 lacks --allow-direct-routing, --bip6, --feature, --ip-forward-no-drop)',
    evidence:
      'a command line of every documented option the suite sets: 20.10.24 and 26.1.5 exit 1 with "Status: unknown flag: --allow-direct-routing\nSee \'dockerd --help\'., Code: 125" (2026-11-26); the flag lists of specs/daemon-flags.ts',
  },
  {
    rule: 'config.file.keys',
    quirk: 'observed.config.file.keys',
    releases: ['20.10', '26.1'],
    cells: 'all',
    what: 'absent in this release: documented keys are unknown directives (20.10.24: allow-direct-routing, cdi-spec-dirs, log-format, the proxies fields, default-network-opts, host-gateway-ips; 26.1.5: allow-direct-routing, host-gateway-ips)',
    evidence:
      'a file of every documented key the suite sets: 20.10.24 exits 1 with "unable to configure the Docker daemon with file …/daemon.json: the following directives don\'t match any configuration option: https-proxy, cdi-spec-dirs, log-format, allow-direct-routing, no-proxy, http-proxy"; 26.1.5 --validate exits 1 with "… don\'t match any configuration option: allow-direct-routing"; {"host-gateway-ips":["10.0.0.2"]}: "… don\'t match any configuration option: host-gateway-ips" on both (2026-11-26)',
  },
  {
    rule: 'config.file.plural-keys',
    quirk: 'observed.config.file.plural-keys',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release: documented plural keys are unknown directives (cdi-spec-dirs, default-network-opts)',
    evidence:
      '{"cdi-spec-dirs":["/etc/ctce60ly"]}: 20.10.24 exits 1 with "unable to configure the Docker daemon with file …/daemon.json: the following directives don\'t match any configuration option: cdi-spec-dirs" (run --only config.file.plural-keys, 2026-12-05)',
  },
  {
    rule: 'config.file.nested-shapes',
    quirk: 'observed.config.file.nested-shapes',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release: the documented proxies object is no key (its fields are read as top-level directives, which 20.10 does not have), nor is default-network-opts',
    evidence:
      'a file of every nested shape of the document: 20.10.24 exits 1 with "unable to configure the Docker daemon with file …/daemon.json: the following directives don\'t match any configuration option: http-proxy, https-proxy, no-proxy" (run --only config.file.nested-shapes, 2026-12-05)',
  },
  {
    rule: 'config.host-gateway.ips',
    quirk: 'observed.config.host-gateway.ips',
    releases: ['20.10', '26.1'],
    cells: 'all',
    what: "absent in this release: host-gateway-ips, the document's array of one or two addresses, is an unknown directive (the older single string host-gateway-ip is taken)",
    evidence:
      '{"host-gateway-ips":["10.0.0.2","fd00::2"]}: 20.10.24 and 26.1.5 exit 1 with "unable to configure the Docker daemon with file …/daemon.json: the following directives don\'t match any configuration option: host-gateway-ips" (run --only config.host-gateway.ips, 2026-12-05)',
  },
  {
    rule: 'config.cli.feature-value',
    quirk: 'observed.config.cli.feature-value',
    releases: ['20.10', '26.1'],
    cells: 'all',
    what: 'absent in this release: `--feature` is an unknown flag (the document gives it no release)',
    evidence: '`--feature cdi`: 20.10.24 and 26.1.5 exit 1 with "Status: unknown flag: --feature\nSee \'dockerd --help\'., Code: 125" (2026-11-26)',
  },
  {
    rule: 'config.features.exclusive',
    quirk: 'observed.config.features.exclusive',
    releases: ['20.10', '26.1'],
    cells: 'all',
    what: 'absent in this release: `--feature` alone does not start (unknown flag)',
    evidence: '`--feature cdi=false` alone: 20.10.24 and 26.1.5 exit 1 with "Status: unknown flag: --feature\nSee \'dockerd --help\'., Code: 125" (2026-11-26)',
  },
  {
    rule: 'config.log-format.exclusive',
    quirk: 'observed.config.log-format.exclusive',
    releases: ['20.10'],
    cells: 'all',
    what: "absent in this release: `--log-format` alone does not start (unknown flag), and the file's log-format is an unknown directive",
    evidence: '`--log-format=text` alone: 20.10.24 exits 1 with "Status: unknown flag: --log-format\nSee \'dockerd --help\'., Code: 125" (2026-11-26)',
  },
  {
    rule: 'config.log-format.json',
    quirk: 'observed.config.log-format.json',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release: `--log-format=json` is an unknown flag, there are no JSON log lines',
    evidence:
      '`--log-format=json --log-level=info`: 20.10.24 exits 1 with "Status: unknown flag: --log-format\nSee \'dockerd --help\'., Code: 125" (2026-11-26)',
  },
  {
    rule: 'config.network-opts.forms',
    quirk: 'observed.config.network-opts.forms',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release: `--default-network-opt` is an unknown flag and default-network-opts no key (the object is flattened into directives: its `bridge` conflicts with --bridge)',
    evidence:
      '{"default-network-opts":{"bridge":{"com.example.ctca":"a"}}} with the suite\'s --bridge=none: 20.10.24 exits 1 with "unable to configure the Docker daemon with file …/daemon.json: the following directives are specified both as a flag and in the configuration file: bridge: (from flag: none, from file: map[com.example.ctca:a])" (2026-11-26)',
  },
  {
    rule: 'config.cdi.spec-dirs',
    quirk: 'observed.config.cdi.spec-dirs',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release: GET /info has no CDISpecDirs (and there is neither --cdi-spec-dir nor cdi-spec-dirs), so no configured directory is listed',
    evidence: '20.10.24 started with {}: GET /info has no CDISpecDirs field (2026-11-26)',
  },
  {
    rule: 'config.env.proxy-precedence',
    quirk: 'observed.config.env.proxy-precedence',
    releases: ['20.10'],
    cells: 'all',
    what: 'absent in this release (strict reading): `--http-proxy`, `--https-proxy` and `--no-proxy` are unknown flags; by the other reading ("23.0 and later" for the flags too) the rule does not apply',
    evidence:
      'HTTP_PROXY=http://ctc-env.example:3128 with --http-proxy=http://ctc-flag.example:3129: 20.10.24 exits 1 with "Status: unknown flag: --http-proxy\nSee \'dockerd --help\'., Code: 125" (2026-11-26)',
  },
  {
    rule: 'config.values.enum',
    quirk: 'observed.config.values.enum',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: "log levels outside the document's list are taken (the logging library's levels: `trace` and `panic`, and on 20.10 `warning`, which 26.1 and 28.5 refuse); on 20.10 `--log-format` is also an unknown flag. The other reading (the list need not be exhaustive) passes on 26.1 and 28.5",
    evidence:
      '{"log-level":"trace"}: 26.1.5 and 28.5.2 start and serve; {"log-level":"warning"} with --validate: 26.1.5 and 28.5.2 "… failed: invalid logging level: warning"; 20.10.24 started with --log-level=trace, panic or warning serves, and with a word that names no level exits "unable to parse logging level: …" (test/reading-claims/daemon-config.ts, 2026-12-05; 20.10.24 checks --max-concurrent-downloads before the level, so a refusal of that flag proves nothing of the level); 20.10.24 `--log-format=text`: "Status: unknown flag: --log-format\nSee \'dockerd --help\'., Code: 125" (2026-11-26); 29.7.2 built from the tag (2026-12-05, seed 20261123): log-level trace (not a listed value, by file): the daemon started and served (args: []; file: "{\\"log-level\\":\\"trace\\"}")',
  },
  {
    rule: 'config.file.json',
    quirk: 'observed.config.file.json',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'files that are not JSON text of an object are taken: 20.10 reads the first JSON value and ignores what follows (trailing data, a second document) and takes invalid UTF-8; 26.1 and 28.5 drop a UTF-8 byte-order mark, decode UTF-16 that starts with one, and take an empty or blank file as no options (all of which the other reading allows)',
    evidence:
      '20.10.24 serves with {"debug":true,"labels":["ctc-form=2"]} { (trailing " {"); 26.1.5 and 28.5.2 --validate answer "configuration OK" (exit 0) for EF BB BF + {"debug":true}, for UTF-16 with a BOM, for an empty and a whitespace-only file, and refuse trailing data ("invalid character \'x\' after top-level value"), two documents, UTF-16 without a BOM and invalid UTF-8 ("failed to decode configuration JSON at offset 19: encoding: invalid UTF-8") (2026-11-26); 29.7.2 built from the tag (2026-12-05, seed 20261123): a configuration file that is not JSON text of an object (bom: "ï»¿{\\"debug\\":true,\\"labels\\":[\\"ctc-form=4\\"]}"): the daemon started and served (args: ["--config-file","/tmp/ctc-json-0v1UiX/daemon.json"])',
  },
  {
    rule: 'config.file.types',
    quirk: 'observed.config.file.types',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'some keys take a value of any type: containerd-plugins-namespace is read into no field (its field is containerd-plugin-namespace) and takes any value; from 23.0 so do the top-level http-proxy, https-proxy and no-proxy (default-shm-size, refused as "invalid size", and 28.x\'s default-address-pools, refused naming only the Go type, are refused: config.file.types.message leaves their words out)',
    evidence:
      '{"containerd-plugins-namespace":7}: served by 20.10.24, --validate "configuration OK" on 26.1.5 and 28.5.2; {"http-proxy":7} (and https-proxy, no-proxy): "configuration OK" on 26.1.5 and 28.5.2; {"default-shm-size":7}: "unable to configure the Docker daemon with file …: invalid size: "7"" on all three (28.5.2 with "invalid JSON: "); {"default-address-pools":"x"} on 28.5.2: "invalid JSON: json: cannot unmarshal string into Go value of type []*ipamutils.NetworkToSplit" (2026-11-26); 29.7.2 built from the tag (2026-12-05, seed 20261123): containerd-plugins-namespace (string) given 7: the daemon started and served (args: []; file: "{\\"containerd-plugins-namespace\\":7}")',
  },
  {
    rule: 'config.file.conflict',
    quirk: 'observed.config.file.conflict',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: "--add-runtime together with the file's runtimes is no conflict: the two are merged",
    evidence:
      '--add-runtime=ctcy=/bin/true with {"runtimes":{"ctcx":{"path":"/bin/true"}}}: 26.1.5 and 28.5.2 --validate "configuration OK"; 20.10.24 (with --max-concurrent-downloads=-1) gets past the conflict check to "invalid max concurrent downloads: -1"; in a file with every option the suite sets by flag too, every other conflict is listed, runtimes not (2026-11-26); 29.7.2 built from the tag (2026-12-05, seed 20261123): options set both by flag and in the file: the refusal does not name runtimes (equal values) as set both ways (args: ["--debug=true","--experimental=true","--live-restore=true","--ip-masq=false","--init=false","--no-new-privileges=true","--raw-logs=true","--…',
  },
  {
    rule: 'config.cli.help',
    quirk: 'observed.config.cli.help',
    releases: ['20.10', '26.1'],
    cells: 'all',
    what: 'absent in this release: the usage does not list documented options the release lacks',
    evidence:
      '--help: the usage of 20.10.24 lists none of --allow-direct-routing, --bip6, --cdi-spec-dir, --default-network-opt, --feature, --http-proxy, --https-proxy, --ip-forward-no-drop, --log-format, --no-proxy, --validate; that of 26.1.5 none of --allow-direct-routing, --bip6, --feature, --ip-forward-no-drop (2026-11-26)',
  },
  {
    rule: 'config.runtimes.default',
    quirk: 'observed.config.runtimes.default',
    releases: ['20.10'],
    cells: 'all',
    what: "a shim's fully qualified name that is not registered is refused as default-runtime (the document accepts it)",
    evidence:
      '{"default-runtime":"io.containerd.ctcshim.v2"}: 20.10.24 exits 1 with "unable to configure the Docker daemon with file …/daemon.json: configuration validation from file failed: specified default runtime \'io.containerd.ctcshim.v2\' does not exist" (2026-11-26)',
  },
  {
    rule: 'reload.invalid.unchanged',
    quirk: 'observed.reload.invalid.unchanged',
    releases: ['20.10'],
    cells: 'all',
    what: 'a reload whose insecure-registries or registry-mirrors the daemon refuses ("Error reconfiguring the daemon") is half applied: the options daemon.Reload handles before the registries (runtimes and default-runtime, the download limits, shutdown-timeout, features, labels; insecure-registries when the mirrors are refused) take the file\'s values, live-restore and Debug do not; 26.1 and 28.5 apply nothing of it',
    evidence:
      '20.10.24 (2026-11-26), file {"insecure-registries":["ftp://10.9.0.0/16"],"labels":["v=10"],"live-restore":true,"shutdown-timeout":40,"registry-mirrors":["https://192.0.2.3"]} after {"labels":["base=0"],"shutdown-timeout":20}: "Error reconfiguring the daemon: insecure registry ftp://10.9.0.0/16 should not contain \'://\'", then /info Labels ["v=10"], LiveRestoreEnabled false, and a reload of {} logs "shutdown-timeout":40; with {"registry-mirrors":["ftp://192.0.2.9"],"labels":["v=12"],…,"insecure-registries":["10.12.0.0/16"]}: "Error reconfiguring the daemon: invalid mirror: unsupported scheme "ftp" in "ftp://192.0.2.9"", then /info Labels ["v=12"] and InsecureRegistryCIDRs ["10.12.0.0/16","127.0.0.0/8"]; run --only reload.invalid.unchanged (seed 2129432396) also showed Runtimes and DefaultRuntime taken from such a file. 26.1.5 and 28.5.2 with the same files: /info and the next reload line unchanged',
  },
  {
    rule: 'reload.flags.kept',
    quirk: 'observed.reload.flags.kept',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'every reload returns max-concurrent-downloads, max-concurrent-uploads and max-download-attempts given as start flags to their defaults (3, 5, 5), and features given with --feature (28.5) to none, though the file cannot name them; the other flags (labels, debug, shutdown-timeout, …) are kept',
    evidence:
      'started with --max-concurrent-downloads 7 --shutdown-timeout 9 (28.5 also --feature cdi=false), reloads of {"labels":["v=1"]}, {"max-concurrent-uploads":7} and {}: each "Reloaded configuration" line shows "max-concurrent-downloads":3 and "shutdown-timeout":9, and on 28.5 no features; 20.10.24, 26.1.5 and 28.5.2 alike (2026-11-26); 29.7.2 built from the tag (2026-12-05, seed 20261123): SIGHUP with the file {"max-concurrent-uploads":8,"registry-mirrors":["https://192.0.2.126"],"default-shm-size":"1G","default-ipc-mode":"private","default-cgroupns-mode":"host","runtimes":{"ctcgqv-rt":{"path":"/usr/bin/runc"}},"default-runtime":"ctcgqv-rt"}:…',
  },
  {
    rule: 'deprecated.images-list.filter-parameter',
    quirk: 'observed.deprecated.images-list.filter-parameter',
    releases: ['20.10', '26.1', '28.5'],
    cells: {
      api: [
        '1.12',
        '1.13',
        '1.14',
        '1.15',
        '1.16',
        '1.17',
        '1.18',
        '1.19',
        '1.20',
        '1.21',
        '1.22',
        '1.23',
        '1.24',
        '1.25',
        '1.26',
        '1.27',
        '1.28',
        '1.29',
        '1.30',
        '1.31',
        '1.32',
        '1.33',
        '1.34',
        '1.35',
        '1.36',
        '1.37',
        '1.38',
        '1.39',
        '1.40',
      ],
    },
    what: 'below API 1.41 the `filter` parameter of GET /images/json, removed in 20.10, still filters (as a reference filter); the document gives the removal no API range',
    evidence:
      '2026-11-26, an imported ctc-load/img:1 among ctc-base/busybox:1 and ctc-commit/img:1: GET /v1.24/images/json?filter=ctc-load/img and GET /v1.40/images/json?filter=ctc-load/img list only ["ctc-load/img:1"] on 20.10.24, 26.1.5 and 28.5.2; GET /v1.41/… lists all three. run --only deprecated.images-list.filter-parameter: fail at every API version below 1.41 (20.10.24: 1.12–1.40; 26.1.5: 1.24–1.40), e.g. "the removed filter=ctc-fa-rv1-24/img should filter nothing … got ["ctc-fa-rv1-24/img:1"] (API 1.24)"',
  },
  {
    rule: 'deprecated.container-start.host-config',
    quirk: 'observed.deprecated.container-start.host-config',
    releases: ['20.10'],
    cells: { api: ['1.12', '1.13', '1.14', '1.15', '1.16', '1.17', '1.18', '1.19', '1.20', '1.21', '1.22', '1.23'] },
    what: 'below API 1.24 a start with a host-configuration body (removed in release 1.12, no API range in the document) takes the body as the host configuration and starts the container',
    evidence:
      '2026-11-26, 20.10.24, run --only deprecated.container-start.host-config: POST /v1.12/containers/<id>/start {"Dns":["10.1.2.1"],"DnsSearch":["a.example"],"ReadonlyRootfs":true} answers 204 and inspect shows Dns ["10.1.2.1"], DnsSearch ["a.example"], ReadonlyRootfs true; the same at every API version 1.12–1.23; from 1.24 400 "starting container with non-empty request body was deprecated since API v1.22 and removed in v1.24"',
  },
  {
    rule: 'deprecated.container-copy.removed',
    quirk: 'observed.deprecated.container-copy.removed',
    releases: ['20.10'],
    cells: { api: ['1.12', '1.13', '1.14', '1.15', '1.16', '1.17', '1.18', '1.19', '1.20', '1.21', '1.22', '1.23'] },
    what: 'below API 1.24 POST /containers/{id}/copy (removed in release 1.12, no API range in the document) still copies: 200 with a tar of the resource',
    evidence:
      '2026-11-26, 20.10.24, run --only deprecated.container-copy.removed: POST /v1.12/containers/<id>/copy {"Resource":"/etc/hostname"} answers 200 with a tar whose first entry is "hostname", at every API version 1.12–1.23 ("the removed POST /containers/{id}/copy should be 404 at every API version, got 200 (API 1.12)"); from 1.24 a bare 404',
  },
  {
    rule: 'deprecated.image-inspect.container-config',
    quirk: 'observed.deprecated.image-inspect.container-config',
    releases: ['26.1', '28.5'],
    cells: {
      api: [
        '1.24',
        '1.25',
        '1.26',
        '1.27',
        '1.28',
        '1.29',
        '1.30',
        '1.31',
        '1.32',
        '1.33',
        '1.34',
        '1.35',
        '1.36',
        '1.37',
        '1.38',
        '1.39',
        '1.40',
        '1.41',
        '1.42',
        '1.43',
        '1.44',
      ],
    },
    what: 'below API 1.45 image inspect leaves Container out when it is empty (an imported image); the document omits it only from 1.45 (the other reading, "may be left out when empty", holds)',
    evidence:
      '2026-11-26, an image imported with POST /images/create?fromSrc=-: GET /v1.24/images/ctc-base/busybox:1/json has no Container key on 26.1.5 and 28.5.2 (20.10.24: "Container":""); a committed image has "Container":"<the container\'s id>" below 1.45 on all three',
  },
  {
    rule: 'deprecated.image-inspect.nonstandard-fields',
    quirk: 'observed.deprecated.image-inspect.nonstandard-fields',
    releases: ['28.5', '29.7'],
    cells: {
      api: [
        '1.24',
        '1.25',
        '1.26',
        '1.27',
        '1.28',
        '1.29',
        '1.30',
        '1.31',
        '1.32',
        '1.33',
        '1.34',
        '1.35',
        '1.36',
        '1.37',
        '1.38',
        '1.39',
        '1.40',
        '1.41',
        '1.42',
        '1.43',
        '1.44',
        '1.45',
        '1.46',
        '1.47',
        '1.48',
        '1.49',
      ],
    },
    what: 'below API 1.50 image inspect writes Hostname, Domainname, AttachStdin/out/err, Tty, OpenStdin, StdinOnce and Image with their empty values and leaves NetworkDisabled, MacAddress and StopTimeout out, whatever the image configuration sets: "older API versions keep them" does not hold for set fields',
    evidence:
      '2026-11-26, 28.5.2, POST /images/load of an archive whose config sets "Hostname":"lh","Domainname":"ld","AttachStdin":true,…,"Tty":true,"Image":"sha256:abab…","NetworkDisabled":true,"MacAddress":"02:42:ac:11:00:0a","StopTimeout":9: GET /v1.24/… and /v1.49/images/ctc-load/img:1/json give Config {"AttachStderr":false,"AttachStdin":false,…,"Hostname":"","Image":"",…,"Tty":false,…} without NetworkDisabled, MacAddress, StopTimeout (26.1.5 and 20.10.24 give "Hostname":"lh", …, "StopTimeout":9); a container committed with Hostname hh1, Tty true, StopTimeout 7 gives the same empty values; 29.7.2 built from the tag (2026-12-05, seed 20261123): below API 1.50 Config should keep Hostname as the image\'s configuration gives it, "ctc-h", got "" (API 1.40)',
  },
  {
    rule: 'deprecated.image-inspect.container-config',
    quirk: 'observed.deprecated.image-inspect.container-config.null',
    releases: ['29.7'],
    cells: { api: ['1.40', '1.41', '1.42', '1.43', '1.44'] },
    what: 'below API 1.45 image inspect writes ContainerConfig as null (Container as ""), even for a loaded image whose configuration names a container; the document ("API v1.45 and later omit Container and ContainerConfig") keeps them below 1.45',
    evidence:
      '29.7.2 built from the tag, its containerd image store (2026-12-05, seed 20261123): GET /v1.44/images/ctc-load/container-config-1-44:…/json of a loaded image answers "Container":"","ContainerConfig":null; the suite: "below API 1.45 image inspect should keep ContainerConfig as an object, got null (API 1.40)", at 1.40 to 1.44',
  },
  {
    rule: 'deprecated.kernel-memory',
    quirk: 'observed.deprecated.kernel-memory',
    releases: ['29.7'],
    cells: { api: ['1.40', '1.41'] },
    what: 'a create below API 1.42 does not keep KernelMemory: inspect has no such field at any API version; the document says "API v1.42 and later ignore the kernel memory limit option; older versions accept it"',
    evidence:
      '29.7.2 built from the tag (2026-12-05, seed 20261123): "below API 1.42 a create with KernelMemory 969932800 should keep it, inspect shows undefined (API 1.40)", and at 1.41 with 276824064',
  },
  {
    rule: 'deprecated.network-settings.top-level',
    quirk: 'observed.deprecated.network-settings.top-level',
    releases: ['29.7'],
    cells: 'all',
    what: 'container inspect has none of the deprecated top-level NetworkSettings fields (EndpointID, Gateway, GlobalIPv6Address, GlobalIPv6PrefixLen, IPAddress, IPPrefixLen, IPv6Gateway, MacAddress) at any API version; the document deprecates them "in favour of NetworkSettings.Networks" and removes them nowhere',
    evidence:
      '29.7.2 built from the tag (2026-12-05, seed 20261123): "NetworkSettings should still have the deprecated EndpointID at API 1.40", and so at every API version from 1.40 to 1.55',
  },
  {
    rule: 'deprecated.events.legacy-fields',
    quirk: 'observed.deprecated.events.legacy-fields',
    releases: ['29.7'],
    cells: { api: ['1.52', '1.53', '1.54', '1.55'] },
    what: 'from API 1.52 events carry no status, id and from; the document says only that they "are deprecated in favour of a richer structure"',
    evidence:
      '29.7.2 built from the tag (2026-12-05, seed 20261123): "the deprecated (not removed) status should be there at every API version: the container create event should have status = Action, got undefined (API 1.52)", and at 1.53 to 1.55 (image tag, container die); below 1.52 they are there',
  },
  {
    rule: 'authz.spec-path',
    quirk: 'observed.authz.spec-path',
    releases: ['20.10', '26.1', '28.5', '29.7'],
    cells: 'all',
    what: 'a plugin named by the absolute path of its spec file is not found: the releases look plugins up by name only, retry, and end the start',
    evidence:
      '--authorization-plugin /tmp/ctc-…/ctca.spec, a spec file "unix://<socket>" of a running test plugin outside the plugin directory: level=warning msg="Unable to locate plugin: /tmp/ctc-…/ctca.spec, retrying in 4s", then "… retrying in 8s", then "failed to validate authorization plugin: plugin "/tmp/ctc-…/ctca.spec" not found" and a non-zero exit, nothing served, on 20.10.24, 26.1.5 and 28.5.2 (run --only authz.spec-path; the other reading passes on all three, 2026-11-26); 29.7.2 built from the tag (2026-12-05, seed 20261123): --authorization-plugin /tmp/ctc-oFaE30/ctcym8.spec (the spec file of a running plugin): the daemon did not start (args: ["--authorization-plugin","/tmp/ctc-oFaE30/ctcym8.spec"]): time="2026-12-05T07:10:35.392399972Z" level=warning msg="Unable to locate plug…',
  },
  {
    rule: 'authz.body.large',
    quirk: 'observed.authz.body.large',
    releases: ['20.10'],
    cells: 'all',
    what: 'a JSON body of 1 MiB or more, sent with Content-Length or chunked, is not shown to the plugins and the route acts on it (moby before 29.4: "Request body is larger than: \'1048576\' skipping body"); the shape of CVE-2024-41110 by size',
    evidence:
      'a plugin that denies any request whose body it is shown with a marker at its end; POST /v1.41/containers/create, Content-Type application/json, {"Image":"ctcnone-example","Labels":{"ctcpad":"aaa…","ctcmark":"ctcmarkExample1"}} of 1048576 bytes with Content-Length (likewise chunked 1048676 and 4194404 bytes, Content-Length 4194305): the plugin got AuthZReq with no RequestBody and allowed it, and 20.10.24+dfsg1 answered 404 {"message":"No such image: ctcnone-example:latest"}, the image the hidden body names (run --only authz.body.large, 2026-11-26). A chunked body under 1 MiB is shown whole on this build (Debian carries the CVE-2024-41110 fix); 26.1.5+dfsg1 and 28.5.2+dfsg4 show bodies up to 4194304 bytes and answer 500 "request body too large for authorization plugin: size exceeds 4194304 bytes" above (authz.body.limit)',
  },
];
