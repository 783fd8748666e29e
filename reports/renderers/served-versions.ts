/**
 * Which API versions the target serves: the range it reported itself (/version or /_ping), else
 * the release table's. The HTML report folds the other columns away (they are not skipped work,
 * the target simply does not serve them); a link to a failure in one unfolds them.
 */
import type { TargetDescription } from '../model/result.js';

const parse = (v: string): [number, number] | null => {
  const m = /^(\d+)\.(\d+)$/.exec(v);
  return m ? [Number(m[1]), Number(m[2])] : null;
};
const compare = (a: [number, number], b: [number, number]): number => a[0] - b[0] || a[1] - b[1];

export interface ServedRange {
  readonly min: string | null;
  readonly max: string | null;
}

/** The range the target serves, or null when neither it nor the release table gave one. */
export function servedRange(target: TargetDescription): ServedRange | null {
  const o = target.observedApiRange;
  if (o !== null && (o.min !== null || o.max !== null)) return { min: o.min, max: o.max };
  return target.apiRange;
}

/** False only for a version that parses and lies outside a bound that parses. */
export function isServed(api: string, range: ServedRange | null): boolean {
  const v = parse(api);
  if (v === null || range === null) return true;
  const min = range.min === null ? null : parse(range.min);
  const max = range.max === null ? null : parse(range.max);
  return !((min !== null && compare(v, min) < 0) || (max !== null && compare(v, max) > 0));
}
