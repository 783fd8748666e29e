import { readFileSync } from 'node:fs';
import { DAEMON_OPTIONS, FILE_ONLY_KEYS } from '../specs/options.js';
import { NEWEST_RELEASE, RELEASES, type DaemonRelease } from '../specs/versions.js';
import { isNewer, isOlder } from '../common/dotted-version.js';
import type { FlagValue, ParsedFlags } from './argv.js';
import { BRANDS, isBrand, type Brand, type BrandNames } from '../specs/brands.js';
import { SimError } from './errors.js';

/** Everything the running simulator needs, resolved once from flags, file and environment. */
export interface SimConfig {
  readonly brand: Brand;
  readonly names: BrandNames;
  readonly release: DaemonRelease;
  readonly minApi: string;
  readonly maxApi: string;
  readonly hosts: readonly string[];
  readonly debug: boolean;
  readonly experimental: boolean;
  readonly dataRoot: string;
  readonly execRoot: string;
  readonly pidfile: string;
  /** The configuration file that was read, or null when none exists at the default path. */
  readonly configFile: string | null;
  /** The flags the daemon was started with (reload checks the file against them). */
  readonly flags: ParsedFlags;
}

/** What the outside world contributes; parameters so tests can pass their own. */
export interface ConfigSources {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly readFile: (path: string) => string | null;
}

export const processSources = (): ConfigSources => ({
  env: process.env,
  readFile: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: ${(error as Error).message}`);
    }
  },
});

export function findRelease(name: string): DaemonRelease | undefined {
  const series = /^(\d+\.\d+)/.exec(name)?.[1];
  return RELEASES.find((r) => r.release === series);
}

const KNOWN_FILE_KEYS = new Set<string>([
  ...DAEMON_OPTIONS.flatMap((option) => (option.fileKey === undefined ? [] : [option.fileKey])),
  ...FILE_ONLY_KEYS,
]);
const FLAG_OF_FILE_KEY = new Map(DAEMON_OPTIONS.flatMap((option) => (option.fileKey === undefined ? [] : [[option.fileKey, option.name] as const])));

type FileDocument = Readonly<Record<string, unknown>>;

function readConfigFile(flags: ParsedFlags, names: BrandNames, release: DaemonRelease, sources: ConfigSources): { path: string | null; doc: FileDocument } {
  const explicit = flags.get('config-file') as string | undefined;
  const path = explicit ?? names.configFile;
  const text = sources.readFile(path);
  if (text === null) {
    if (explicit !== undefined) throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: open ${path}: no such file or directory`);
    return { path: null, doc: {} };
  }
  if (text.trim() === '') return { path, doc: {} };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: ${(error as Error).message}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) {
    throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: the configuration must be a JSON object`);
  }
  const record = doc as FileDocument;
  const known = (key: string): boolean => KNOWN_FILE_KEYS.has(key) || (key === 'min-api-version' && !isOlder(release.release, '29.0'));
  const unknown = Object.keys(record).filter((key) => !known(key));
  if (unknown.length > 0) {
    throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: the following directives don't match any configuration option: ${unknown.join(', ')}`);
  }
  const conflicts = Object.keys(record).flatMap((key) => {
    const flag = FLAG_OF_FILE_KEY.get(key);
    return flag !== undefined && flags.has(flag) ? [`${key}: (from flag: ${show(flags.get(flag)!)}, from file: ${show(record[key])})`] : [];
  });
  if (conflicts.length > 0) {
    throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: the following directives are specified both as a flag and in the configuration file: ${conflicts.join(', ')}`);
  }
  return { path, doc: record };
}

function show(value: FlagValue | unknown): string {
  return Array.isArray(value) ? `[${value.join(' ')}]` : String(value);
}

function fileValue<T>(doc: FileDocument, key: string, type: 'boolean' | 'string' | 'string[]', path: string | null): T | undefined {
  const value = doc[key];
  if (value === undefined) return undefined;
  const ok = type === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === type;
  if (!ok) throw new SimError('SIM_CONFIG', `unable to configure the daemon with file ${path}: "${key}" must be of type ${type}`);
  return value as T;
}

/** Checks a requested minimum API version the way the daemon does; returns the error text or null. */
export function minApiProblem(value: string, release: DaemonRelease): string | null {
  if (value === '') return 'value is empty';
  if (value.startsWith('v')) return 'API version must be provided without "v" prefix';
  if (!/^\d+\.\d+$/.test(value)) return `invalid API version: ${value}`;
  const floor = release.minApiFloor ?? release.defaultMinApi;
  if (isOlder(value, floor)) return `minimum supported API version is ${floor}: ${value}`;
  if (isNewer(value, release.maxApi)) return `maximum supported API version is ${release.maxApi}: ${value}`;
  return null;
}

function resolveMinApi(release: DaemonRelease, names: BrandNames, env: ConfigSources['env'], doc: FileDocument, path: string | null): string {
  if (release.minApiFloor === null) return release.defaultMinApi;
  const variable = `${names.envPrefix}MIN_API_VERSION`;
  const fromEnv = env[variable];
  if (fromEnv !== undefined) {
    const problem = minApiProblem(fromEnv, release);
    if (problem !== null) throw new SimError('SIM_CONFIG', `invalid ${variable}: ${problem}`);
    return fromEnv;
  }
  const fromFile = fileValue<string>(doc, 'min-api-version', 'string', path);
  if (fromFile !== undefined) {
    const problem = minApiProblem(fromFile, release);
    if (problem !== null) throw new SimError('SIM_CONFIG', `invalid min-api-version: ${problem}`);
    return fromFile;
  }
  return release.defaultMinApi;
}

/** Resolves flags, configuration file and environment into one frozen configuration. */
export function resolveConfig(flags: ParsedFlags, sources: ConfigSources): SimConfig {
  const brandName = (flags.get('brand') as string | undefined) ?? 'ctr';
  if (!isBrand(brandName)) throw new SimError('SIM_USAGE', `invalid argument "${brandName}" for "--brand" flag: must be ctr or docker`);
  const names = BRANDS[brandName];
  const emulate = flags.get('emulate') as string | undefined;
  const release = emulate === undefined ? NEWEST_RELEASE : findRelease(emulate);
  if (release === undefined) {
    throw new SimError('SIM_USAGE', `invalid argument "${emulate}" for "--emulate" flag: unknown release (known: ${RELEASES.map((r) => r.release).join(', ')})`);
  }
  const { path, doc } = readConfigFile(flags, names, release, sources);
  const pick = <T>(flag: string, key: string, type: 'boolean' | 'string' | 'string[]', fallback: T): T =>
    (flags.get(flag) as T | undefined) ?? fileValue<T>(doc, key, type, path) ?? fallback;

  const hosts = pick<readonly string[]>('host', 'hosts', 'string[]', []).filter((h) => h !== '');
  return Object.freeze({
    brand: brandName,
    names,
    release,
    minApi: resolveMinApi(release, names, sources.env, doc, path),
    maxApi: release.maxApi,
    hosts: Object.freeze(hosts.length > 0 ? hosts : [names.defaultHost]),
    debug: pick('debug', 'debug', 'boolean', false),
    experimental: pick('experimental', 'experimental', 'boolean', false),
    dataRoot: pick('data-root', 'data-root', 'string', names.dataRoot),
    execRoot: pick('exec-root', 'exec-root', 'string', names.execRoot),
    pidfile: pick('pidfile', 'pidfile', 'string', names.pidfile),
    configFile: path,
    flags,
  });
}
