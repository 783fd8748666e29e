import type { TestableRuleId } from '../../specs/catalogue.js';
import { BRANDS, isBrand, type Brand, type BrandNames } from '../../specs/brands.js';
import { inRange } from '../../common/dotted-version.js';
import { findRelease, NEWEST_RELEASE, RELEASES, type DaemonRelease } from '../../specs/versions.js';
import { SimError } from '../errors.js';
import { parseHost } from '../listeners/address.js';
import { planTls, type TlsFlags } from '../listeners/tls-plan.js';
import type { SocketGroup } from '../listeners/socket-group.js';
import { isSimOption, type ParsedFlags } from './flags/argv.js';
import type { SimConfig, StartFlags } from './types.js';

export type { SimConfig } from './types.js';
import { flag, type OptionValue, type ReadOption } from './flags/options.js';
import { fileError } from './file/read-document.js';
import { checkFlagValues } from './file/flag-values.js';
import { loadConfiguration } from './file/load.js';
import { releaseOptions } from './file/directives.js';
import { resolveFaults } from './faults.js';
import { resolveClientFaults } from './client-faults.js';
import { resolveQuirks } from './quirks.js';
import { resolveModelRegistry } from './model-registry.js';
import { absentFlags, absentOptionsVariant } from './absent-options-variant.js';
import { commandVariant, validateIgnored } from './command-variant.js';
import { resolveMinApi } from './min-api.js';
import type { ConfigSources } from './file/sources.js';
import { pluginDirs } from '../authz/locate.js';
import { DEFAULT_RETRY_BASE_MS } from '../authz/retry.js';
import { CALL_TIMEOUT_MS } from '../authz/plugin-client.js';
import { corsHeaderVariant } from './cors-header-variant.js';
import { argvVariant } from './flags/argv-variant.js';
import { removedFlags } from './file/removed-options.js';

function chooseRelease(flags: ParsedFlags): DaemonRelease {
  const emulate = flag(flags, 'emulate');
  const release = emulate === undefined ? NEWEST_RELEASE : findRelease(emulate);
  if (release === undefined) {
    throw new SimError(
      'SIM_USAGE',
      `invalid argument "${emulate}" for "--emulate" flag: unknown release (known: ${RELEASES.map((r) => r.release).join(', ')})`,
    );
  }
  return release;
}

/**
 * A flag the emulated release does not have is unknown to it, as to the real daemon (observed:
 * 20.10 answers `--validate` with `unknown flag: --validate`). Releases whose flags were not
 * observed take every flag of the option table.
 */
function checkReleaseFlags(flags: ParsedFlags, release: DaemonRelease, faults: ReadonlySet<TestableRuleId>, quirks: ReadonlySet<string>): void {
  // Every documented option, and the release's other flags; observed quirks take documented ones away (absent-options-variant.ts).
  const absent = absentFlags(release, absentOptionsVariant({ quirks }));
  const known = new Set([...(release.flags ?? []), ...releaseOptions(release, absent).map((option) => option.name)]);
  for (const name of absent) known.delete(name);
  // Hypothetical quirk: the removed options' flags are hidden flags, parsed and ignored.
  if (argvVariant({ faults, quirks }).removedFlagsHidden) for (const name of removedFlags(release)) known.add(name);
  // --validate may be a hidden flag of a release without it (command-variant.ts).
  if (validateIgnored(release, commandVariant({ faults, quirks }))) known.add('validate');
  for (const name of flags.keys()) {
    if (!known.has(name) && !isSimOption(name)) throw new SimError('SIM_USAGE', `unknown flag: --${name}`);
  }
}

/**
 * Checks every -H value now, so --validate catches them: from the command line a bad one is a
 * usage error of the flag, from the file a configuration error (both texts as 26.1 and 28.5 print them).
 */
function checkHosts(hosts: readonly string[], fromFlags: boolean, names: BrandNames, path: string | null): void {
  const unixDefault = names.defaultHost.slice('unix://'.length);
  for (const host of hosts) {
    try {
      parseHost(host, unixDefault, false);
    } catch (error) {
      const problem = (error as Error).message;
      if (fromFlags) throw new SimError('SIM_USAGE', `invalid argument "${host}" for "-H, --host" flag: ${problem}`);
      throw fileError(names, path ?? '', `merged configuration validation from file and command line flags failed: ${problem}`);
    }
  }
}

/** 28.x still parses the option and refuses it (observed on 28.5.2, word for word). */
const CORS_REMOVED =
  'merged configuration validation from file and command line flags failed: DEPRECATED: The "api-cors-header" config parameter and the dockerd "--api-cors-header" option have been removed; use a reverse proxy if you need CORS headers';

/** CTRD_DEPRECATED_CORS_HEADER under the brand's daemon name (DOCKERD_… for dockerd). */
export const corsVariable = (names: BrandNames): string => `${names.envPrefix.slice(0, -1)}D_DEPRECATED_CORS_HEADER`;

/**
 * 27.x disables the CORS header option unless CTRD_DEPRECATED_CORS_HEADER is set non-empty
 * (daemon.md › Errors); from 28.0 it is removed: the releases that still parse it refuse to start.
 */
function corsHeaderOf(
  value: string | null,
  release: DaemonRelease,
  env: Readonly<Record<string, string | undefined>>,
  names: BrandNames,
  path: string | null,
  faults: ReadonlySet<TestableRuleId>,
  quirks: ReadonlySet<string>,
): string | null {
  if (value === null) return null;
  // Where this option differs from the document's (cors-header-variant.ts).
  const variant = corsHeaderVariant({ faults, quirks });
  if (inRange(release.release, { min: '28.0' }) && !variant.removedOptionTaken) throw fileError(names, path ?? names.configFile, CORS_REMOVED);
  if (variant.variableUnneeded) return value;
  return inRange(release.release, { min: '27.0', max: '27.99' }) && (env[corsVariable(names)] ?? '') === '' ? null : value;
}

/** The daemon options the command line gave, and the switches they set alone: what the running daemon still reads of it. */
function startFlagsOf(flags: ParsedFlags): StartFlags {
  return Object.freeze({
    daemonOptions: new Map([...flags].filter(([name]) => !isSimOption(name))),
    switches: Object.freeze({
      debug: flag(flags, 'debug') === true,
      experimental: flag(flags, 'experimental') === true,
      liveRestore: flag(flags, 'live-restore') === true,
    }),
  });
}

/** The TLS options the command line gave (the file's keys fill in the others). */
const tlsFlagsOf = (flags: ParsedFlags): TlsFlags => ({
  tls: flag(flags, 'tls'),
  tlsverify: flag(flags, 'tlsverify'),
  tlscacert: flag(flags, 'tlscacert'),
  tlscert: flag(flags, 'tlscert'),
  tlskey: flag(flags, 'tlskey'),
});

const socketGroupOf = (given: unknown, brand: Brand): SocketGroup => (typeof given === 'string' ? { name: given, given: true } : { name: brand, given: false });

/** Resolves flags, configuration file and environment into one frozen configuration. */
export function resolveConfig(flags: ParsedFlags, sources: ConfigSources): SimConfig {
  const brand = flag(flags, 'brand') ?? 'ctr';
  if (!isBrand(brand)) throw new SimError('SIM_USAGE', `invalid argument "${brand}" for "--brand" flag: must be ctr or docker`);
  const names = BRANDS[brand];
  const release = chooseRelease(flags);
  const faults = resolveFaults(flags, sources);
  const quirks = resolveQuirks(flags, release);
  checkReleaseFlags(flags, release, faults, quirks);
  const flagHosts = flag(flags, 'host');
  if (flagHosts !== undefined) checkHosts(flagHosts, true, names, null);
  checkFlagValues(flags, names, release, faults, quirks);
  const { file, settings } = loadConfiguration(flags, names, release, sources, faults, quirks);
  // The flag, else the file's key (its type checked as the file was loaded), else the default.
  const pick = <K extends ReadOption, F>(name: K, key: string, fallback: F): OptionValue<K> | F =>
    flag(flags, name) ?? (file.doc[key] as OptionValue<K> | null | undefined) ?? fallback;

  const hosts = pick('host', 'hosts', []).filter((h) => h !== '');
  if (flagHosts === undefined) checkHosts(hosts, false, names, file.path);
  return Object.freeze({
    brand,
    names,
    release,
    minApi: resolveMinApi(release, names, sources.env, file, faults, quirks),
    maxApi: release.maxApi,
    hosts: Object.freeze(hosts.length > 0 ? hosts : [names.defaultHost]),
    tls: planTls(tlsFlagsOf(flags), file.doc, sources.env, names, faults, quirks),
    metricsAddress: pick('metrics-addr', 'metrics-addr', null) || null,
    authorizationPlugins: Object.freeze([...pick('authorization-plugin', 'authorization-plugins', [])]),
    pluginDirs: pluginDirs(brand, flag(flags, 'plugin-dir')),
    pluginRetryMs: flag(flags, 'plugin-retry-ms') ?? DEFAULT_RETRY_BASE_MS,
    pluginTimeoutMs: flag(flags, 'plugin-timeout-ms') ?? CALL_TIMEOUT_MS,
    reloadStoreDelayMs: flag(flags, 'reload-store-delay-ms') ?? 0,
    corsHeader: corsHeaderOf(pick('api-cors-header', 'api-cors-header', null) || null, release, sources.env, names, file.path, faults, quirks),
    socketGroup: socketGroupOf(flag(flags, 'group') ?? file.doc['group'], brand),
    debug: settings.debug,
    experimental: settings.experimental,
    dataRoot: pick('data-root', 'data-root', names.dataRoot),
    execRoot: pick('exec-root', 'exec-root', names.execRoot),
    pidfile: pick('pidfile', 'pidfile', names.pidfile),
    configFile: file.path,
    configFileGiven: flag(flags, 'config-file') ?? null,
    modelRunnerTcp: flag(flags, 'model-runner-tcp') ?? (flag(flags, 'model-runner') === true ? 'default' : null),
    modelRegistry: resolveModelRegistry(flags),
    settings,
    validateOnly: flag(flags, 'validate') === true,
    startFlags: startFlagsOf(flags),
    faults,
    clientFaults: resolveClientFaults(flags, sources),
    quirks,
  });
}
