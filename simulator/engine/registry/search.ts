import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import type { Refusal } from '../json-request.js';
import { booleanFilter, type FilterArgs, filterValues, invalidFilterMessage, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { goAtoi } from '../go-strconv.js';
import { notImplementedHere, queryOf, releaseBelow, sendEmpty, sendJson } from '../replies.js';
import { namedIndex, otherIndexCheck } from './search-index.js';

/**
 * GET /images/search up to the registry (moby's getImagesSearch, then the search's checks in
 * daemon/images before 24.0, in the registry package from it). Observed on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2 in a private network namespace; 23.0 to 25.0 read in their source.
 */
const SEARCH = {
  /** From this release the router refuses a limit that is no number (400) and reads the filters itself. */
  routerChecksFrom: '23.0',
  /** From this release the registry package checks the filters: booleans by GetBoolOrDefault, a star count's error named. */
  registryFiltersFrom: '24.0',
  /** From this release `is-automated=true` finds nothing at once (the field is deprecated). */
  automatedFindsNothingFrom: '26.0',
} as const;

/** The filters a search takes (moby acceptedSearchFilterTags). */
const SEARCH_FILTERS = ['is-automated', 'is-official', 'stars'];

/** The registry's default and the range of a limit it takes. */
const DEFAULT_LIMIT = 25;

/**
 * A boolean filter before 24.0 (UniqueExactMatch, which matches any value of a key without
 * values): one value, "true" or "false"; else refused with its values. Undefined when absent.
 */
function exactBoolean(args: FilterArgs, key: string, old: boolean): boolean | undefined | Refusal {
  const members = args.get(key);
  if (members === undefined) return undefined;
  const values = filterValues(args, key);
  if (values.length === 0) return true;
  if (values.length === 1 && (values[0] === 'true' || values[0] === 'false')) return values[0] === 'true';
  return { status: 400, message: invalidFilterMessage(key, values, old) };
}

/** The filters' refusal, or whether they ask for automated images only. */
function filterCheck(x: Exchange, args: FilterArgs): Refusal | { readonly automated: boolean } {
  const old = releaseBelow(x, SEARCH.routerChecksFrom);
  const unaccepted = unacceptedKey(args, SEARCH_FILTERS);
  if (unaccepted !== null) return { status: 400, message: invalidFilterMessage(unaccepted, null, old) };
  const registryChecks = !releaseBelow(x, SEARCH.registryFiltersFrom);
  let automated = false;
  for (const key of ['is-automated', 'is-official']) {
    const read = registryChecks ? booleanFilter(args, key, false) : exactBoolean(args, key, old);
    if (typeof read === 'object') return 'refused' in read ? { status: 400, message: read.refused } : read;
    if (key === 'is-automated' && read === true) {
      automated = true;
      if (!releaseBelow(x, SEARCH.automatedFindsNothingFrom)) return { automated };
    }
  }
  for (const stars of filterValues(args, 'stars')) {
    const count = goAtoi(stars);
    if ('error' in count) return { status: 400, message: `${old ? 'Invalid' : 'invalid'} filter 'stars=${stars}'${registryChecks ? `: ${count.error}` : ''}` };
  }
  return { automated };
}

/** The answer of an official search before the registry: the term's scheme, the limit's range; null when it would be sent. */
function termCheck(x: Exchange, term: string, limit: number): Refusal | null {
  const old = releaseBelow(x, SEARCH.routerChecksFrom);
  if (term.includes('://'))
    return old
      ? { status: 500, message: 'Invalid repository name (ex: "registry.domain.tld/myrepos")' }
      : { status: 400, message: `invalid repository name: repository name (${term}) should not have a scheme` };
  if (limit < 1 || limit > 100) return { status: 400, message: `${old ? 'Limit' : 'limit'} ${limit} is outside the range of [1, 100]` };
  return null;
}

export const imageSearchRoute: Route = {
  method: 'GET',
  path: '/images/search',
  where: 'simulator/engine/registry/search.ts: GET /images/search',
  rules: [],
  handle(x) {
    const query = queryOf(x);
    const old = releaseBelow(x, SEARCH.routerChecksFrom);
    const limitText = query.get('limit') ?? '';
    let limit = old ? DEFAULT_LIMIT : 0;
    if (limitText !== '') {
      const parsed = goAtoi(limitText);
      if ('error' in parsed) return handlerError(x, old ? 500 : 400, old ? parsed.error : `invalid limit specified: ${parsed.error}`);
      // moby wraps a nil error for a negative limit: the handler returns nothing, a 200 without a body.
      if (!old && parsed.value < 0) return sendEmpty(x, 200, ['Content-Length', '0']);
      limit = Number(parsed.value);
    }
    if (!old && limit === 0) limit = DEFAULT_LIMIT;
    const filters = parseFilterArgs(query.get('filters') ?? '', old);
    if ('refusal' in filters) return handlerError(x, filters.refusal.status, filters.refusal.message);
    const checked = filterCheck(x, filters.args);
    if ('status' in checked) return handlerError(x, checked.status, checked.message);
    if (checked.automated && !releaseBelow(x, SEARCH.automatedFindsNothingFrom)) return sendJson(x, 200, []);
    const term = query.get('term') ?? '';
    const index = namedIndex(term);
    if (index !== null && !term.includes('://')) {
      const answer = otherIndexCheck(x, index);
      if (answer === 'dial') return notImplementedHere(x, '/images/search (it reaches a registry)');
      if (answer !== 'default') return handlerError(x, answer.status, answer.message);
    }
    const refused = termCheck(x, term, limit);
    if (refused !== null) return handlerError(x, refused.status, refused.message);
    notImplementedHere(x, '/images/search (it reaches a registry)');
  },
};
