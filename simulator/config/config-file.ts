import { DAEMON_OPTIONS, FILE_ONLY_KEYS } from '../../specs/options.js';
import type { BrandNames } from '../../specs/brands.js';
import type { DaemonRelease } from '../../specs/versions.js';
import { isOlder } from '../../common/dotted-version.js';
import { SimError } from '../errors.js';
import type { FlagValue, ParsedFlags } from './argv.js';
import type { ConfigSources } from './sources.js';

/** The configuration file as parsed: key → JSON value. */
export type FileDocument = Readonly<Record<string, unknown>>;

export interface ConfigFile {
  /** The file that was read, or null when none exists at the default path. */
  readonly path: string | null;
  readonly doc: FileDocument;
}

const KNOWN_FILE_KEYS = new Set<string>([
  ...DAEMON_OPTIONS.flatMap((option) => (option.fileKey === undefined ? [] : [option.fileKey])),
  ...FILE_ONLY_KEYS,
]);
const FLAG_OF_FILE_KEY = new Map(DAEMON_OPTIONS.flatMap((option) => (option.fileKey === undefined ? [] : [[option.fileKey, option.name] as const])));

/** The prefix of every configuration-file error: `unable to configure the Docker daemon with file <path>: `. */
export const fileError = (names: BrandNames, path: string, problem: string): SimError =>
  new SimError('SIM_CONFIG', `unable to configure the ${names.product} daemon with file ${path}: ${problem}`);

const show = (value: FlagValue | unknown): string => (Array.isArray(value) ? `[${value.join(' ')}]` : String(value));

/** Reads and checks the configuration file: JSON object, known keys, no key also given as a flag. */
export function readConfigFile(flags: ParsedFlags, names: BrandNames, release: DaemonRelease, sources: ConfigSources): ConfigFile {
  const explicit = flags.get('config-file') as string | undefined;
  const path = explicit ?? names.configFile;
  let text: string | null;
  try {
    text = sources.readFile(path);
  } catch (error) {
    throw fileError(names, path, error instanceof Error ? error.message : String(error));
  }
  if (text === null) {
    if (explicit !== undefined) throw fileError(names, path, `open ${path}: no such file or directory`);
    return { path: null, doc: {} };
  }
  if (text.trim() === '') return { path, doc: {} };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw fileError(names, path, (error as Error).message);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw fileError(names, path, 'the configuration must be a JSON object');
  const record = doc as FileDocument;
  const known = (key: string): boolean => KNOWN_FILE_KEYS.has(key) || (key === 'min-api-version' && !isOlder(release.release, '29.0'));
  const unknown = Object.keys(record).filter((key) => !known(key));
  if (unknown.length > 0) throw fileError(names, path, `the following directives don't match any configuration option: ${unknown.join(', ')}`);
  const conflicts = Object.keys(record).flatMap((key) => {
    const flag = FLAG_OF_FILE_KEY.get(key);
    return flag !== undefined && flags.has(flag) ? [`${key}: (from flag: ${show(flags.get(flag)!)}, from file: ${show(record[key])})`] : [];
  });
  if (conflicts.length > 0) throw fileError(names, path, `the following directives are specified both as a flag and in the configuration file: ${conflicts.join(', ')}`);
  return { path, doc: record };
}

/** A typed value of the file, or undefined when absent. */
export function fileValue<T>(file: ConfigFile, names: BrandNames, key: string, type: 'boolean' | 'string' | 'string[]'): T | undefined {
  const value = file.doc[key];
  if (value === undefined) return undefined;
  const ok = type === 'string[]' ? Array.isArray(value) && value.every((v) => typeof v === 'string') : typeof value === type;
  if (!ok) throw fileError(names, file.path ?? '', `"${key}" must be of type ${type}`);
  return value as T;
}
