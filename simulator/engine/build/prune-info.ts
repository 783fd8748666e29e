import { isOlder } from '../../../common/dotted-version.js';
import { type FilterArgs, filterValues } from '../filters/filter-args.js';
import { goParseDurationOrError } from '../go-time.js';
import { nowNanos } from '../objects/index.js';
import { getTimestamp, localOffsetSeconds, parseTime, parseTimestamps, STRICT_TIMESTAMPS_FROM } from '../timestamps.js';

/** The build cache's fields a filter may name (BuildKit's, as moby's builder-next lists them). */
export const CACHE_FIELDS = ['id', 'parent', 'type', 'description', 'inuse', 'shared', 'private'];

/** What toBuildkitPruneInfo refuses: its words, and the status moby's API gives them (500 where it marks no invalid parameter). */
export type PruneInfoProblem = { readonly status: 400 | 500; readonly message: string };

/** Until it `until` is a Go duration (time.ParseDuration); from it a duration or a timestamp. */
const TIMESTAMPS_FROM = '23.0';

/**
 * moby builder-next toBuildkitPruneInfo, which a build cache prune and the builder's
 * garbage-collection rules both go through: `until` (or its former name `unused-for`, not both)
 * as a Go duration before 23.0, as GetTimestamp reads it later, from 29.4 as timestamp.Parse does;
 * then one value at most per cache field. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */
export function pruneInfoProblem(args: FilterArgs, release: string): PruneInfoProblem | null {
  const until = filterValues(args, 'until');
  const unusedFor = filterValues(args, 'unused-for');
  if (until.length > 0 && unusedFor.length > 0) return { status: 400, message: 'conflicting filters: "until" and "unused-for"' };
  const key = unusedFor.length > 0 ? 'unused-for' : 'until';
  const bounds = [...until, ...unusedFor];
  if (bounds.length > 1) return { status: 400, message: 'filters expect only one value' };
  if (bounds.length === 1) {
    const bound = bounds[0]!;
    if (isOlder(release, TIMESTAMPS_FROM)) {
      const duration = goParseDurationOrError(bound);
      if ('error' in duration) return { status: 500, message: `"${key}" filter expects a duration (e.g., '24h'): ${duration.error}` };
    } else if (!isOlder(release, STRICT_TIMESTAMPS_FROM)) {
      const parsed = parseTime(bound, nowNanos(), localOffsetSeconds());
      if ('error' in parsed) return { status: 400, message: `"${key}" filter expects a duration (e.g., '24h') or a timestamp: ${parsed.error}` };
    } else {
      const timestamp = getTimestamp(bound, nowNanos(), localOffsetSeconds(), false);
      if ('error' in timestamp) return { status: 400, message: `"${key}" filter expects a duration (e.g., '24h') or a timestamp: ${timestamp.error}` };
      const parsed = parseTimestamps(timestamp.text, 0n);
      if ('error' in parsed) return { status: 400, message: `failed to parse timestamp "${timestamp.text}": ${parsed.error}` };
    }
  }
  for (const field of CACHE_FIELDS) if (filterValues(args, field).length > 1) return { status: 400, message: 'filters expect only one value' };
  return null;
}
