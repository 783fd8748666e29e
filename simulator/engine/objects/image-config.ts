import { posix } from 'node:path';
import { IMAGE_CONFIG_NONSTANDARD_FIELDS } from '../../../specs/deprecations.js';
import { isOlder } from '../../../common/dotted-version.js';

/** What an import's `changes` can set: the image-config fields of Dockerfile instructions. */
export interface ImageConfig {
  readonly User: string;
  readonly ExposedPorts: Readonly<Record<string, object>> | null;
  readonly Env: readonly string[] | null;
  readonly Cmd: readonly string[] | null;
  readonly Healthcheck: { readonly Test: readonly string[] } | null;
  readonly Volumes: Readonly<Record<string, object>> | null;
  readonly WorkingDir: string;
  readonly Entrypoint: readonly string[] | null;
  readonly OnBuild: readonly string[] | null;
  readonly Labels: Readonly<Record<string, string>> | null;
  readonly StopSignal: string;
}

/**
 * The config as containerd's store reads it back from the OCI document it wrote: Go's omitempty
 * left out every empty list and map, which come back null (observed on 29.7.2: the commit of a
 * container whose Labels are `{}` gives an image without Labels).
 */
export function asReadFromOciDocument(config: ImageConfig): ImageConfig {
  const list = <T>(value: readonly T[] | null): readonly T[] | null => (value === null || value.length === 0 ? null : value);
  const map = <T extends object>(value: T | null): T | null => (value === null || Object.keys(value).length === 0 ? null : value);
  return {
    ...config,
    ExposedPorts: map(config.ExposedPorts),
    Env: list(config.Env),
    Cmd: list(config.Cmd),
    Volumes: map(config.Volumes),
    Entrypoint: list(config.Entrypoint),
    OnBuild: list(config.OnBuild),
    Labels: map(config.Labels),
  };
}

export const EMPTY_IMAGE_CONFIG: ImageConfig = {
  User: '',
  ExposedPorts: null,
  Env: null,
  Cmd: null,
  Healthcheck: null,
  Volumes: null,
  WorkingDir: '',
  Entrypoint: null,
  OnBuild: null,
  Labels: null,
  StopSignal: '',
};

/** A change the release does not take: 400 with this message. */
export class InvalidChange extends Error {
  override readonly name = 'InvalidChange';
  readonly code = 'SIM_INVALID_CHANGE';
}

/** The instructions `changes` takes (moby builder/dockerfile `validCommitCommands`); STOPSIGNAL not on 20.10 (observed). */
const VALID = ['cmd', 'entrypoint', 'env', 'expose', 'healthcheck', 'label', 'onbuild', 'user', 'volume', 'workdir', 'stopsignal'];

/** `["a","b"]` as its list, anything else as the shell form. */
function execOrShell(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed as string[];
  } catch {
    // not JSON: the shell form
  }
  return ['/bin/sh', '-c', text];
}

/** A JSON list of strings, or the words of the text. */
function listOrWords(text: string): string[] {
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed as string[];
  } catch {
    // not JSON: words
  }
  return text.split(/\s+/).filter((word) => word !== '');
}

/** `k=v k2="v 2"` pairs, or the legacy `k v` form (one pair, the rest of the line its value). */
function pairs(text: string): [string, string][] {
  if (!/^[^\s=]+=/.test(text)) {
    const [key = '', ...rest] = text.split(/\s+/);
    return [[key, rest.join(' ')]];
  }
  const found: [string, string][] = [];
  for (const match of text.matchAll(/([^\s=]+)=("((?:[^"\\]|\\.)*)"|\S*)/g))
    found.push([match[1]!, match[3] !== undefined ? match[3].replace(/\\(.)/g, '$1') : match[2]!]);
  return found;
}

/** From this release an absolute WORKDIR is cleaned too (moby v26.1.0 normalizeWorkdir: filepath.Clean). */
const CLEANS_ABSOLUTE_WORKDIR_FROM = '26.1';

/** Go's filepath.Clean of an absolute path. */
const cleanAbsolute = (path: string): string => {
  const clean = posix.normalize(path);
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
};

/**
 * moby's normalizeWorkdir on a Linux daemon (whatever the image's OS): a relative path joined to
 * the current directory and cleaned (filepath.Join), an absolute one as given (cleaned from
 * CLEANS_ABSOLUTE_WORKDIR_FROM). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */
function normalizeWorkdir(current: string, requested: string, release: string): string {
  if (!requested.startsWith('/')) return cleanAbsolute(`/${current}/${requested}`);
  return isOlder(release, CLEANS_ABSOLUTE_WORKDIR_FROM) ? requested : cleanAbsolute(requested);
}

/** The image config after one Dockerfile instruction of an import's `changes`. */
export function applyChange(config: ImageConfig, change: string, release: string): ImageConfig {
  const trimmed = change.trim();
  const space = trimmed.search(/\s/);
  const word = space < 0 ? trimmed : trimmed.slice(0, space);
  const rest = space < 0 ? '' : trimmed.slice(space).trim();
  const instruction = word.toLowerCase();
  const old = isOlder(release, '23.0');
  if (!VALID.includes(instruction) || (instruction === 'stopsignal' && old)) {
    // 20.10 names the instruction in lower case, later releases as given (observed).
    throw new InvalidChange(`${old ? instruction : word} is not a valid change command`);
  }
  switch (instruction) {
    case 'cmd':
      return { ...config, Cmd: execOrShell(rest) };
    case 'entrypoint':
      return { ...config, Entrypoint: execOrShell(rest) };
    case 'env': {
      const env = [...(config.Env ?? [])];
      for (const [key, value] of pairs(rest)) {
        const at = env.findIndex((item) => item.split('=')[0] === key);
        if (at >= 0) env[at] = `${key}=${value}`;
        else env.push(`${key}=${value}`);
      }
      return { ...config, Env: env };
    }
    case 'label':
      return { ...config, Labels: { ...config.Labels, ...Object.fromEntries(pairs(rest)) } };
    case 'onbuild':
      return { ...config, OnBuild: [...(config.OnBuild ?? []), rest] };
    case 'user':
      return { ...config, User: rest };
    case 'workdir':
      return { ...config, WorkingDir: normalizeWorkdir(config.WorkingDir, rest, release) };
    case 'volume':
      return { ...config, Volumes: { ...config.Volumes, ...Object.fromEntries(listOrWords(rest).map((path) => [path, {}])) } };
    case 'expose':
      return {
        ...config,
        ExposedPorts: { ...config.ExposedPorts, ...Object.fromEntries(listOrWords(rest).map((port) => [port.includes('/') ? port : `${port}/tcp`, {}])) },
      };
    case 'stopsignal':
      return { ...config, StopSignal: rest };
    default: {
      // healthcheck: NONE, or CMD in exec or shell form.
      const none = /^none$/i.test(rest);
      const command = rest.replace(/^cmd\s+/i, '');
      const test = none ? ['NONE'] : command.startsWith('[') ? ['CMD', ...execOrShell(command)] : ['CMD-SHELL', command];
      return { ...config, Healthcheck: { Test: test } };
    }
  }
}

/** The configuration fields API 1.50 removes from image-config output (specs/deprecations.ts). */
export const NONSTANDARD_KEYS = IMAGE_CONFIG_NONSTANDARD_FIELDS;

const stringList = (value: unknown): readonly string[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? (value as string[]) : null;
const objectMap = <T>(value: unknown): Readonly<Record<string, T>> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, T>) : null;

/** Whether a non-standard field holds a value a configuration sets (not its empty one). */
const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '' && value !== false;

/**
 * A configuration document's `config` (container.Config keys) as an image's config and its set
 * non-standard fields. Anything of another type is taken as empty, as a lenient reader does.
 */
export function readConfigDocument(raw: Readonly<Record<string, unknown>>): { config: ImageConfig; nonstandard: Record<string, unknown> } {
  const text = (key: string): string => (typeof raw[key] === 'string' ? (raw[key] as string) : '');
  const health = objectMap<unknown>(raw['Healthcheck']);
  const test = stringList(health?.['Test']);
  const config: ImageConfig = {
    User: text('User'),
    ExposedPorts: objectMap<object>(raw['ExposedPorts']),
    Env: stringList(raw['Env']),
    Cmd: stringList(raw['Cmd']),
    Healthcheck: test === null ? null : { Test: test },
    Volumes: objectMap<object>(raw['Volumes']),
    WorkingDir: text('WorkingDir'),
    Entrypoint: stringList(raw['Entrypoint']),
    OnBuild: stringList(raw['OnBuild']),
    Labels: objectMap<string>(raw['Labels']),
    StopSignal: text('StopSignal'),
  };
  // StopTimeout is a pointer in moby: 0 is set.
  const nonstandard = Object.fromEntries(
    NONSTANDARD_KEYS.filter((key) => isSet(raw[key]) || (key === 'StopTimeout' && typeof raw[key] === 'number')).map((key) => [key, raw[key]]),
  );
  return { config, nonstandard };
}
