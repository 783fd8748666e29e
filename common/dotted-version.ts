/**
 * Dotted version numbers ("1.44", "1.044", "1.41.0", "1.") compared the way the daemon does:
 * segment by segment as decimal integers, a missing or empty segment counting as 0 and a segment
 * too large for a 64-bit integer counting as the largest one.
 */

const INT64_MAX = 9223372036854775807n;

/** A segment's value: a number while it is exact (up to 15 digits; most are), else a bigint capped at int64. */
function segment(text: string | undefined): number | bigint {
  if (text === undefined || text === '') return 0;
  if (!/^[0-9]+$/.test(text)) return 0;
  if (text.length <= 15) return Number(text);
  const value = BigInt(text);
  return value > INT64_MAX ? INT64_MAX : value;
}

/** -1, 0 or 1 as a is older than, equal to or newer than b. */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const as = a.split('.');
  const bs = b.split('.');
  const length = Math.max(as.length, bs.length);
  for (let i = 0; i < length; i++) {
    const x = segment(as[i]);
    const y = segment(bs[i]);
    // < and > compare a number with a bigint by value.
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}

export const isOlder = (a: string, b: string): boolean => compareVersions(a, b) < 0;
export const isNewer = (a: string, b: string): boolean => compareVersions(a, b) > 0;

/** Whether `v` lies in the inclusive range [min, max]; an absent bound is open. */
export function inRange(v: string, range: { readonly min?: string | undefined; readonly max?: string | undefined }): boolean {
  return (range.min === undefined || !isOlder(v, range.min)) && (range.max === undefined || !isNewer(v, range.max));
}
