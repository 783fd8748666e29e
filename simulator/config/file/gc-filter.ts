import { isOlder } from '../../../common/dotted-version.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { FilterArgs } from '../../engine/filters/filter-args.js';
import { jsonTypeWord } from './go-values.js';

/**
 * A builder garbage-collection rule's `filter` (moby config.BuilderGCFilter.UnmarshalJSON, the same
 * from 20.10 to 29.7): the value is read as a list of "name=value" strings; where it is none, as the
 * deprecated form, filters.Args's map of names to maps of values to booleans, and that reading's
 * first problem is the error. The unmarshaler's error ends the decoding of the whole file.
 * Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */

/** Where the filter stands below the builder key. */
export const isGcFilterPlace = (key: string, fieldNames: readonly string[]): boolean =>
  key === 'builder' && fieldNames.length === 3 && fieldNames[0] === 'gc' && fieldNames[1] === 'policy' && fieldNames[2] === 'filter';

/** A value of the wrong type in the deprecated form: the map keys down to it, its JSON type, the Go type it met. */
export interface GcFilterMistype {
  readonly path: readonly string[];
  readonly json: string;
  readonly goType: string;
  readonly value: unknown;
}

/** What reading the filter comes to: nothing wrong, a value of the wrong type, or a Go runtime panic. */
export type GcFilterProblem = { readonly mistype: GcFilterMistype } | { readonly panic: string };

/** Until it the strings were split with SplitN and the value taken as the second part, so "name" alone panics (v23.0.0 took strings.Cut). */
const CUT_FROM = '23.0';

export const GC_FILTER_PANIC = 'panic: runtime error: index out of range [1] with length 1';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The filter's problem on `release`, or null. A null string element reads as "". */
export function gcFilterProblem(value: unknown, release: DaemonRelease | null): GcFilterProblem | null {
  if (Array.isArray(value) && value.every((element) => element === null || typeof element === 'string')) {
    const splitN = release !== null && isOlder(release.release, CUT_FROM);
    return splitN && value.some((element) => !(element ?? '').includes('=')) ? { panic: GC_FILTER_PANIC } : null;
  }
  const mistype = (path: readonly string[], found: unknown, goType: string): GcFilterProblem => ({
    mistype: { path, json: jsonTypeWord(found), goType, value: found },
  });
  if (!isObject(value)) return mistype([], value, 'map[string]map[string]bool');
  for (const [name, values] of Object.entries(value)) {
    if (values === null) continue;
    if (!isObject(values)) return mistype([name], values, 'map[string]bool');
    for (const [inner, flag] of Object.entries(values)) if (flag !== null && typeof flag !== 'boolean') return mistype([name, inner], flag, 'bool');
  }
  return null;
}

/**
 * The filter once decoded, for a value gcFilterProblem takes: a list of "name=value" strings, the
 * name trimmed and lower-cased, the value trimmed (before 23.0 a string without "=" panics first);
 * else the deprecated form, names to sets of values, whatever their booleans.
 */
export function gcFilterArgs(filter: unknown): FilterArgs {
  const args = new Map<string, Map<string, boolean>>();
  const add = (name: string, value?: string): void => {
    const values = args.get(name) ?? new Map<string, boolean>();
    if (value !== undefined) values.set(value, true);
    args.set(name, values);
  };
  if (Array.isArray(filter)) {
    for (const element of filter) {
      const text = typeof element === 'string' ? element : '';
      const cut = text.indexOf('=');
      add((cut === -1 ? text : text.slice(0, cut)).trim().toLowerCase(), cut === -1 ? '' : text.slice(cut + 1).trim());
    }
  } else if (typeof filter === 'object' && filter !== null) {
    for (const [name, values] of Object.entries(filter)) {
      add(name);
      if (typeof values === 'object' && values !== null) for (const value of Object.keys(values)) add(name, value);
    }
  }
  return args;
}
