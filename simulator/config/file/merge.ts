import { parsePoolFlag } from './address-pools.js';
import { inRange } from '../../../common/dotted-version.js';
import type { BrandNames } from '../../../specs/brands.js';
import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { ParsedFlags } from '../flags/argv.js';
import { flag, stringFlag, type OptionValue, type ReadOption } from '../flags/options.js';
import { DEFAULT_CDI_SPEC_DIRS, DEFAULT_SETTINGS } from './defaults.js';
import type { FileDocument } from './read-document.js';
import type { AddressPoolSetting, CgroupDriver, DaemonSettings, RuntimeSetting, UlimitSetting } from './settings.js';
import { parseUlimit } from './ulimits.js';
import { mergeVariant, type MergeVariant } from './merge-variant.js';
import { isIp } from './flag-values.js';
import { STORAGE_DRIVERS } from './storage-drivers.js';

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
function proxy(flag: string, flags: ParsedFlags, doc: FileDocument, env: Env, variable: string, _release: DaemonRelease, variant: MergeVariant): string {
  const names = variable === 'NO_PROXY' && variant.noProxyLowerCaseOnly ? [variable.toLowerCase()] : [variable, variable.toLowerCase()];
  const inEnv = names.map((name) => env[name]).find((value) => value !== undefined) ?? '';
  const fromEnv = inEnv !== '' && variant.proxyEnvIgnored ? '' : inEnv;
  if (fromEnv !== '' && variant.proxyEnvWins) return fromEnv;
  const proxies = doc['proxies'];
  const fromFile = proxies !== null && typeof proxies === 'object' ? (proxies as Record<string, unknown>)[flag] : undefined;
  return stringFlag(flags, flag) ?? (typeof fromFile === 'string' ? fromFile : undefined) ?? fromEnv;
}

/** The --label values as the flag keeps them; undefined when not given. */
function flagLabels(flags: ParsedFlags, variant: MergeVariant): readonly string[] | undefined {
  const given = flag(flags, 'label');
  return given === undefined ? undefined : variant.flagLabelsKept(variant.flagLabelsSplit(given));
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
  // Where this merge differs from the document's (merge-variant.ts).
  const variant = mergeVariant({ faults, quirks });
  const doc = file['label'] !== undefined && file['labels'] === undefined && variant.singularLabelKey ? { ...file, labels: file['label'] } : file;
  const pick = pickFrom(flags, doc);
  const d = DEFAULT_SETTINGS;
  const features: Record<string, boolean> = { ...((doc['features'] as Record<string, boolean> | null | undefined) ?? {}) };
  for (const entry of flag(flags, 'feature') ?? []) {
    const at = entry.indexOf('=');
    features[at < 0 ? entry : entry.slice(0, at)] = at < 0 ? !variant.bareFeatureOff : /^(1|t|true)$/i.test(entry.slice(at + 1));
  }
  const fileRuntimes = (doc['runtimes'] as Record<string, RuntimeSetting> | null | undefined) ?? {};
  const runtimes = variant.fileRuntimes(fileRuntimes);
  if (Object.values(runtimes).some((runtime) => runtime.runtimeType !== undefined) && variant.shimRuntimesUnregistered)
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
  const execOpts = flags.has('exec-opt') ? pickedExecOpts : variant.fileExecOpts(pickedExecOpts);
  const cdiOn = features['cdi'] ?? inRange(release.release, { min: '28.3' });
  const hostGateway = pick('host-gateway-ip', 'host-gateway-ips') ?? (doc['host-gateway-ip'] as string | null | undefined) ?? [];
  const cgroupDriver = (requestedCgroupDriver(execOpts) ?? d.cgroupDriver) as CgroupDriver;
  return Object.freeze({
    ...d,
    debug: pick('debug') ?? d.debug,
    experimental: pick('experimental') ?? d.experimental,
    liveRestore: liveRestoreOf(pick('live-restore'), doc, variant),
    labels: flagLabels(flags, variant) ?? pick('label', 'labels') ?? d.labels,
    logLevel: (pick('log-level') ?? d.logLevel) as DaemonSettings['logLevel'],
    logFormat: (pick('log-format') ?? d.logFormat) as DaemonSettings['logFormat'],
    rawLogs: pick('raw-logs') ?? d.rawLogs,
    logDriver: pick('log-driver') ?? (Object.keys(doc).length > 0 && variant.absentLogDriverZeroed ? '' : d.logDriver),
    logOpts: flags.has('log-opt') ? keyValues(flag(flags, 'log-opt') ?? []) : ((doc['log-opts'] as Record<string, string> | null | undefined) ?? d.logOpts),
    insecureRegistries: (pick('insecure-registry', 'insecure-registries') ?? variant.insecureRegistriesAlias(doc) ?? d.insecureRegistries).map((r) =>
      r.replace(/^https?:\/\//, ''),
    ),
    registryMirrors: (pick('registry-mirror', 'registry-mirrors') ?? d.registryMirrors).map(normalizeMirror),
    allowNondistributableArtifacts: pick('allow-nondistributable-artifacts') ?? d.allowNondistributableArtifacts,
    runtimes,
    defaultRuntime: defaultRuntimeOf(pick('default-runtime'), variant),
    cgroupDriver,
    cgroupParent: pick('cgroup-parent') ?? null,
    execOpts,
    // The environment variable wins over flag and file (observed: DOCKER_DRIVER=vfs beats storage-driver in the file).
    storageDriver: driverFromEnv(env[`${names.envPrefix}DRIVER`] || undefined, variant) ?? pick('storage-driver') ?? d.storageDriver,
    storageOpts: pick('storage-opt', 'storage-opts') ?? d.storageOpts,
    cdiSpecDirs: cdiOn
      ? (cdiDirsOf(variant.cdiFlagIgnored ? (doc['cdi-spec-dirs'] as readonly string[] | undefined) : pick('cdi-spec-dir', 'cdi-spec-dirs'), variant) ??
        DEFAULT_CDI_SPEC_DIRS)
      : [],
    features,
    httpProxy: proxy('http-proxy', flags, doc, env, 'HTTP_PROXY', release, variant),
    httpsProxy: proxy('https-proxy', flags, doc, env, 'HTTPS_PROXY', release, variant),
    noProxy: proxy('no-proxy', flags, doc, env, 'NO_PROXY', release, variant),
    nodeGenericResources: variant.genericResourcesKept(pick('node-generic-resource', 'node-generic-resources') ?? d.nodeGenericResources),
    defaultUlimits: ulimits,
    defaultAddressPools: addressPools(flag(flags, 'default-address-pool'), doc['default-address-pools'], release) ?? d.defaultAddressPools,
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
    hostGatewayIps: typeof hostGateway === 'string' ? legacyGatewayIps(hostGateway, variant) : hostGateway,
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
    builder: (doc['builder'] as Readonly<Record<string, unknown>> | null | undefined) ?? d.builder,
  });
}

// The fields below are read only where they change the outcome (a value was given), so that the
// self-test's trace names their faults for the requests they could change (simulator/faults/fault-set.ts).

function liveRestoreOf(given: boolean | undefined, doc: FileDocument, variant: MergeVariant): boolean {
  const value = given ?? (Object.keys(doc).length > 0 && variant.absentLiveRestoreOn ? true : DEFAULT_SETTINGS.liveRestore);
  return value && variant.liveRestoreReadsFalse ? false : value;
}

/** The storage driver the environment names (undefined: none, or one no driver has that the variant passes over). */
function driverFromEnv(value: string | undefined, variant: MergeVariant): string | undefined {
  return value !== undefined && !STORAGE_DRIVERS.includes(value) && variant.unknownEnvDriverIgnored ? undefined : value;
}

/** The addresses of the file's single-string host-gateway-ip (a non-address dropped where the variant does not check it). */
function legacyGatewayIps(value: string, variant: MergeVariant): readonly string[] {
  return !isIp(value) && variant.legacyGatewayUnchecked ? [] : [value];
}

function defaultRuntimeOf(given: string | undefined, variant: MergeVariant): string {
  return given === undefined || variant.defaultRuntimeIgnored ? DEFAULT_SETTINGS.defaultRuntime : given;
}

function cdiDirsOf(given: readonly string[] | undefined, variant: MergeVariant): readonly string[] | undefined {
  return given !== undefined && variant.cdiDirsIgnored ? undefined : given;
}

/** The settings of a file on its own: no flags, no environment (what a reload validates: reload/read.ts). */
export const fileSettingsAlone = (file: FileDocument, release: DaemonRelease, names: BrandNames, faults: ReadonlySet<TestableRuleId>): DaemonSettings =>
  mergeSettings(new Map(), file, {}, release, names, faults);

/** The flag's pools (each value checked as it was parsed: config/file/flag-values.ts), else the file's; undefined when neither gives any. */
function addressPools(fromFlag: readonly string[] | undefined, fromFile: unknown, release: DaemonRelease): readonly AddressPoolSetting[] | undefined {
  if (fromFlag !== undefined)
    return fromFlag.flatMap((value) => {
      const pool = parsePoolFlag(value, release);
      return 'error' in pool ? [] : [pool];
    });
  // A file's entry without a base or a size has the empty one (Go's zero values).
  if (Array.isArray(fromFile)) return fromFile.map((pool: Partial<AddressPoolSetting> | null) => ({ base: pool?.base ?? '', size: pool?.size ?? 0 }));
  return undefined;
}
