import { compareVersions } from '../../../common/dotted-version.js';

const INT64_MAX = 9223372036854775807n;

/** Fault api.version.compare-numeric: a segment too large for 64 bits counts as 0. */
function overflowAsZero(version: string): string {
  return version
    .split('.')
    .map((s) => (/^[0-9]{19,}$/.test(s) && BigInt(s) > INT64_MAX ? '0' : s))
    .join('.');
}

/** Compares a requested version with a bound, segment by segment (common/dotted-version.ts). */
export const compareRequested = (requested: string, bound: string, faulty: boolean): -1 | 0 | 1 =>
  compareVersions(faulty ? overflowAsZero(requested) : requested, bound);

/** The canonical spelling of a version: integer segments, no trailing ".0" beyond the minor. */
export function canonicalVersion(version: string): string {
  const segments = version.split('.').map((s) => (/^[0-9]+$/.test(s) ? BigInt(s) : 0n));
  while (segments.length > 2 && segments[segments.length - 1] === 0n) segments.pop();
  while (segments.length < 2) segments.push(0n);
  return segments.join('.');
}
