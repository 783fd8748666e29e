import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { invalidFilterMessage, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { apiBelow, queryOf, releaseBelow, sendEmpty, sendJson } from '../replies.js';
import { NETWORKS_FROM_29, readPruneFilters } from '../filters/prune-filters.js';
import { goMapOrder } from '../containers/container-networks.js';
import { goQuote } from '../go-strconv.js';
import { shapeNetwork, type SimNetwork, type UserNetwork } from './builtin.js';
import { ipamViewOf, releaseBridge } from './bridge-network.js';
import { allNetworks, removeUserNetwork, userNetworks } from './user-networks.js';
import { NETWORK_FILTERS, filterNetworks } from './filter.js';

/** How the release writes a network, in a list or for inspect (builtin.ts: NetworkStyle). */
function shapeOf(x: Exchange, network: SimNetwork, inspect: boolean): Record<string, unknown> {
  const inspectType = !releaseBelow(x, '29.0');
  return shapeNetwork(x.state.objects, network, {
    old: releaseBelow(x, '23.0'),
    withIPv4: !releaseBelow(x, '28.0'),
    inspectType,
    containers: inspect ? 'attached' : !inspectType ? 'empty' : apiBelow(x, '1.28') ? 'attached' : 'none',
    withStatus: inspect && inspectType && !apiBelow(x, '1.52'),
    ipamView: ipamViewOf(x),
  });
}

/** GET /networks (and /networks/): the built-in networks, filtered; the refusals in moby's order (parse, names, values). */
function listNetworks(x: Exchange): void {
  const old = releaseBelow(x, '23.0');
  const parsed = parseFilterArgs(queryOf(x).get('filters') ?? '', old);
  if ('refusal' in parsed) return handlerError(x, parsed.refusal.status, parsed.refusal.message);
  const unaccepted = unacceptedKey(parsed.args, NETWORK_FILTERS);
  if (unaccepted !== null) return handlerError(x, 400, invalidFilterMessage(unaccepted, null, old));
  const kept = filterNetworks(allNetworks(x.state.objects), parsed.args, !releaseBelow(x, '29.0'));
  if ('message' in kept) return handlerError(x, kept.status, kept.message);
  sendJson(
    x,
    200,
    kept.map((network) => shapeOf(x, network, false)),
  );
}

export const networkListRoute: Route = {
  method: 'GET',
  path: '/networks',
  where: 'simulator/engine/networks/routes.ts: GET /networks',
  rules: [],
  handle: listNetworks,
};

export const networkListSlashRoute: Route = { ...networkListRoute, path: '/networks/', where: 'simulator/engine/networks/routes.ts: GET /networks/' };

/** Several networks a term names: by name (20.10 makes networks of one name) or by ID prefix. */
type Ambiguous = { readonly ambiguous: number; readonly basedOn: 'name' | 'ID prefix' };

/**
 * The network a term names (moby router getNetwork): by full ID, by name, then by ID prefix;
 * several of one name or prefix is ambiguous (400).
 */
function findNetwork(networks: readonly SimNetwork[], term: string): SimNetwork | Ambiguous | undefined {
  const exact = networks.find((network) => network.id === term);
  if (exact !== undefined) return exact;
  const byName = networks.filter((network) => network.name === term);
  if (byName.length > 1) return { ambiguous: byName.length, basedOn: 'name' };
  if (byName[0] !== undefined) return byName[0];
  const byPrefix = networks.filter((network) => network.id.startsWith(term));
  if (byPrefix.length > 1) return { ambiguous: byPrefix.length, basedOn: 'ID prefix' };
  return byPrefix[0];
}

/** GET /networks/{id}: the network with its running containers; `scope` other than local finds nothing, `verbose` changes nothing for local networks. */
export const networkInspectRoute: Route = {
  method: 'GET',
  path: '/networks/{id}',
  slashedParams: ['id'],
  where: 'simulator/engine/networks/routes.ts: GET /networks/{id}',
  rules: [],
  handle(x) {
    const term = x.params['id'] ?? '';
    const scope = queryOf(x).get('scope') ?? '';
    const found = scope === '' || scope === 'local' ? findNetwork(allNetworks(x.state.objects), term) : undefined;
    if (found === undefined) return handlerError(x, 404, `network ${term} not found`);
    if ('ambiguous' in found) return handlerError(x, 400, `${found.ambiguous} matches found based on ${found.basedOn}: network ${term} is ambiguous`);
    sendJson(x, 200, shapeOf(x, found, true));
  },
};

/**
 * DELETE /networks/{id}: the pre-defined networks (none, host) are refused (403), a created one
 * goes (204; no container can join a configuration-only network); any other term is not found, as
 * inspect finds it (by full ID, name, then a unique ID prefix). Observed on 20.10.24, 26.1.5 and 28.5.2.
 */
export const networkDeleteRoute: Route = {
  method: 'DELETE',
  path: '/networks/{id}',
  slashedParams: ['id'],
  where: 'simulator/engine/networks/routes.ts: DELETE /networks/{id}',
  rules: [],
  handle(x) {
    const term = x.params['id'] ?? '';
    const found = findNetwork(allNetworks(x.state.objects), term);
    if (found === undefined) return handlerError(x, 404, `network ${term} not found`);
    // The delete words an ambiguous prefix its own way (observed: "network  is ambiguous (2 matches …)" for an empty one).
    if ('ambiguous' in found) return handlerError(x, 400, `network ${term} is ambiguous (${found.ambiguous} matches found based on ${found.basedOn})`);
    if (!('user' in found)) return handlerError(x, 403, `${found.name} is a pre-defined network and cannot be removed`);
    const active = activeEndpoints(x, found);
    if (active.length > 0) return handlerError(x, 403, `error while removing network: ${activeEndpointsWords(x, found, active)}`);
    removeNetwork(x, found);
    sendEmpty(x, 204);
  },
};

/** A created network removed: its pools given back, its destroy event. */
function removeNetwork(x: Exchange, network: UserNetwork): void {
  removeUserNetwork(x.state.objects, network);
  const pooled = network.bridge ?? network.parentLink;
  if (pooled !== undefined) releaseBridge(x, pooled);
  x.state.objects.events.record('network', 'destroy', network.id, { name: network.name, type: network.driver });
}

/**
 * POST /networks/prune (moby localNetworksPrune): the filters as a container prune reads them;
 * every created network the filters keep goes, but the configuration-only ones and those with an
 * endpoint (ctrd-sim makes none on a bridge network), in creation order (the releases walk their
 * store's order, which the property compares as a set).
 */
export const networkPruneRoute: Route = {
  method: 'POST',
  path: '/networks/prune',
  where: 'simulator/engine/networks/routes.ts: POST /networks/prune',
  rules: [],
  handle(x) {
    const filters = releaseBelow(x, '29.0') ? readPruneFilters(x) : readPruneFilters(x, NETWORKS_FROM_29);
    if (filters === null) return;
    const pruned = userNetworks(x.state.objects).filter(
      (network) => !network.user.configOnly && filters.keep(network.user.labels, network.created) && !hasEndpoints(x, network),
    );
    for (const network of pruned) removeNetwork(x, network);
    x.state.objects.events.record('network', 'prune', '', { reclaimed: '0' });
    sendJson(x, 200, { NetworksDeleted: pruned.length === 0 ? null : pruned.map((network) => network.name) });
  },
};

/** The endpoints on the network: each running container's name and endpoint ID. */
function activeEndpoints(x: Exchange, network: UserNetwork): { readonly name: string; readonly endpointId: string }[] {
  const active: { name: string; endpointId: string }[] = [];
  for (const container of x.state.objects.allContainers()) {
    if (container.state !== 'running') continue;
    for (const endpoint of container.networks.values())
      if (endpoint.networkId === network.id && endpoint.endpointId !== null) active.push({ name: container.name, endpointId: endpoint.endpointId });
  }
  return active;
}

const hasEndpoints = (x: Exchange, network: UserNetwork): boolean => activeEndpoints(x, network).length > 0;

/**
 * libnetwork's ActiveEndpointsError: before 28.1 the network's name and ID; from 28.1 its name and
 * each endpoint's name and short ID, in the order its store gives them (Go's map order here;
 * observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
function activeEndpointsWords(x: Exchange, network: UserNetwork, active: readonly { readonly name: string; readonly endpointId: string }[]): string {
  if (releaseBelow(x, '28.1')) return `network ${network.name} id ${network.id} has active endpoints`;
  const listed = goMapOrder(active).map(({ name, endpointId }) => `name:${goQuote(name)} id:${goQuote(endpointId.slice(0, 12))}`);
  return `network ${network.name} has active endpoints (${listed.join(', ')})`;
}
