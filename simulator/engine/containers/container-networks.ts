import { randomBytes } from 'node:crypto';
import type { Exchange } from '../../http/exchange.js';
import type { Container, ContainerEndpoint } from '../objects/index.js';
import { allNetworks } from '../networks/user-networks.js';
import type { SimNetwork } from '../networks/builtin.js';
import { releaseBelow } from '../replies.js';

/**
 * What a start and an end do to the networks a container is on (its NetworkSettings.Networks:
 * the NetworkMode's, and those a connect added). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * (2026-12-06, daemons started with --bridge=none; test/sim-network-connect.test.ts).
 */

/** The first release that words a start's network failure as "failed to set up container networking: …" (moby v28.1.0's errSetupNetworking). */
const SETUP_NETWORKING_WORDS_FROM = '28.1';

/** moby's FindNetwork: by full ID, by name, then by a unique ID prefix; undefined when none or several. */
export function findNetwork(x: Exchange, term: string): SimNetwork | undefined {
  const networks = allNetworks(x.state.objects);
  const exact = networks.find((network) => network.id === term) ?? networks.find((network) => network.name === term);
  if (exact !== undefined) return exact;
  const byPrefix = term === '' ? [] : networks.filter((network) => network.id.startsWith(term));
  return byPrefix.length === 1 ? byPrefix[0] : undefined;
}

/** A network a create made with ConfigOnly: no endpoint can be made on it. */
export const isConfigOnly = (network: SimNetwork): boolean => 'user' in network && network.user.configOnly;

/** What a start does with the networks: joins these (in a new sandbox or not), refuses with the one it cannot join, or is not modelled. */
export type StartNetworks =
  | { readonly join: readonly (readonly [string, SimNetwork])[]; readonly sandbox: boolean; readonly disablesNetwork: boolean }
  | { readonly status: number; readonly message: string; readonly disconnectFrom: SimNetwork | null }
  | { readonly unmodelled: string };

/**
 * The networks a start joins (moby's initializeNetworking and allocateNetwork). A container whose
 * network is disabled (Config.NetworkDisabled, as a create or an earlier start on the missing
 * bridge set it) joins none and gets no new sandbox (before 28.0 it keeps its old one). Otherwise
 * each start has a new sandbox, and a `bridge` key, which the daemon lacks (--bridge=none), sets
 * NetworkDisabled instead of joining. Each other key must name a network that takes an endpoint: one that does not exist is
 * 404 "network X not found", a configuration-only one 403 "cannot create endpoint on
 * configuration-only network", from 28.1 after "failed to set up container networking: " and,
 * for the configuration-only one, with its disconnect event; the container stays as it was. moby
 * goes through the keys in Go's map order, so where such a network comes with others, which one
 * answers was not stable (observed): not modelled.
 */
export function startNetworks(x: Exchange, container: Container): StartNetworks {
  // moby's initializeNetworking: a container whose network is disabled gets no sandbox and joins nothing.
  if (container.config['NetworkDisabled'] === true) return { join: [], sandbox: false, disablesNetwork: false };
  const join: [string, SimNetwork][] = [];
  const failing: { readonly status: number; readonly why: string; readonly network: SimNetwork | null }[] = [];
  const hasBridge = container.networks.has('bridge');
  for (const key of container.networks.keys()) {
    if (key === 'bridge') continue;
    const network = findNetwork(x, key);
    if (network === undefined) failing.push({ status: 404, why: `network ${key} not found`, network: null });
    else if (isConfigOnly(network)) failing.push({ status: 403, why: 'cannot create endpoint on configuration-only network', network });
    else join.push([key, network]);
  }
  const [first] = failing;
  if (first !== undefined) {
    if (failing.length > 1 || join.length > 0 || hasBridge) return { unmodelled: 'a start with a network it cannot join beside others' };
    const newer = !releaseBelow(x, SETUP_NETWORKING_WORDS_FROM);
    return {
      status: first.status,
      message: newer ? `failed to set up container networking: ${first.why}` : first.why,
      disconnectFrom: newer ? first.network : null,
    };
  }
  return { join, sandbox: true, disablesNetwork: hasBridge };
}

/** Config with NetworkDisabled set, where container.Config has it (after Entrypoint). */
export function withNetworkDisabled(config: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>> {
  if (config['NetworkDisabled'] === true) return config;
  const entries = Object.entries(config).filter(([key]) => key !== 'NetworkDisabled');
  const at = entries.findIndex(([key]) => key === 'Entrypoint') + 1;
  return Object.fromEntries([...entries.slice(0, at), ['NetworkDisabled', true], ...entries.slice(at)]);
}

/** The container's endpoint on `network` made (the network's ID kept from then on), and its connect event. */
export function joinNetwork(x: Exchange, container: Container, key: string, network: SimNetwork): void {
  const endpoint = container.networks.get(key);
  if (endpoint === undefined) return;
  endpoint.networkId = network.id;
  endpoint.endpointId = randomBytes(32).toString('hex');
  x.state.objects.networkEvent('connect', network, container);
}

/**
 * The container's endpoints given up as it ends: a disconnect event for every network of its keys
 * the daemon has, joined or not (moby's releaseNetwork; observed on 20.10.24 for a key a running
 * connect left without an endpoint).
 */
export function leaveNetworks(x: Exchange, container: Container): void {
  for (const [key, endpoint] of container.networks) {
    const network = findNetwork(x, key);
    if (network !== undefined) x.state.objects.networkEvent('disconnect', network, container);
    endpoint.endpointId = null;
  }
}

/** An entry of the settings a create or a connect gave, not joined yet. */
export const newEndpoint = (settings: Omit<ContainerEndpoint, 'networkId' | 'endpointId'>): ContainerEndpoint => ({
  ...settings,
  networkId: null,
  endpointId: null,
});
