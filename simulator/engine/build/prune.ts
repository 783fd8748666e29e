import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { type FilterArgs, filterValues, invalidFilterMessage, parseFilterArgs } from '../filters/filter-args.js';
import { goAtoi } from '../go-strconv.js';
import { containerdFilterError } from './containerd-filters.js';
import { goParseDurationOrError } from '../go-time.js';
import { nowNanos } from '../objects/index.js';
import { apiBelow, queryOf, releaseBelow, sendJson } from '../replies.js';
import { getTimestamp, localOffsetSeconds, parseTime, parseTimestamps, STRICT_TIMESTAMPS_FROM } from '../timestamps.js';

/** The build cache's fields a filter may name (BuildKit's, as moby's builder-next lists them); the others are refused. */
const CACHE_FIELDS = ['id', 'parent', 'type', 'description', 'inuse', 'shared', 'private'];
const ACCEPTED = new Set(['unused-for', 'until', 'label', 'label!', ...CACHE_FIELDS]);

type Refusal = { readonly status: number; readonly message: string };

const PRUNE_FAILED = 'failed to prune build cache';

/**
 * The one filter text moby's toBuildkitPruneInfo gives BuildKit: each cache field present a
 * selector (`id~=value`, a regexp; `field==value`; a field without values alone), joined by commas
 * as they come, the value as it is (a comma, a quote or a space in it is the filter syntax's). Go
 * walks its map of fields in no fixed order, so with two fields even whether the text parses may
vary (observed on 29.7.2: a quote opened in one value and closed in the other); ctrd-sim takes
CACHE_FIELDS' order, one of Go's.
 */
function buildkitFilter(args: FilterArgs): Buffer {
  const selectors = CACHE_FIELDS.filter((field) => args.has(field)).map((field) => {
    const [value] = filterValues(args, field);
    return value === undefined ? field : `${field}${field === 'id' ? '~=' : '=='}${value}`;
  });
  return Buffer.from(selectors.join(','), 'utf8');
}

/**
 * BuildKit's prune reads that text with containerd's filters.ParseAll (containerd-filters.ts) and
 * refuses a text it does not parse, 400 "failed to parse prune filters [text]: filters: parse error:
 * …: invalid argument"; one it parses matches no cache here. Observed alike on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2 (the same parser in each; 28.5.2 writes a byte that is no UTF-8 as U+FFFD
 * itself, the others as its escape: the same message).
 */
function buildkitRefusal(args: FilterArgs): Refusal | null {
  const filter = buildkitFilter(args);
  const error = containerdFilterError(filter);
  return error === null
    ? null
    : { status: 400, message: `${PRUNE_FAILED}: failed to parse prune filters [${filter.toString('utf8')}]: ${error}: invalid argument` };
}

/** A size parameter moby reads with Atoi ("keep-storage is in bytes …"); 20.10 answers a plain 500. */
function sizeRefusal(x: Exchange, name: string): Refusal | null {
  const given = queryOf(x).get(name) ?? '';
  if (given === '') return null;
  const parsed = goAtoi(given);
  if (!('error' in parsed)) return null;
  return { status: releaseBelow(x, '23.0') ? 500 : 400, message: `${name} is in bytes and expects an integer, got ${given}: ${parsed.error}` };
}

/** The size parameters in the router's order: from API 1.48 (28.x) reserved-space, keep-storage only without it, max-used-space, min-free-space. */
function sizesRefusal(x: Exchange): Refusal | null {
  if (releaseBelow(x, '28.0') || apiBelow(x, '1.48')) return sizeRefusal(x, 'keep-storage');
  const reserved = queryOf(x).get('reserved-space') ?? '';
  const reservedRefusal = sizeRefusal(x, 'reserved-space');
  if (reservedRefusal !== null) return reservedRefusal;
  const reservedValue = reserved === '' ? 0n : (goAtoi(reserved) as { readonly value: bigint }).value;
  for (const name of [...(reservedValue === 0n ? ['keep-storage'] : []), 'max-used-space', 'min-free-space']) {
    const refused = sizeRefusal(x, name);
    if (refused !== null) return refused;
  }
  return null;
}

/**
 * moby's builder-next Prune: the keys it accepts, then toBuildkitPruneInfo's `until` (or its former
 * name `unused-for`, not both) as a Go duration on 20.10, as GetTimestamp reads it later, from 29.4
 * as timestamp.Parse does, then
 * one value at most per cache field. Every refusal is "failed to prune build cache: …", 400 where
 * moby marks it an invalid parameter (on 20.10 a duration's error is a plain 500).
 */
function filtersRefusal(x: Exchange, args: FilterArgs): Refusal | null {
  const old = releaseBelow(x, '23.0');
  const failed = (status: number, message: string): Refusal => ({ status, message: `${PRUNE_FAILED}: ${message}` });
  const unaccepted = [...args.keys()].find((key) => !ACCEPTED.has(key));
  if (unaccepted !== undefined) return failed(400, invalidFilterMessage(unaccepted, null, old));
  const until = filterValues(args, 'until');
  const unusedFor = filterValues(args, 'unused-for');
  if (until.length > 0 && unusedFor.length > 0) return failed(400, 'conflicting filters: "until" and "unused-for"');
  const key = unusedFor.length > 0 ? 'unused-for' : 'until';
  const bounds = [...until, ...unusedFor];
  if (bounds.length > 1) return failed(400, 'filters expect only one value');
  if (bounds.length === 1) {
    const bound = bounds[0]!;
    if (old) {
      const duration = goParseDurationOrError(bound);
      if ('error' in duration) return failed(500, `"${key}" filter expects a duration (e.g., '24h'): ${duration.error}`);
    } else if (!releaseBelow(x, STRICT_TIMESTAMPS_FROM)) {
      const parsed = parseTime(bound, nowNanos(), localOffsetSeconds());
      if ('error' in parsed) return failed(400, `"${key}" filter expects a duration (e.g., '24h') or a timestamp: ${parsed.error}`);
    } else {
      const timestamp = getTimestamp(bound, nowNanos(), localOffsetSeconds(), false);
      if ('error' in timestamp) return failed(400, `"${key}" filter expects a duration (e.g., '24h') or a timestamp: ${timestamp.error}`);
      const parsed = parseTimestamps(timestamp.text, 0n);
      if ('error' in parsed) return failed(400, `failed to parse timestamp "${timestamp.text}": ${parsed.error}`);
    }
  }
  for (const field of CACHE_FIELDS) if (filterValues(args, field).length > 1) return failed(400, 'filters expect only one value');
  return null;
}

/**
 * POST /build/prune (moby's postPrune and builder-next Prune): the filters decoded (20.10: "could
 * not parse filters: …", a plain 500), the sizes, the filters' own checks, then BuildKit's reading of
 * the cache fields' filter; the simulator has no build cache, so a prune deletes nothing, reclaims
 * nothing and records the builder's prune event. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2.
 */
export const buildPruneRoute: Route = {
  method: 'POST',
  path: '/build/prune',
  where: 'simulator/engine/build/prune.ts: POST /build/prune',
  rules: [],
  handle(x) {
    const old = releaseBelow(x, '23.0');
    const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
    if ('refusal' in parsed) return handlerError(x, parsed.refusal.status, old ? `could not parse filters: ${parsed.refusal.message}` : parsed.refusal.message);
    const refused = sizesRefusal(x) ?? filtersRefusal(x, parsed.args);
    if (refused !== null) return handlerError(x, refused.status, refused.message);
    const unparsed = buildkitRefusal(parsed.args);
    if (unparsed !== null) return handlerError(x, unparsed.status, unparsed.message);
    x.state.objects.events.record('builder', 'prune', '', { reclaimed: '0' });
    sendJson(x, 200, { CachesDeleted: null, SpaceReclaimed: 0 });
  },
};
