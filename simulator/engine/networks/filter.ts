import type { FilterArgs } from '../filters/filter-args.js';
import { exactMatch, filterValues, labelsMatch } from '../filters/filter-args.js';
import { argsMatch } from '../filters/go-regexp.js';
import type { SimNetwork } from './builtin.js';

/** The filter names GET /networks accepts (moby acceptedNetworkFilters). */
export const NETWORK_FILTERS = ['dangling', 'driver', 'id', 'label', 'name', 'scope', 'type'] as const;

/** A refusal of a filter's value: its status (moby answers a bad `type` with a plain error, 500) and message. */
export interface NetworkFilterRefusal {
  readonly status: 400 | 500;
  readonly message: string;
}

/**
 * The built-in networks the filters keep (moby daemon/network/filter.go FilterNetworks): driver,
 * scope by ExactMatch (a key without values keeps every network: observed on 20.10.24, 26.1.5,
 * 28.5.2); name, id by Match; label against their empty labels; `dangling` (only "true"/"1"
 * or "false"/"0") keeps none of them when true, since predefined networks are never dangling;
 * `type` builtin keeps them, custom none, anything else is refused. `perNetwork` (29.0's
 * network.Filter, each network matched alone): a `type` key without values keeps every network,
 * where the releases before keep none (observed on 28.5.2 and 29.7.2).
 */
export function filterNetworks(networks: readonly SimNetwork[], filters: FilterArgs, perNetwork: boolean): readonly SimNetwork[] | NetworkFilterRefusal {
  let kept = networks.filter(
    (network) =>
      exactMatch(filters, 'driver', network.driver) &&
      (!filters.has('name') || argsMatch(filters, 'name', network.name)) &&
      (!filters.has('id') || argsMatch(filters, 'id', network.id)) &&
      (!filters.has('label') || labelsMatch(filters, 'user' in network ? network.user.labels : {})) &&
      exactMatch(filters, 'scope', 'local'),
  );
  const dangling = filterValues(filters, 'dangling');
  if (dangling.length > 1) return { status: 400, message: 'got more than one value for filter key "dangling"' };
  if (dangling.length === 1) {
    const value = dangling[0] ?? '';
    if (!['0', 'false', '1', 'true'].includes(value)) {
      return { status: 400, message: `invalid value for filter 'dangling', must be "true" (or "1"), or "false" (or "0")` };
    }
    // A created network without containers is dangling (none can join a configuration-only one); predefined ones never are.
    kept = kept.filter((network) => 'user' in network === (value === '1' || value === 'true'));
  }
  if (!filters.has('type') || (perNetwork && filterValues(filters, 'type').length === 0)) return kept;
  let typed: SimNetwork[] = [];
  for (const value of filterValues(filters, 'type')) {
    if (value === 'builtin') typed = [...typed, ...kept.filter((network) => !('user' in network))];
    else if (value === 'custom') typed = [...typed, ...kept.filter((network) => 'user' in network)];
    else return { status: 500, message: `invalid filter: 'type'='${value}'` };
  }
  return typed;
}
