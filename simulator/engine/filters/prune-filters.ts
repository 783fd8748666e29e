import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import { filterTime, STRICT_TIMESTAMPS_FROM } from '../timestamps.js';
import { nowNanos } from '../objects/index.js';
import { dropConnection, queryOf, releaseBelow } from '../replies.js';
import { type FilterArgs, filterValues, invalidFilterMessage, parseFilterArgs, pruneLabelsMatch, unacceptedKey } from './filter-args.js';

/** How a prune reads its `until`: no bound (null), the bound in nanoseconds, a refusal, or moby's panic. */
export type PruneUntil = { readonly until: bigint | null } | { readonly status: number; readonly message: string } | { readonly panics: true };

/**
 * moby's getUntilFromPruneFilters: one `until` value (two: "more than one until filter specified"),
 * read by timetypes.GetTimestamp then ParseTimestamps (`strict`, from 29.4: timestamp.Parse). `plain`: those errors passed on as they are
 * (500), not as invalid parameters (400). A key without values makes moby index an empty list:
 * its handler panics and the connection is dropped (observed on all three releases).
 */
function pruneUntil(args: FilterArgs, old: boolean, plain: boolean, strict: boolean, keyAloneIsNoBound: boolean): PruneUntil {
  if (!args.has('until')) return { until: null };
  const values = filterValues(args, 'until');
  const status = plain ? 500 : 400;
  if (values.length > 1) return { status, message: 'more than one until filter specified' };
  if (values.length === 0) return keyAloneIsNoBound ? { until: null } : { panics: true };
  const read = filterTime(values[0]!, nowNanos(), strict, old);
  return 'error' in read ? { status, message: read.error } : { until: read.nanos };
}

/** What differs between the prunes that read their filters as moby does. */
export interface PruneKind {
  readonly accepted: readonly string[];
  /** moby's images package passes until's errors on plain (500) on every release; daemon/prune.go on 20.10 only. */
  readonly untilAlwaysPlain: boolean;
  /** An `until` key without values is no bound (29.0's network.NewPruneFilter), where getUntilFromPruneFilters panics. */
  readonly untilKeyAloneIsNoBound?: boolean;
  /** A check between the keys and `until` (the images' dangling): its refusal (400) ends the prune. */
  readonly between?: (args: FilterArgs, old: boolean) => string | null;
}

/** The prunes of containers and networks (moby daemon/prune.go). */
const CONTAINERS_AND_NETWORKS: PruneKind = { accepted: ['label', 'label!', 'until'], untilAlwaysPlain: false };

/** The prune of networks from 29.0 (moby daemon/network/filter.go NewPruneFilter; observed on 29.7.2). */
export const NETWORKS_FROM_29: PruneKind = { ...CONTAINERS_AND_NETWORKS, untilKeyAloneIsNoBound: true };

/**
 * The filters of a prune in moby's order: decoding (20.10: Go's words, 500), the accepted keys,
 * the kind's own check, then `until`. The filters with their labels' and until's test, or null
 * once answered.
 */
export function readPruneFilters(
  x: Exchange,
  kind: PruneKind = CONTAINERS_AND_NETWORKS,
): { readonly args: FilterArgs; readonly keep: (labels: unknown, created: bigint) => boolean } | null {
  const old = releaseBelow(x, '23.0');
  const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
  if ('refusal' in parsed) {
    handlerError(x, parsed.refusal.status, parsed.refusal.message);
    return null;
  }
  const unaccepted = unacceptedKey(parsed.args, kind.accepted);
  if (unaccepted !== null) {
    handlerError(x, 400, invalidFilterMessage(unaccepted, null, old));
    return null;
  }
  const refused = kind.between?.(parsed.args, old) ?? null;
  if (refused !== null) {
    handlerError(x, 400, refused);
    return null;
  }
  const until = pruneUntil(parsed.args, old, old || kind.untilAlwaysPlain, !releaseBelow(x, STRICT_TIMESTAMPS_FROM), kind.untilKeyAloneIsNoBound === true);
  if ('panics' in until) {
    dropConnection(x);
    return null;
  }
  if ('status' in until) {
    handlerError(x, until.status, until.message);
    return null;
  }
  const { args } = parsed;
  return {
    args,
    keep: (labels, created) => (until.until === null || created <= until.until) && pruneLabelsMatch(args, labels),
  };
}
