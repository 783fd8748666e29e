import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { type FilterArgs, filterValues, invalidFilterMessage, parseFilterArgs } from '../filters/filter-args.js';
import { goAtoi } from '../go-strconv.js';
import { containerdFilterError } from './containerd-filters.js';
import { apiBelow, queryOf, releaseBelow, sendJson } from '../replies.js';
import { CACHE_FIELDS, pruneInfoProblem } from './prune-info.js';

/** The keys a prune's filter may name; the others are refused. */
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

/** moby's builder-next Prune: the keys it accepts, then toBuildkitPruneInfo's checks; every refusal is "failed to prune build cache: …". */
function filtersRefusal(x: Exchange, args: FilterArgs): Refusal | null {
  const unaccepted = [...args.keys()].find((key) => !ACCEPTED.has(key));
  if (unaccepted !== undefined) return { status: 400, message: `${PRUNE_FAILED}: ${invalidFilterMessage(unaccepted, null, releaseBelow(x, '23.0'))}` };
  const problem = pruneInfoProblem(args, x.state.config.release.release);
  return problem === null ? null : { status: problem.status, message: `${PRUNE_FAILED}: ${problem.message}` };
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
