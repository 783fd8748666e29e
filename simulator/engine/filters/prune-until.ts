import { getTimestamp, parseTimestamps, totalNanos } from '../timestamps.js';
import { nowNanos } from '../objects/index.js';
import { type FilterArgs, filterValues } from './filter-args.js';

/** How a prune reads its `until`: no bound (null), the bound in nanoseconds, a refusal, or moby's panic. */
export type PruneUntil = { readonly until: bigint | null } | { readonly status: number; readonly message: string } | { readonly panics: true };

/** The daemon's zone, east of UTC in seconds (Go's FixedZone(reference.Zone())). */
const localOffsetSeconds = (): number => -new Date().getTimezoneOffset() * 60;

/**
 * moby's getUntilFromPruneFilters: one `until` value (two: "more than one until filter specified"),
 * read by timetypes.GetTimestamp then ParseTimestamps. 20.10 passes those errors on plain (500),
 * later releases as invalid parameters (400). A key without values makes moby index an empty list:
 * its handler panics and the connection is dropped (observed on all three releases).
 */
export function pruneUntil(args: FilterArgs, old: boolean): PruneUntil {
  if (!args.has('until')) return { until: null };
  const values = filterValues(args, 'until');
  const status = old ? 500 : 400;
  if (values.length > 1) return { status, message: 'more than one until filter specified' };
  if (values.length === 0) return { panics: true };
  const timestamp = getTimestamp(values[0]!, nowNanos(), localOffsetSeconds(), old);
  if ('error' in timestamp) return { status, message: timestamp.error };
  const parsed = parseTimestamps(timestamp.text, 0n);
  if ('error' in parsed) return { status, message: parsed.error };
  return { until: totalNanos(parsed) };
}
