import { randomBytes } from 'node:crypto';
import type { Exchange } from '../../http/exchange.js';
import type { Container, ContainerEndpoint } from '../objects/index.js';
import { allNetworks } from '../networks/user-networks.js';
import type { SimNetwork } from '../networks/builtin.js';
import { releaseBelow } from '../replies.js';
import type { Refusal } from '../json-request.js';
import { endpointAddresses } from '../networks/endpoint-addresses.js';
import { hostAddsJoinLink } from '../networks/parent-link-network.js';
import { joinEndpointProblem } from './endpoint-settings.js';

/**
 * What a start and an end do to the networks a container is on (its NetworkSettings.Networks:
 * the NetworkMode's, and those a connect added). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * (2026-12-06, daemons started with --bridge=none; test/sim-network-connect.test.ts).
 */

/** The first release that words a start's network failure as "failed to set up container networking: …" (moby v28.1.0's errSetupNetworking). */
export const SETUP_NETWORKING_WORDS_FROM = '28.1';

/** moby's FindNetwork: by full ID, by name, then by a unique ID prefix; undefined when none or several. */
export function findNetwork(x: Exchange, term: string): SimNetwork | undefined {
  const networks = allNetworks(x.state.objects);
  const exact = networks.find((network) => network.id === term) ?? networks.find((network) => network.name === term);
  if (exact !== undefined) return exact;
  const byPrefix = term === '' ? [] : networks.filter((network) => network.id.startsWith(term));
  return byPrefix.length === 1 ? byPrefix[0] : undefined;
}

/**
 * What a container's key looks its network up by (moby's getNetworkID): the NetworkID a join
 * recorded in the endpoint, for a user-defined network, else the key. So a start after the
 * network was removed names its ID, and a network made again under the name is not the one the
 * container joined (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
export function networkTerm(key: string, endpoint: ContainerEndpoint | undefined): string {
  const recorded = endpoint?.networkId ?? null;
  return !USER_DEFINED_EXCLUDED.has(key) && recorded !== null && recorded !== '' ? recorded : key;
}

/** The network of a container's key, found as moby finds it (networkTerm). */
export function networkOfKey(x: Exchange, container: Container, key: string): SimNetwork | undefined {
  return findNetwork(x, networkTerm(key, container.networks.get(key)));
}

/** A network a create made with ConfigOnly: no endpoint can be made on it. */
export const isConfigOnly = (network: SimNetwork): boolean => 'user' in network && network.user.configOnly;

/** The first release that goes through a container's networks in Go's map order alone (moby v28.0.0 dropped "always connect default network first"). */
const DEFAULT_NETWORK_FIRST_UNTIL = '28.0';

/**
 * What a start does with the networks: joins these (in a new sandbox or not), or refuses with the
 * first one it cannot join, its network disabled where the missing bridge came before that one,
 * and from 28.1 a disconnect event for each of its networks the daemon has (moby's cleanup
 * releasing them, in map order). `disablesNetwork` holds either way.
 */
export type StartNetworks =
  | { readonly join: readonly (readonly [string, SimNetwork])[]; readonly sandbox: boolean; readonly disablesNetwork: boolean }
  | {
      readonly status: number;
      readonly message: string;
      readonly disablesNetwork: boolean;
      readonly disconnectFrom: readonly SimNetwork[];
      /** The networks the start went through before the one it could not join, in its (map) order. */
      readonly joinedBefore: readonly (readonly [string, SimNetwork])[];
    };

/** The slots of a Go map's group (a bucket before Go 1.24): a map of at most this many entries keeps them in one. */
const GO_MAP_GROUP_SLOTS = 8;

/**
 * Go's iteration over a map whose entries were inserted in `items`' order (moby ranges over a
 * container's networks and mount points). Up to 8 entries fill one group's slots in that order,
 * and an iteration starts at a random one of its 8 slots and goes round, empty ones skipped
 * (runtime mapiterinit's offset; the Swiss tables' entryOffset from Go 1.24): the insertion order
 * unless the start falls on an entry after the first, so with two entries 7 times in 8. A larger map
 * spreads over groups by hash, which this models as a shuffle.
 */
export function goMapOrder<T>(items: readonly T[]): T[] {
  const order = [...items];
  if (order.length <= GO_MAP_GROUP_SLOTS) {
    const offset = Math.floor(Math.random() * GO_MAP_GROUP_SLOTS);
    return offset < order.length ? [...order.slice(offset), ...order.slice(0, offset)] : order;
  }
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/**
 * The networks a start joins (moby's initializeNetworking and allocateNetwork). A container whose
 * network is disabled (Config.NetworkDisabled, as a create or an earlier start on the missing
 * bridge set it) joins none and gets no new sandbox (before 28.0 it keeps its old one). Otherwise
 * each start has a new sandbox and goes through the container's keys, before 28.0 the default
 * `bridge` first and the others in Go's map order, from 28.0 all in map order: a `bridge` key, which
 * the daemon lacks (--bridge=none), sets NetworkDisabled and the start goes on; a network that does
 * not exist is 404 "network X not found", a configuration-only one 403 "cannot create endpoint on
 * configuration-only network", from 28.1 after "failed to set up container networking: ". The
 * first such ends the start: the container stays as it was but for NetworkDisabled where the bridge
 * came first, and from 28.1 the cleanup logs a disconnect for each network of its keys the daemon
 * has. So with several keys the answer may differ run to run, as on the releases (observed on
 * 20.10.24, 26.1.5, 28.5.2 and 29.7.2: test/sim-network-start-order.test.ts). Networks it could
 * join beside the one it cannot are left as they were (before 28.1 the releases join them first and
 * log their connect and disconnect events, which ctrd-sim does not).
 */
export function startNetworks(x: Exchange, container: Container): StartNetworks {
  // moby's initializeNetworking: a container whose network is disabled gets no sandbox and joins nothing.
  if (container.config['NetworkDisabled'] === true) return { join: [], sandbox: false, disablesNetwork: false };
  const keys = [...container.networks.keys()];
  const defaultFirst = releaseBelow(x, DEFAULT_NETWORK_FIRST_UNTIL) && keys.includes('bridge');
  const order = defaultFirst ? ['bridge', ...goMapOrder(keys.filter((key) => key !== 'bridge'))] : goMapOrder(keys);
  const join: [string, SimNetwork][] = [];
  let disablesNetwork = false;
  for (const key of order) {
    if (key === 'bridge') {
      disablesNetwork = true;
      continue;
    }
    const term = networkTerm(key, container.networks.get(key));
    const network = findNetwork(x, term);
    if (network !== undefined && !isConfigOnly(network)) {
      join.push([key, network]);
      continue;
    }
    const why =
      network === undefined
        ? { status: 404, text: `network ${term} not found` }
        : { status: 403, text: 'cannot create endpoint on configuration-only network' };
    const newer = !releaseBelow(x, SETUP_NETWORKING_WORDS_FROM);
    return {
      status: why.status,
      message: newer ? `failed to set up container networking: ${why.text}` : why.text,
      disablesNetwork,
      disconnectFrom: cleanupDisconnects(x, container),
      joinedBefore: join,
    };
  }
  return { join, sandbox: true, disablesNetwork };
}

/**
 * The networks a failed start's cleanup logs a disconnect for without an endpoint: from 28.1 each
 * network of the container's keys the daemon has, in map order (moby's releaseNetwork; observed on
 * 28.5.2 and 29.7.2 after a network or a user the start could not find); none before.
 */
export function cleanupDisconnects(x: Exchange, container: Container): SimNetwork[] {
  if (releaseBelow(x, SETUP_NETWORKING_WORDS_FROM)) return [];
  return goMapOrder([...container.networks.keys()].flatMap((key) => networkOfKey(x, container, key) ?? []));
}

/** Config with NetworkDisabled set, where container.Config has it (after Entrypoint). */
export function withNetworkDisabled(config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (config['NetworkDisabled'] === true) return config;
  const entries = Object.entries(config).filter(([key]) => key !== 'NetworkDisabled');
  const at = entries.findIndex(([key]) => key === 'Entrypoint') + 1;
  return Object.fromEntries([...entries.slice(0, at), ['NetworkDisabled', true], ...entries.slice(at)]);
}

/** The networks whose endpoints have no aliases or DNS names of the user's: the daemon's own (runconfig.IsPreDefinedNetwork). */
export const USER_DEFINED_EXCLUDED: ReadonlySet<string> = new Set(['bridge', 'host', 'none', 'default']);

/**
 * The names an endpoint answers to: before 26.0 a user-defined network's aliases take the short ID
 * and the hostname (observed on 20.10.24); from 25.0 its DNS names (moby buildEndpointDNSNames:
 * the container's name, the aliases, the short ID and the hostname; observed on 26.1.5, 28.5.2 and
 * 29.7.2). moby works them out as a connect or a start updates the endpoint's settings.
 */
export function endpointNames(
  x: Exchange,
  container: Container,
  userDefined: boolean,
  given: readonly string[] | null,
): { readonly aliases: string[] | null; readonly dnsNames: string[] | null } {
  const shortId = container.id.slice(0, 12);
  const hostname = String(container.config['Hostname'] ?? '');
  let aliases: string[] | null = given === null ? null : [...given];
  if (userDefined && releaseBelow(x, '26.0')) {
    aliases = [...(aliases ?? [])];
    if (!aliases.includes(shortId)) aliases.push(shortId);
    if (`/${container.name}` !== hostname && !aliases.includes(hostname)) aliases.push(hostname);
  }
  const dnsNames =
    userDefined && !releaseBelow(x, '25.0') ? [...new Set([container.name, ...(aliases ?? []), shortId, ...(hostname === '' ? [] : [hostname])])] : null;
  return { aliases, dnsNames };
}

/**
 * The container's endpoint on `network` made (the network's ID kept from then on), with its names
 * and, on a bridge network, its addresses, and its connect event; or the refusal of its settings or
 * addresses, the endpoint left as it was.
 */
export function joinNetwork(x: Exchange, container: Container, key: string, network: SimNetwork): Refusal | null {
  const endpoint = withNames(x, container, key, network);
  if (endpoint === undefined) return null;
  const pooled = 'user' in network ? (network.bridge ?? network.parentLink) : undefined;
  if ('user' in network && pooled !== undefined) {
    const invalid = joinEndpointProblem(x, network, endpoint);
    if (invalid !== null) return invalid;
    const addresses = endpointAddresses(x, { id: network.id, name: network.name, pooled }, endpoint);
    if ('status' in addresses) return addresses;
    endpoint.addresses = addresses;
  }
  endpoint.networkId = network.id;
  endpoint.endpointId = randomBytes(32).toString('hex');
  x.state.objects.networkEvent('connect', network, container);
  return null;
}

/** The entry of `key` with its names worked out (a user-defined network's), as moby's updateNetworkConfig leaves it whether the join then succeeds or not. */
function withNames(x: Exchange, container: Container, key: string, network: SimNetwork): ContainerEndpoint | undefined {
  const entry = container.networks.get(key);
  if (entry === undefined || !('user' in network)) return entry;
  const named = { ...entry, ...endpointNames(x, container, !USER_DEFINED_EXCLUDED.has(network.name), entry.aliases) };
  container.networks.set(key, named);
  return named;
}

/**
 * A network a failed start joined before the one it could not: its endpoint released again by
 * moby's cleanup, its names and the network's ID kept.
 */
export function joinedThenReleased(x: Exchange, container: Container, key: string, network: SimNetwork): void {
  const endpoint = withNames(x, container, key, network);
  if (endpoint !== undefined) endpoint.networkId = network.id;
}

/** The container's endpoint on the network of `key` given up: its disconnect event, its addresses released. */
export function leaveEndpoint(x: Exchange, container: Container, key: string): void {
  const endpoint = container.networks.get(key);
  const network = findNetwork(x, networkTerm(key, endpoint));
  if (network !== undefined) x.state.objects.networkEvent('disconnect', network, container);
  if (endpoint === undefined) return;
  endpoint.endpointId = null;
  endpoint.addresses = null;
}

/**
 * The container's endpoints given up as it ends: a disconnect event for every network of its keys
 * the daemon has, joined or not (moby's releaseNetwork; observed on 20.10.24 for a key a running
 * connect left without an endpoint).
 */
export function leaveNetworks(x: Exchange, container: Container): void {
  for (const key of container.networks.keys()) leaveEndpoint(x, container, key);
}

/**
 * A join ctrd-sim does not model, named for its 501: a network whose driver would add a link the
 * simulated host cannot (an ipvlan port: networks/parent-link-network.ts), or null.
 */
export function unmodelledJoin(network: SimNetwork): string | null {
  if (!('user' in network) || network.parentLink === undefined || hostAddsJoinLink(network.parentLink)) return null;
  return `a join of the ${network.parentLink.driver} network ${network.name} (the simulated host adds no ${network.parentLink.driver} link)`;
}

/** An entry of the settings a create or a connect gave, not joined yet. */
export const newEndpoint = (settings: Omit<ContainerEndpoint, 'networkId' | 'endpointId'>): ContainerEndpoint => ({
  ...settings,
  networkId: null,
  endpointId: null,
});
