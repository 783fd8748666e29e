import { inRange } from '../../../common/dotted-version.js';
import type { BrandNames } from '../../../specs/brands.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { ParsedFlags } from '../flags/argv.js';
import { flag, stringFlag, type OptionValue, type ReadOption } from '../flags/options.js';
import { DEFAULT_CDI_SPEC_DIRS, DEFAULT_SETTINGS } from './defaults.js';
import { CDI_FLAG_IGNORED } from '../../quirks/daemon-config/cdi-flag-ignored.js';
import type { FileDocument } from './read-document.js';
import type { AddressPoolSetting, CgroupDriver, DaemonSettings, RuntimeSetting, UlimitSetting } from './settings.js';
import { parseUlimit } from './ulimits.js';
import { isIp } from './flag-values.js';
import * as labelsCommaSplit from '../../quirks/daemon-config/labels-comma-split.js';
import * as absentLogDriverZeroed from '../../quirks/daemon-config/absent-log-driver-zeroed.js';
import * as flagLabelsLastWins from '../../quirks/daemon-config/flag-labels-last-wins.js';
import * as runtimesOnePerType from '../../quirks/daemon-config/runtimes-one-per-type.js';
import * as hostGatewayStringUnchecked from '../../quirks/daemon-config/host-gateway-string-unchecked.js';
import * as genericNamedDropped from '../../quirks/daemon-config/generic-named-dropped.js';
import * as storageEnvFallback from '../../quirks/daemon-config/storage-env-fallback.js';
import * as cgroupFileFallback from '../../quirks/daemon-config/cgroup-file-fallback.js';
import * as insecureRegistryAlias from '../../quirks/daemon-config/insecure-registry-alias.js';
import { STORAGE_DRIVERS } from './storage-drivers.js';
import * as noProxyLowercase from '../../quirks/daemon-config/no-proxy-lowercase.js';

type Env = Readonly<Record<string, string | undefined>>;

/** The value of an option: the flag's when given, else the file's, else undefined. */
function pickFrom(flags: ParsedFlags, doc: FileDocument) {
  return <K extends ReadOption>(name: K, key: string = name): OptionValue<K> | undefined => {
    const fromFlag = flag(flags, name);
    if (fromFlag !== undefined) return fromFlag;
    const fromFile = doc[key];
    // The file's value has the option's type: the document's value types were checked as it was loaded.
    return fromFile === null || fromFile === undefined ? undefined : (fromFile as OptionValue<K>);
  };
}

/** `key=value` entries into an object (the last value of a key wins). */
const keyValues = (entries: readonly string[]): Record<string, string> =>
  Object.fromEntries(entries.map((entry) => (entry.includes('=') ? [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)] : [entry, ''])));

/** A mirror as the daemon keeps it: with a path of at least "/". */
const normalizeMirror = (mirror: string): string => (/^[a-z]+:\/\/[^/]+$/i.test(mirror) ? `${mirror}/` : mirror);

/** The cgroup driver asked for with `native.cgroupdriver=`, the last one winning; null when none. */
export function requestedCgroupDriver(execOpts: readonly string[]): string | null {
  let driver: string | null = null;
  for (const opt of execOpts) {
    const [key, value] = [opt.slice(0, opt.indexOf('=')).trim().toLowerCase(), opt.slice(opt.indexOf('=') + 1).trim()];
    if (key === 'native.cgroupdriver') driver = value;
  }
  return driver;
}

/** Proxy settings: the option (flag, or `proxies` in the file) wins over the environment (every release: the document's strict reading). */
function proxy(
  flag: string,
  flags: ParsedFlags,
  doc: FileDocument,
  env: Env,
  variable: string,
  _release: DaemonRelease,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string> = new Set(),
): string {
  // Fault (config.env.proxy): the environment is not read.
  // Hypothetical quirk: NO_PROXY read in lower case only (noProxyLowercase.names).
  const inEnv =
    noProxyLowercase
      .names(variable, quirks)
      .map((name) => env[name])
      .find((value) => value !== undefined) ?? '';
  const fromEnv = inEnv !== '' && faults.has('config.env.proxy') ? '' : inEnv;
  // Fault (config.env.proxy-precedence): the environment wins.
  if (fromEnv !== '' && faults.has('config.env.proxy-precedence')) return fromEnv;
  const proxies = doc['proxies'];
  const fromFile = proxies !== null && typeof proxies === 'object' ? (proxies as Record<string, unknown>)[flag] : undefined;
  return stringFlag(flags, flag) ?? (typeof fromFile === 'string' ? fromFile : undefined) ?? fromEnv;
}

/** The --label values as the flag keeps them (hypothetical quirks: split at commas; the last value of a key); undefined when not given. */
function flagLabels(flags: ParsedFlags, quirks: ReadonlySet<string>): readonly string[] | undefined {
  const given = flag(flags, 'label');
  if (given === undefined) return undefined;
  const split = quirks.has(labelsCommaSplit.ID) ? labelsCommaSplit.splitAtCommas(given) : given;
  return quirks.has(flagLabelsLastWins.ID) ? flagLabelsLastWins.lastValuePerKey(split) : split;
}

/**
 * Flags, file and environment merged into the daemon's settings. Values are already checked for
 * type (decode.ts) and form (flag-values.ts); what the daemon validates after merging is
 * validate.ts's.
 */
export function mergeSettings(
  flags: ParsedFlags,
  file: FileDocument,
  env: Env,
  release: DaemonRelease,
  names: BrandNames,
  faults: ReadonlySet<TestableRuleId> = new Set(),
  quirks: ReadonlySet<string> = new Set(),
): DaemonSettings {
  // Fault (config.file.plural-keys): the singular `label` sets the labels.
  const doc = file['label'] !== undefined && file['labels'] === undefined && faults.has('config.file.plural-keys') ? { ...file, labels: file['label'] } : file;
  const pick = pickFrom(flags, doc);
  const d = DEFAULT_SETTINGS;
  const features: Record<string, boolean> = { ...((doc['features'] as Record<string, boolean> | null | undefined) ?? {}) };
  for (const entry of flag(flags, 'feature') ?? []) {
    const at = entry.indexOf('=');
    // Fault (config.cli.feature-value): a feature named without a value is off.
    features[at < 0 ? entry : entry.slice(0, at)] = at < 0 ? !faults.has('config.cli.feature-value') : /^(1|t|true)$/i.test(entry.slice(at + 1));
  }
  const fileRuntimes = (doc['runtimes'] as Record<string, RuntimeSetting> | null | undefined) ?? {};
  // Hypothetical quirk: one shim runtime per runtimeType.
  const runtimes: Record<string, RuntimeSetting> = quirks.has(runtimesOnePerType.ID) ? runtimesOnePerType.onePerType(fileRuntimes) : { ...fileRuntimes };
  // Fault (config.runtimes.register): shim-style runtimes are not registered.
  if (Object.values(runtimes).some((runtime) => runtime.runtimeType !== undefined) && faults.has('config.runtimes.register'))
    for (const name of Object.keys(runtimes)) if (runtimes[name]!.runtimeType !== undefined) delete runtimes[name];
  for (const entry of flag(flags, 'add-runtime') ?? []) {
    runtimes[entry.slice(0, entry.indexOf('='))] = { path: entry.slice(entry.indexOf('=') + 1) };
  }
  const ulimits: Record<string, UlimitSetting> = { ...((doc['default-ulimits'] as Record<string, UlimitSetting> | null | undefined) ?? {}) };
  for (const entry of flag(flags, 'default-ulimit') ?? []) {
    const parsed = parseUlimit(entry);
    if (typeof parsed !== 'string') ulimits[parsed.Name] = parsed;
  }
  const pickedExecOpts = pick('exec-opt', 'exec-opts') ?? [];
  // Hypothetical quirk: the file's unknown cgroup driver is passed over.
  const execOpts = quirks.has(cgroupFileFallback.ID) && !flags.has('exec-opt') ? cgroupFileFallback.withoutUnknownDriver(pickedExecOpts) : pickedExecOpts;
  const cdiOn = features['cdi'] ?? inRange(release.release, { min: '28.3' });
  const hostGateway = pick('host-gateway-ip', 'host-gateway-ips') ?? (doc['host-gateway-ip'] as string | null | undefined) ?? [];
  const cgroupDriver = (requestedCgroupDriver(execOpts) ?? d.cgroupDriver) as CgroupDriver;
  return Object.freeze({
    ...d,
    debug: pick('debug') ?? d.debug,
    experimental: pick('experimental') ?? d.experimental,
    liveRestore: liveRestoreOf(pick('live-restore'), doc, faults),
    labels: flagLabels(flags, quirks) ?? pick('label', 'labels') ?? d.labels,
    logLevel: (pick('log-level') ?? d.logLevel) as DaemonSettings['logLevel'],
    logFormat: (pick('log-format') ?? d.logFormat) as DaemonSettings['logFormat'],
    rawLogs: pick('raw-logs') ?? d.rawLogs,
    // Hypothetical quirk: an absent log-driver is the file's zero value.
    logDriver: pick('log-driver') ?? absentLogDriverZeroed.absentLogDriver(quirks, doc, d.logDriver),
    logOpts: flags.has('log-opt') ? keyValues(flag(flags, 'log-opt') ?? []) : ((doc['log-opts'] as Record<string, string> | null | undefined) ?? d.logOpts),
    // Hypothetical quirk: the singular insecure-registry in the file as an alias.
    insecureRegistries: (
      pick('insecure-registry', 'insecure-registries') ??
      (quirks.has(insecureRegistryAlias.ID) ? insecureRegistryAlias.singular(doc) : undefined) ??
      d.insecureRegistries
    ).map((r) => r.replace(/^https?:\/\//, '')),
    registryMirrors: (pick('registry-mirror', 'registry-mirrors') ?? d.registryMirrors).map(normalizeMirror),
    allowNondistributableArtifacts: pick('allow-nondistributable-artifacts') ?? d.allowNondistributableArtifacts,
    runtimes,
    defaultRuntime: defaultRuntimeOf(pick('default-runtime'), faults),
    cgroupDriver,
    cgroupParent: pick('cgroup-parent') ?? null,
    execOpts,
    // The environment variable wins over flag and file (observed: DOCKER_DRIVER=vfs beats storage-driver in the file).
    // Hypothetical quirk: an unknown driver in the environment is passed over.
    storageDriver:
      storageEnvFallback.driverFromEnv(env[`${names.envPrefix}DRIVER`] || undefined, STORAGE_DRIVERS, quirks) ?? pick('storage-driver') ?? d.storageDriver,
    storageOpts: pick('storage-opt', 'storage-opts') ?? d.storageOpts,
    cdiSpecDirs: cdiOn
      ? (cdiDirsOf(quirks.has(CDI_FLAG_IGNORED) ? (doc['cdi-spec-dirs'] as readonly string[] | undefined) : pick('cdi-spec-dir', 'cdi-spec-dirs'), faults) ??
        DEFAULT_CDI_SPEC_DIRS)
      : [],
    features,
    httpProxy: proxy('http-proxy', flags, doc, env, 'HTTP_PROXY', release, faults),
    httpsProxy: proxy('https-proxy', flags, doc, env, 'HTTPS_PROXY', release, faults),
    noProxy: proxy('no-proxy', flags, doc, env, 'NO_PROXY', release, faults, quirks),
    nodeGenericResources: ((resources) => (quirks.has(genericNamedDropped.ID) ? genericNamedDropped.discreteOnly(resources) : resources))(
      pick('node-generic-resource', 'node-generic-resources') ?? d.nodeGenericResources,
    ),
    defaultUlimits: ulimits,
    defaultAddressPools: (doc['default-address-pools'] as readonly AddressPoolSetting[] | null | undefined) ?? d.defaultAddressPools,
    dns: pick('dns') ?? d.dns,
    dnsOpts: pick('dns-opt', 'dns-opts') ?? d.dnsOpts,
    dnsSearch: pick('dns-search') ?? d.dnsSearch,
    maxConcurrentDownloads: pick('max-concurrent-downloads') ?? d.maxConcurrentDownloads,
    maxConcurrentUploads: pick('max-concurrent-uploads') ?? d.maxConcurrentUploads,
    maxDownloadAttempts: pick('max-download-attempts') ?? d.maxDownloadAttempts,
    shutdownTimeout: pick('shutdown-timeout') ?? d.shutdownTimeout,
    mtu: pick('mtu') ?? d.mtu,
    defaultShmSize: pick('default-shm-size') ?? d.defaultShmSize,
    defaultCgroupnsMode: (pick('default-cgroupns-mode') ?? d.defaultCgroupnsMode) as DaemonSettings['defaultCgroupnsMode'],
    defaultIpcMode: (pick('default-ipc-mode') ?? d.defaultIpcMode) as DaemonSettings['defaultIpcMode'],
    // Hypothetical quirk: the legacy string is not checked.
    hostGatewayIps: typeof hostGateway === 'string' ? hostGatewayStringUnchecked.legacyString(hostGateway, isIp, quirks) : hostGateway,
    init: pick('init') ?? d.init,
    initPath: pick('init-path') ?? null,
    noNewPrivileges: pick('no-new-privileges') ?? d.noNewPrivileges,
    selinuxEnabled: pick('selinux-enabled') ?? d.selinuxEnabled,
    seccompProfile: pick('seccomp-profile') ?? d.seccompProfile,
    rootless: pick('rootless') ?? d.rootless,
    userlandProxy: pick('userland-proxy') ?? d.userlandProxy,
    ipv6: pick('ipv6') ?? d.ipv6,
    icc: pick('icc') ?? d.icc,
    ipForward: pick('ip-forward') ?? d.ipForward,
    ipMasq: pick('ip-masq') ?? d.ipMasq,
    iptables: pick('iptables') ?? d.iptables,
    ip6tables: pick('ip6tables') ?? d.ip6tables,
    containerdNamespace: pick('containerd-namespace') ?? d.containerdNamespace,
    containerdPluginsNamespace: pick('containerd-plugins-namespace') ?? d.containerdPluginsNamespace,
  });
}

// The faults below are asked about only where they change the outcome (a value was given), so
// that the self-test's trace names them for the requests they could change (simulator/faults/fault-set.ts).

/** Fault (config.info.effective): live-restore reads false; fault (config.file.absent-defaults): a file without it turns it on. */
function liveRestoreOf(given: boolean | undefined, doc: FileDocument, faults: ReadonlySet<TestableRuleId>): boolean {
  const value = given ?? (Object.keys(doc).length > 0 && faults.has('config.file.absent-defaults') ? true : DEFAULT_SETTINGS.liveRestore);
  return value && faults.has('config.info.effective') ? false : value;
}

/** Fault (config.runtimes.default): the default runtime given is ignored. */
function defaultRuntimeOf(given: string | undefined, faults: ReadonlySet<TestableRuleId>): string {
  return given === undefined || faults.has('config.runtimes.default') ? DEFAULT_SETTINGS.defaultRuntime : given;
}

/** Fault (config.cdi.spec-dirs): the directories given are ignored. */
function cdiDirsOf(given: readonly string[] | undefined, faults: ReadonlySet<TestableRuleId>): readonly string[] | undefined {
  return given !== undefined && faults.has('config.cdi.spec-dirs') ? undefined : given;
}

/** The settings of a file on its own: no flags, no environment (what a reload validates: reload/read.ts). */
export const fileSettingsAlone = (file: FileDocument, release: DaemonRelease, names: BrandNames, faults: ReadonlySet<TestableRuleId>): DaemonSettings =>
  mergeSettings(new Map(), file, {}, release, names, faults);
