/**
 * Every row of daemon.md › Versioning › Deprecation catalogue, in the document's order, and the
 * feature lifecycle of daemon.md › Feature lifecycle as data. Versions are written without the
 * document's "v". Data only: common/lifecycle.ts evaluates it.
 */

/** What a row is about, where the daemon or its API can show it. */
export type DeprecationConcern =
  | { readonly kind: 'daemon-option'; readonly flags: readonly string[]; readonly fileKeys?: readonly string[] }
  | { readonly kind: 'storage-driver' | 'log-driver' | 'log-option' | 'storage-option'; readonly names: readonly string[] }
  | { readonly kind: 'api-field'; readonly fields: readonly string[]; readonly where: string }
  | { readonly kind: 'api-endpoint'; readonly endpoints: readonly string[] }
  | { readonly kind: 'api-behaviour'; readonly what: string }
  /** The CLI, the builder, registries, orchestration: nothing the daemon's API or flags show. */
  | { readonly kind: 'outside-daemon'; readonly what: string };

export interface DeprecationEntry {
  readonly id: string;
  readonly status: 'Deprecated' | 'Removed';
  readonly feature: string;
  /** Release where it was deprecated, e.g. "25.0". */
  readonly deprecated: string;
  /** Release where it was (status Removed) or is planned to be (status Deprecated) removed; null for "-". */
  readonly removal: string | null;
  /** Release that turned it off by default, where the row gives one. */
  readonly disabledByDefault?: string;
  /** How to opt back in while it is disabled by default, where the document says. */
  readonly optIn?: string;
  readonly concerns: DeprecationConcern;
  /** What replaces it, where the row or the document says. */
  readonly replacement?: string;
  /**
   * How the catalogue reads a row that does not fit the lifecycle as written (common/lifecycle.ts
   * finds those; a test asks that each has a reading, and that no reading is left on a row that fits).
   */
  readonly reading?: string;
}

/** The document speaks from the 28.x series: 28.2 and 28.3 are past, 29.0 is planned. */
export const DOCUMENT_RELEASE = '28.5';

const option = (flags: readonly string[], fileKeys?: readonly string[]): DeprecationConcern => ({
  kind: 'daemon-option',
  flags,
  ...(fileKeys === undefined ? {} : { fileKeys }),
});
const outside = (what: string): DeprecationConcern => ({ kind: 'outside-daemon', what });

/**
 * The image-config fields API 1.50 (daemon 28.2) removes from image-config output (daemon.md ›
 * Versioning 4): older API versions keep the first nine, and the last three only where set.
 */
export const IMAGE_CONFIG_NONSTANDARD_KEPT = [
  'Hostname',
  'Domainname',
  'AttachStdin',
  'AttachStdout',
  'AttachStderr',
  'Tty',
  'OpenStdin',
  'StdinOnce',
  'Image',
] as const;
export const IMAGE_CONFIG_NONSTANDARD_WHEN_SET = ['NetworkDisabled', 'MacAddress', 'StopTimeout'] as const;
export const IMAGE_CONFIG_NONSTANDARD_FIELDS = [...IMAGE_CONFIG_NONSTANDARD_KEPT, ...IMAGE_CONFIG_NONSTANDARD_WHEN_SET] as const;

export const DEPRECATIONS: readonly DeprecationEntry[] = [
  {
    id: 'image-config-empty-fields',
    status: 'Deprecated',
    feature: 'empty/nil fields in image config from inspect API',
    deprecated: '28.3',
    removal: '29.0',
    concerns: {
      kind: 'api-field',
      fields: ['Cmd', 'Entrypoint', 'Env', 'Labels', 'OnBuild', 'User', 'Volumes', 'WorkingDir'],
      where: 'GET /images/{name}/json Config',
    },
  },
  {
    id: 'nondistributable-artifacts',
    status: 'Deprecated',
    feature: 'setting to push non-distributable artifacts',
    deprecated: '28.0',
    removal: '29.0',
    concerns: option(['allow-nondistributable-artifacts'], ['allow-nondistributable-artifacts']),
  },
  {
    id: 'stop-time-option',
    status: 'Deprecated',
    feature: '`--time` option of stop and restart',
    deprecated: '28.0',
    removal: null,
    concerns: outside('docker stop/restart --time (the CLI)'),
    replacement: '--timeout',
  },
  {
    id: 'image-inspect-nonstandard-fields',
    status: 'Removed',
    feature: 'non-standard fields in image inspect',
    deprecated: '27.0',
    removal: '28.2',
    concerns: {
      kind: 'api-field',
      fields: IMAGE_CONFIG_NONSTANDARD_FIELDS,
      where: 'GET /images/{name}/json Config (from API 1.50)',
    },
  },
  {
    id: 'api-cors-header',
    status: 'Removed',
    feature: 'API CORS header option',
    deprecated: '27.0',
    removal: '28.0',
    disabledByDefault: '27.0',
    optIn: 'CTRD_DEPRECATED_CORS_HEADER set non-empty (daemon.md › Errors)',
    concerns: option(['api-cors-header'], ['api-cors-header']),
    replacement: 'a reverse proxy',
  },
  {
    id: 'graphdriver-plugins',
    status: 'Removed',
    feature: 'graphdriver plugins (experimental)',
    deprecated: '27.0',
    removal: '28.0',
    disabledByDefault: '27.0',
    concerns: { kind: 'storage-driver', names: ['graphdriver plugins'] },
  },
  {
    id: 'unauthenticated-tcp',
    status: 'Deprecated',
    feature: 'unauthenticated TCP connections',
    deprecated: '26.0',
    removal: '28.0',
    concerns: option(['host', 'tls', 'tlsverify'], ['hosts', 'tls', 'tlsverify']),
    reading:
      'Still "Deprecated" with its removal release 28.0 behind the document: the 27.0 rule of daemon.md (a remote TCP listener without TLS verification refuses to start) is read as the removal in effect for remote listeners; 28.5.2 still starts with a deprecation notice (specs/known-deviations.ts, tls.remote-requires-verify).',
  },
  {
    id: 'image-inspect-container-config',
    status: 'Removed',
    feature: '`Container` and `ContainerConfig` in image inspect',
    deprecated: '25.0',
    removal: '26.0',
    concerns: { kind: 'api-field', fields: ['Container', 'ContainerConfig'], where: 'GET /images/{name}/json (omitted from API 1.45)' },
  },
  {
    id: 'old-api-versions',
    status: 'Removed',
    feature: 'old API versions',
    deprecated: '25.0',
    removal: '26.0',
    concerns: { kind: 'api-behaviour', what: 'requests under /v<api>/ below 1.24' },
  },
  {
    id: 'network-aliases-short-id',
    status: 'Removed',
    feature: 'container short ID in network Aliases',
    deprecated: '25.0',
    removal: '26.0',
    concerns: { kind: 'api-field', fields: ['Aliases'], where: 'container inspect NetworkSettings.Networks.<net>' },
    replacement: 'DNSNames',
  },
  {
    id: 'search-is-automated',
    status: 'Removed',
    feature: '`IsAutomated` field and `is-automated` filter on search',
    deprecated: '25.0',
    removal: '28.2',
    concerns: { kind: 'api-field', fields: ['IsAutomated'], where: 'GET /images/search' },
  },
  {
    id: 'logentries-driver',
    status: 'Removed',
    feature: '`logentries` log driver',
    deprecated: '24.0',
    removal: '25.0',
    concerns: { kind: 'log-driver', names: ['logentries'] },
    replacement: 'the local driver (existing containers migrate to it)',
  },
  {
    id: 'oom-score-adjust',
    status: 'Removed',
    feature: 'daemon OOM-score adjustment',
    deprecated: '24.0',
    removal: '25.0',
    concerns: option(['oom-score-adjust'], ['oom-score-adjust']),
  },
  { id: 'builder-build-info', status: 'Removed', feature: 'advanced-builder build info', deprecated: '23.0', removal: '24.0', concerns: outside('the build') },
  {
    id: 'legacy-builder-linux',
    status: 'Deprecated',
    feature: 'legacy builder for Linux images',
    deprecated: '23.0',
    removal: null,
    concerns: outside('the build'),
  },
  {
    id: 'legacy-builder-fallback',
    status: 'Deprecated',
    feature: 'legacy builder fallback',
    deprecated: '23.0',
    removal: null,
    concerns: outside('the build'),
  },
  {
    id: 'btrfs-centos7',
    status: 'Removed',
    feature: 'btrfs storage driver on CentOS 7 and RHEL 7',
    deprecated: '20.10',
    removal: '23.0',
    concerns: { kind: 'storage-driver', names: ['btrfs (CentOS 7, RHEL 7)'] },
  },
  {
    id: 'encrypted-tls-keys',
    status: 'Removed',
    feature: 'encrypted TLS private keys',
    deprecated: '20.10',
    removal: '23.0',
    concerns: option(['tlskey'], ['tlskey']),
  },
  {
    id: 'orchestrator-stack',
    status: 'Removed',
    feature: 'orchestrator stack and context support',
    deprecated: '20.10',
    removal: '23.0',
    concerns: outside('the CLI'),
  },
  {
    id: 'non-compliant-registries',
    status: 'Removed',
    feature: 'pulling from non-compliant registries (fallback to pull by tag)',
    deprecated: '20.10',
    removal: '28.2',
    concerns: outside('pulls'),
  },
  {
    id: 'lcow',
    status: 'Removed',
    feature: 'Linux containers on the other platform (LCOW)',
    deprecated: '20.10',
    removal: '23.0',
    concerns: outside('the other platform'),
  },
  {
    id: 'blkio-weight-cgroup-v1',
    status: 'Deprecated',
    feature: 'block-I/O weight options on cgroups v1',
    deprecated: '20.10',
    removal: null,
    concerns: outside('container resources on cgroups v1'),
  },
  {
    id: 'kernel-memory',
    status: 'Removed',
    feature: 'kernel memory limit',
    deprecated: '20.10',
    removal: '23.0',
    concerns: { kind: 'api-field', fields: ['KernelMemory'], where: 'container create HostConfig (accepted below API 1.42, ignored from it)' },
  },
  {
    id: 'cluster-store',
    status: 'Removed',
    feature: 'legacy clustering and overlay networks with external key/value store',
    deprecated: '20.10',
    removal: '23.0',
    concerns: option(['cluster-advertise', 'cluster-store', 'cluster-store-opt'], ['cluster-advertise', 'cluster-store', 'cluster-store-opts']),
  },
  {
    id: 'legacy-credentials-file',
    status: 'Removed',
    feature: 'legacy credentials file in the home directory',
    deprecated: '20.10',
    removal: '23.0',
    concerns: outside('the CLI'),
  },
  { id: 'client-plugins', status: 'Deprecated', feature: 'client plugin support', deprecated: '20.10', removal: null, concerns: outside('the CLI') },
  {
    id: 'env-legacy-syntax',
    status: 'Deprecated',
    feature: 'build-file legacy `ENV name value` syntax',
    deprecated: '20.10',
    removal: null,
    concerns: outside('the build'),
    replacement: 'ENV name=value',
  },
  {
    id: 'build-stream',
    status: 'Removed',
    feature: 'build `--stream` flag (experimental)',
    deprecated: '20.10',
    removal: '20.10',
    concerns: outside('the build'),
    reading:
      "Deprecated and removed in the same release, with no stable release between: the lifecycle's condition does not hold. Read as the document says it: an experimental feature, removed at once (the lifecycle speaks of stable features).",
  },
  {
    id: 'fluentd-async-connect',
    status: 'Removed',
    feature: '`fluentd-async-connect` log option',
    deprecated: '20.10',
    removal: '28.0',
    concerns: { kind: 'log-option', names: ['fluentd-async-connect'] },
    replacement: 'fluentd-async',
  },
  {
    id: 'experimental-client-settings',
    status: 'Removed',
    feature: 'settings for experimental client features',
    deprecated: '19.03',
    removal: '23.0',
    concerns: outside('the CLI'),
  },
  {
    id: 'manifest-v2-schema1',
    status: 'Removed',
    feature: 'push and pull with image manifest v2 schema 1',
    deprecated: '19.03',
    removal: '28.2',
    disabledByDefault: '26.0',
    concerns: outside('pulls and pushes'),
  },
  { id: 'engine-subcommand', status: 'Removed', feature: '`engine` subcommand', deprecated: '19.03', removal: '20.10', concerns: outside('the CLI') },
  {
    id: 'deploy-subcommand',
    status: 'Removed',
    feature: 'top-level `deploy` subcommand (experimental)',
    deprecated: '19.03',
    removal: '20.10',
    concerns: outside('the CLI'),
  },
  {
    id: 'stack-bundle-files',
    status: 'Removed',
    feature: 'stack deploy with application-bundle files (experimental)',
    deprecated: '19.03',
    removal: '20.10',
    concerns: outside('the CLI'),
  },
  {
    id: 'overlay2-override-kernel-check',
    status: 'Removed',
    feature: '`overlay2.override_kernel_check` storage option',
    deprecated: '19.03',
    removal: '24.0',
    concerns: { kind: 'storage-option', names: ['overlay2.override_kernel_check'] },
  },
  {
    id: 'aufs',
    status: 'Removed',
    feature: '`aufs` storage driver',
    deprecated: '19.03',
    removal: '24.0',
    concerns: { kind: 'storage-driver', names: ['aufs'] },
  },
  {
    id: 'overlay',
    status: 'Removed',
    feature: 'legacy `overlay` storage driver',
    deprecated: '18.09',
    removal: '24.0',
    concerns: { kind: 'storage-driver', names: ['overlay'] },
    replacement: 'overlay2',
  },
  {
    id: 'devicemapper',
    status: 'Removed',
    feature: '`devicemapper` storage driver',
    deprecated: '18.09',
    removal: '25.0',
    disabledByDefault: '23.0',
    concerns: { kind: 'storage-driver', names: ['devicemapper'] },
  },
  {
    id: 'reserved-label-namespaces',
    status: 'Removed',
    feature: 'reserved namespaces in engine labels',
    deprecated: '18.06',
    removal: '20.10',
    concerns: option(['label'], ['labels']),
  },
  {
    id: 'disable-legacy-registry',
    status: 'Removed',
    feature: '`--disable-legacy-registry` daemon option',
    deprecated: '17.12',
    removal: '19.03',
    disabledByDefault: '17.12',
    concerns: option(['disable-legacy-registry'], ['disable-legacy-registry']),
  },
  {
    id: 'v1-registries',
    status: 'Removed',
    feature: 'interaction with v1 registries',
    deprecated: '17.06',
    removal: '17.12',
    disabledByDefault: '17.06',
    concerns: outside('pulls and pushes'),
  },
  {
    id: 'async-service-create',
    status: 'Removed',
    feature: 'asynchronous-by-default service create and update',
    deprecated: '17.05',
    removal: '17.10',
    concerns: outside('swarm services'),
  },
  {
    id: 'graph-flag',
    status: 'Removed',
    feature: '`-g` and `--graph` daemon flags',
    deprecated: '17.05',
    removal: '23.0',
    concerns: option(['graph', 'g'], ['graph']),
    replacement: '--data-root',
  },
  {
    id: 'network-settings-top-level',
    status: 'Deprecated',
    feature: 'top-level network properties in `NetworkSettings`',
    deprecated: '1.13',
    removal: '17.12',
    concerns: {
      kind: 'api-field',
      fields: ['EndpointID', 'Gateway', 'GlobalIPv6Address', 'GlobalIPv6PrefixLen', 'IPAddress', 'IPPrefixLen', 'IPv6Gateway', 'MacAddress'],
      where: 'container inspect NetworkSettings',
    },
    replacement: 'NetworkSettings.Networks',
    reading:
      'Still "Deprecated" though its planned removal, 17.12, is long past: read as deprecated and present (Versioning 4 calls the fields deprecated, not removed), the removal column as a plan that did not happen.',
  },
  {
    id: 'images-json-filter',
    status: 'Removed',
    feature: '`filter` option of `/images/json`',
    deprecated: '1.13',
    removal: '20.10',
    concerns: { kind: 'api-endpoint', endpoints: ['GET /images/json?filter='] },
    replacement: 'the reference filter',
  },
  {
    id: 'repository-shortid',
    status: 'Removed',
    feature: '`repository:shortid` image reference',
    deprecated: '1.13',
    removal: '17.12',
    concerns: { kind: 'api-behaviour', what: 'image references of the form repository:shortid' },
  },
  { id: 'daemon-subcommand', status: 'Removed', feature: '`daemon` subcommand', deprecated: '1.13', removal: '17.12', concerns: outside('the CLI') },
  {
    id: 'duplicate-label-keys',
    status: 'Removed',
    feature: 'duplicate engine-label keys with conflicting values',
    deprecated: '1.13',
    removal: '17.12',
    concerns: option(['label'], ['labels']),
  },
  {
    id: 'maintainer',
    status: 'Deprecated',
    feature: '`MAINTAINER` in build files',
    deprecated: '1.13',
    removal: null,
    concerns: outside('the build'),
    replacement: 'LABEL',
  },
  {
    id: 'unversioned-api-calls',
    status: 'Deprecated',
    feature: 'API calls without version',
    deprecated: '1.13',
    removal: '17.12',
    concerns: { kind: 'api-behaviour', what: 'requests without a /v<api>/ prefix' },
    reading:
      'Still "Deprecated" though its planned removal, 17.12, is long past: the real daemons serve unversioned calls at their newest API version (api-versioning area); read as deprecated and working.',
  },
  {
    id: 'no-d-type',
    status: 'Removed',
    feature: 'backing file systems without `d_type` for overlay drivers',
    deprecated: '1.13',
    removal: '17.12',
    concerns: { kind: 'storage-driver', names: ['overlay', 'overlay2 (without d_type)'] },
  },
  {
    id: 'search-automated-stars',
    status: 'Removed',
    feature: '`--automated` and `--stars` on search',
    deprecated: '1.12',
    removal: '20.10',
    concerns: outside('the CLI'),
    replacement: 'filters is-automated= and stars=',
  },
  {
    id: 'help-shorthand',
    status: 'Deprecated',
    feature: '`-h` shorthand of `--help`',
    deprecated: '1.12',
    removal: '17.09',
    concerns: option(['h']),
    reading:
      'Still "Deprecated" though its planned removal, 17.09, is past: read as deprecated and working (20.10.24 still answers `-h` with the usage, after "Flag shorthand -h has been deprecated, please use --help").',
  },
  { id: 'email-on-login', status: 'Removed', feature: '`-e` and `--email` on login', deprecated: '1.11', removal: '17.06', concerns: outside('the CLI') },
  {
    id: 'security-opt-colon',
    status: 'Deprecated',
    feature: '`:` separator of `--security-opt`',
    deprecated: '1.11',
    removal: '17.06',
    concerns: outside('docker run --security-opt'),
    replacement: '=',
    reading:
      'Still "Deprecated" though its planned removal, 17.06, is past; Versioning 4 lists it among "other removed items". The two parts of the document disagree: read as removed (Versioning 4), the row\'s status as not updated.',
  },
  {
    id: 'ambiguous-event-fields',
    status: 'Deprecated',
    feature: 'ambiguous event fields in API',
    deprecated: '1.10',
    removal: null,
    concerns: { kind: 'api-field', fields: ['ID', 'Status', 'From'], where: 'GET /events' },
  },
  { id: 'tag-force', status: 'Removed', feature: '`-f` on tag', deprecated: '1.10', removal: '1.12', concerns: outside('the CLI') },
  {
    id: 'start-host-config',
    status: 'Removed',
    feature: 'host configuration on container start',
    deprecated: '1.10',
    removal: '1.12',
    concerns: { kind: 'api-endpoint', endpoints: ['POST /containers/{id}/start with a host-configuration body'] },
  },
  {
    id: 'ps-before-since',
    status: 'Removed',
    feature: '`--before` and `--since` on ps',
    deprecated: '1.10',
    removal: '1.12',
    concerns: outside('the CLI'),
    replacement: 'filters before= and since=',
  },
  {
    id: 'driver-log-tags',
    status: 'Removed',
    feature: 'driver-specific log tags',
    deprecated: '1.9',
    removal: '1.12',
    concerns: { kind: 'log-option', names: ['syslog-tag', 'gelf-tag', 'fluentd-tag'] },
    replacement: 'tag',
  },
  {
    id: 'trust-passphrase-vars',
    status: 'Removed',
    feature: 'content-trust passphrase variable renames',
    deprecated: '1.9',
    removal: '1.12',
    concerns: outside('the CLI'),
  },
  {
    id: 'containers-copy',
    status: 'Removed',
    feature: '`/containers/{id_or_name}/copy`',
    deprecated: '1.8',
    removal: '1.12',
    concerns: { kind: 'api-endpoint', endpoints: ['POST /containers/{id}/copy'] },
    replacement: '/containers/{id}/archive',
  },
  { id: 'lxc-driver', status: 'Removed', feature: 'built-in LXC execution driver', deprecated: '1.8', removal: '1.10', concerns: outside('execution drivers') },
  {
    id: 'legacy-cli-options',
    status: 'Removed',
    feature: 'legacy command-line options',
    deprecated: '1.8',
    removal: '1.10',
    concerns: option(['d', 'daemon', 'cpuset', 'networking', 'since-id', 'before-id', 'trusted']),
  },
  {
    id: 'api-enable-cors',
    status: 'Removed',
    feature: '`--api-enable-cors`',
    deprecated: '1.6',
    removal: '17.09',
    concerns: option(['api-enable-cors']),
    replacement: '--api-cors-header',
  },
  {
    id: 'commit-run',
    status: 'Removed',
    feature: '`commit --run`',
    deprecated: '0.10',
    removal: '1.13',
    concerns: outside('the CLI'),
    replacement: '--changes',
  },
  {
    id: 'import-three-arguments',
    status: 'Removed',
    feature: 'three-argument form of import',
    deprecated: '0.6.7',
    removal: '1.12',
    concerns: outside('the CLI'),
  },
];

/** daemon.md › Feature lifecycle: the states, in the order a feature passes them. */
export const LIFECYCLE_STATES = ['active', 'deprecated', 'disabled-by-default', 'removed'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export interface LifecycleTransition {
  readonly from: LifecycleState;
  readonly to: LifecycleState;
  readonly trigger: string;
  readonly condition: string;
}

/** The document's table, row by row. */
export const LIFECYCLE_TRANSITIONS: readonly LifecycleTransition[] = [
  {
    from: 'active',
    to: 'deprecated',
    trigger: 'marked deprecated in a release',
    condition: 'none (it stays for at least one stable release; may print a warning)',
  },
  { from: 'deprecated', to: 'removed', trigger: 'a later release removes it', condition: 'after at least one stable release' },
  {
    from: 'deprecated',
    to: 'disabled-by-default',
    trigger: 'a release turns it off by default',
    condition: 'only for entries that list a default-disabled version (explicit opt-in re-enables it until removal)',
  },
  { from: 'disabled-by-default', to: 'removed', trigger: 'a later release removes it', condition: 'none' },
];

/**
 * The daemon options whose row removes the option itself (not a behaviour of it): from the
 * row's removal release on, the flag and the configuration-file key are no longer known. A row
 * about what an option accepts (labels, TLS keys, TCP without TLS) is not here.
 */
export interface RemovedDaemonOption {
  readonly row: string;
  /** Long flag name, without dashes; absent where only the file had it. */
  readonly flag?: string;
  /** Key of the configuration file; absent where only the command line had it. */
  readonly fileKey?: string;
}

export const REMOVED_DAEMON_OPTIONS: readonly RemovedDaemonOption[] = [
  { row: 'api-cors-header', flag: 'api-cors-header', fileKey: 'api-cors-header' },
  { row: 'oom-score-adjust', flag: 'oom-score-adjust', fileKey: 'oom-score-adjust' },
  { row: 'cluster-store', flag: 'cluster-store', fileKey: 'cluster-store' },
  { row: 'cluster-store', flag: 'cluster-advertise', fileKey: 'cluster-advertise' },
  { row: 'cluster-store', flag: 'cluster-store-opt', fileKey: 'cluster-store-opts' },
  { row: 'disable-legacy-registry', flag: 'disable-legacy-registry', fileKey: 'disable-legacy-registry' },
  { row: 'graph-flag', flag: 'graph', fileKey: 'graph' },
  { row: 'api-enable-cors', flag: 'api-enable-cors' },
];

/**
 * Log options the catalogue removes, with the driver that had them: from the row's removal release
 * a start with the option is refused ("unknown log opt"). gelf-tag is left out: the gelf driver
 * wants an address at start, which would refuse the start for another reason.
 */
export const REMOVED_LOG_OPTIONS: readonly { readonly row: string; readonly driver: string; readonly option: string }[] = [
  { row: 'fluentd-async-connect', driver: 'fluentd', option: 'fluentd-async-connect' },
  { row: 'driver-log-tags', driver: 'syslog', option: 'syslog-tag' },
  { row: 'driver-log-tags', driver: 'fluentd', option: 'fluentd-tag' },
];

/** Storage-driver options the catalogue removes: from the row's removal release the driver refuses them. */
export const REMOVED_STORAGE_OPTIONS: readonly { readonly row: string; readonly driver: string; readonly option: string }[] = [
  { row: 'overlay2-override-kernel-check', driver: 'overlay2', option: 'overlay2.override_kernel_check' },
];

/** The storage drivers the catalogue removes: from the row's removal release a start with one is refused. */
export const REMOVED_STORAGE_DRIVERS: readonly { readonly row: string; readonly driver: string }[] = [
  { row: 'aufs', driver: 'aufs' },
  { row: 'overlay', driver: 'overlay' },
  { row: 'devicemapper', driver: 'devicemapper' },
];

/**
 * How each row the daemon can show is asserted: the rule ids that check it (in any area), or why
 * none does. Rows about the CLI, the build, registries or orchestration (`outside-daemon`) need
 * neither. A test keeps this complete and every id real.
 */
export const ROW_ASSERTIONS: Readonly<Record<string, { readonly rules: readonly string[] } | { readonly unasserted: string }>> = {
  'network-settings-top-level': { rules: ['deprecated.network-settings.top-level'] },
  'image-config-empty-fields': { rules: ['deprecated.image-inspect.empty-fields'] },
  'nondistributable-artifacts': { rules: ['config.nondistributable.warning', 'config.info.shape'] },
  'image-inspect-nonstandard-fields': { rules: ['deprecated.image-inspect.nonstandard-fields'] },
  'api-cors-header': { rules: ['listen.cors-header', 'deprecated.options.removed-refused'] },
  'graphdriver-plugins': { unasserted: 'a graphdriver plugin is a managed plugin a registry provides; the machine has none' },
  'unauthenticated-tcp': { rules: ['tls.remote-requires-verify', 'tls.remote-before-27'] },
  'image-inspect-container-config': { rules: ['deprecated.image-inspect.container-config'] },
  'old-api-versions': { rules: ['api.version.below-1.24-disabled', 'api.version.minimum-1.12'] },
  'network-aliases-short-id': { rules: ['deprecated.network.aliases-short-id', 'deprecated.network.dns-names'] },
  'search-is-automated': { rules: ['deprecated.search.is-automated'] },
  'logentries-driver': {
    unasserted:
      'the daemon does not check its default log driver at start (26.1.5 and 28.5.2 serve with --log-driver=logentries, removed in 25.0; observed), and a container that logs with it would send its logs off the machine',
  },
  'oom-score-adjust': { rules: ['deprecated.options.removed-refused'] },
  'btrfs-centos7': { unasserted: 'about CentOS 7 and RHEL 7 hosts only' },
  'encrypted-tls-keys': { rules: ['tls.encrypted-key'] },
  'kernel-memory': { rules: ['deprecated.kernel-memory'] },
  'cluster-store': { rules: ['deprecated.options.removed-refused'] },
  'fluentd-async-connect': { rules: ['deprecated.options.removed-refused'] },
  'overlay2-override-kernel-check': { rules: ['deprecated.options.removed-refused'] },
  aufs: { rules: ['deprecated.options.removed-refused'] },
  overlay: { rules: ['deprecated.options.removed-refused'] },
  devicemapper: { rules: ['deprecated.options.removed-refused'] },
  'reserved-label-namespaces': { rules: ['config.labels.reserved'] },
  'disable-legacy-registry': { rules: ['deprecated.options.removed-refused'] },
  'graph-flag': { rules: ['deprecated.options.removed-refused'] },
  'images-json-filter': { rules: ['deprecated.images-list.filter-parameter', 'deprecated.images-list.filter-parameter.legacy-form'] },
  'repository-shortid': {
    unasserted:
      'a reference repository:shortid resolves only where a tag happens to equal an image id prefix; no rule of the document shows the removed behaviour',
  },
  'duplicate-label-keys': { rules: ['config.labels.conflict'] },
  'no-d-type': { rules: ['config.overlay.d-type'] },
  'ambiguous-event-fields': { rules: ['deprecated.events.legacy-fields'] },
  'start-host-config': { rules: ['deprecated.container-start.host-config', 'deprecated.container-start.host-config.refusal'] },
  'driver-log-tags': { rules: ['deprecated.options.removed-refused'] },
  'containers-copy': { rules: ['deprecated.container-copy.removed', 'deprecated.container-archive.served'] },
  'legacy-cli-options': { unasserted: 'the options were those of the docker binary before 1.10 (-d, --daemon …), never of the separate daemon binary' },
  'api-enable-cors': { rules: ['deprecated.options.removed-refused'] },
  'help-shorthand': { unasserted: 'not asserted yet: config.cli.help checks --help, not its deprecated -h shorthand' },
  'unversioned-api-calls': { rules: ['api.version.unversioned-served'] },
};
