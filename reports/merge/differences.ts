import { isDeepStrictEqual } from 'node:util';

/**
 * Where two JSON values differ, as paths ("target.version", "options.only") with both values:
 * the deepest differing member of objects, an array whole (its elements are not paired up).
 */
export function differences(a: unknown, b: unknown, path: string): { path: string; a: unknown; b: unknown }[] {
  if (isDeepStrictEqual(a, b)) return [];
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(a) || !isObject(b)) return [{ path, a, b }];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((key) => differences(a[key], b[key], `${path}.${key}`));
}

/** A value as a message shows it: JSON, "absent" for undefined. */
export const shown = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value));
