import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { goFields, isJsonObject } from '../go-fields.js';
import { readJsonRequest } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import type { Container, ContainerEndpoint } from '../objects/index.js';
import { notImplementedHere, releaseBelow, sendEmpty } from '../replies.js';
import { networkOf } from '../containers/network-settings.js';
import {
  endpointNames,
  findNetwork,
  isConfigOnly,
  joinNetwork,
  networkOfKey,
  newEndpoint,
  unmodelledJoin,
  USER_DEFINED_EXCLUDED,
  withNetworkDisabled,
} from '../containers/container-networks.js';
import { type EndpointRequest, endpointRequest, endpointSettingsProblem, networkSubnets } from '../containers/endpoint-settings.js';
import type { SimNetwork } from './builtin.js';
import { networksChangedWhileRunning } from '../containers/network-files.js';

/**
 * POST /networks/{id}/connect and /disconnect as moby's ConnectToNetwork and DisconnectFromNetwork
 * do them on a daemon without a bridge (--bridge=none): the body's refusals, a blank container
 * (400) and an unknown one (404) first. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2
 * (2026-12-06; test/sim-network-connect.test.ts compares generated sequences with each):
 * - A container that does not run joins a network the daemon lacks under the name given, with the
 *   settings given (a second connect replaces them; its start then fails). A network the daemon has
 *   is checked (the settings; host only for a container of host mode; none or host beside another
 *   network refused) and keyed by its name; one it is on already stays as it was. A user-defined
 *   network's entry has the container's name, aliases and short ID as DNSNames from 25.0, and
 *   before the short ID among its Aliases.
 * - A container that runs joins only a network the daemon has (404 otherwise), gets its endpoint
 *   and the connect event; `bridge` sets its Config.NetworkDisabled; a configuration-only network
 *   keeps the entry and refuses the endpoint (403).
 * - A disconnect of a container that does not run (or, with Force, from a network the daemon
 *   lacks) removes the key (500 "… is not connected to the network X" without it); of one that
 *   runs, its endpoint too (500 "… is not connected to network X"); the host network of a host-mode
 *   container stays. Before 28.0 every disconnect from a network the daemon has logs one event
 *   more.
 */
/** The network's kind as moby's NetworkMode reads its name or type: host, none, or another (private) one. */
const kindOf = (network: SimNetwork): 'host' | 'none' | 'other' => (network.driver === 'host' ? 'host' : network.name === 'none' ? 'none' : 'other');

/** The words that differ per release (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2). */
const WORDS = {
  /** From 28.1 (runconfig ErrConflictConnectToHostNetwork and ErrConflictDisconnectFromHostNetwork). */
  hostSplitFrom: '28.1',
  hostOld: 'container cannot be disconnected from host network or connected to host network',
  connectHost: 'cannot connect container to host network - container must be created in host network mode',
  disconnectHost: 'cannot disconnect container from host network - container was created in host network mode',
  shared: 'container sharing network namespace with another container or host cannot be connected to any other network',
  noneMode: 'container cannot be connected to multiple networks with one of the networks in private (none) mode',
  /** Before 26.0 the settings are checked one problem at a time, in these words. */
  ipOnPredefinedOld: 'user specified IP address is supported on user defined networks only',
  aliasOnPredefinedOld: 'network-scoped alias is supported only for containers in user defined networks',
  noSubnetOld: 'user specified IP address is supported only when connecting to networks with user configured subnets',
  /** Before 28.0 a disconnect logs its event once more, after the disconnect itself. */
  singleDisconnectEventFrom: '28.0',
};

const hostWords = (x: Exchange, connect: boolean): string =>
  releaseBelow(x, WORDS.hostSplitFrom) ? WORDS.hostOld : connect ? WORDS.connectHost : WORDS.disconnectHost;

/** The settings a connect gives (moby network.EndpointSettings), as far as ctrd-sim keeps them. */
function connectSettings(x: Exchange, value: unknown): EndpointRequest & { readonly links: readonly string[] | null } {
  const config = isJsonObject(value) ? goFields(value, ['Aliases', 'Links', 'IPAMConfig', 'DriverOpts']) : {};
  const strings = (item: unknown): string[] | null => (Array.isArray(item) ? item.map((member) => (typeof member === 'string' ? member : '')) : null);
  return { ...endpointRequest(x, config, strings(config['Aliases'])), links: strings(config['Links']) };
}

/**
 * moby's updateNetworkConfig for a network the daemon has: the settings checked (before 26.0 the
 * first problem, after validateEndpointSettings' list), then updateNetworkSettings: the host
 * network only for a container of that mode, a network it is on already changes nothing, and
 * another beside a host or none one is refused. Returns the entry to add, null for nothing to do,
 * or the refusal.
 */
function updateNetworkConfig(
  x: Exchange,
  container: Container,
  network: SimNetwork,
  settings: EndpointRequest & { readonly links: readonly string[] | null },
): { readonly refusal: string } | { readonly add: ContainerEndpoint } | null {
  const userDefined = !USER_DEFINED_EXCLUDED.has(network.name);
  const { aliases, dnsNames } = endpointNames(x, container, userDefined, settings.aliases);
  const ipv4 = String(settings.ipam?.['IPv4Address'] ?? '');
  const ipv6 = String(settings.ipam?.['IPv6Address'] ?? '');
  const subnets = 'user' in network ? networkSubnets(x, network) : null;
  if (releaseBelow(x, '26.0')) {
    if (!userDefined && (ipv4 !== '' || ipv6 !== '')) return { refusal: WORDS.ipOnPredefinedOld };
    if (!userDefined && (aliases ?? []).length > 0) return { refusal: WORDS.aliasOnPredefinedOld };
    // A family's address needs a subnet of that family (20.10 checks no more).
    if ((ipv4 !== '' && (subnets?.v4 ?? []).length === 0) || (ipv6 !== '' && (subnets?.v6 ?? []).length === 0)) return { refusal: WORDS.noSubnetOld };
  } else {
    const problem = endpointSettingsProblem(x, network.name, { ...settings, aliases }, subnets);
    if (problem !== null) return { refusal: problem };
  }
  if (kindOf(network) === 'host' && !isHostMode(container)) return { refusal: hostWords(x, true) };
  for (const key of container.networks.keys()) {
    const other = networkOfKey(x, container, key);
    if (other === undefined) continue;
    if (other.name === network.name) return null;
    if (kindOf(other) === 'host' || kindOf(network) === 'host') return { refusal: WORDS.shared };
    if (kindOf(other) === 'none' || kindOf(network) === 'none') return { refusal: WORDS.noneMode };
  }
  return { add: newEndpoint({ aliases, links: settings.links, ipam: settings.ipam, driverOpts: settings.driverOpts, dnsNames }) };
}

const isHostMode = (container: Container): boolean => container.hostConfig['NetworkMode'] === 'host';

/** From this release a running container's connect to another network looks its network mode's network up (moby 6cc6682f5f). */
const NETWORK_MODE_LOOKED_UP_FROM = '25.0';

/** POST /networks/{id}/connect of a container found: as moby's ConnectToNetwork, for a container that runs or not. */
function connect(x: Exchange, container: Container, term: string, body: unknown): void {
  const settings = connectSettings(x, body);
  const network = findNetwork(x, term);
  if (container.state !== 'running') {
    if (network === undefined) {
      // A network the daemon lacks is kept under the name given, as given (its start would fail).
      container.networks.set(term, newEndpoint({ ...settings, dnsNames: null }));
      return sendEmpty(x, 200);
    }
    const outcome = updateNetworkConfig(x, container, network, settings);
    if (outcome !== null && 'refusal' in outcome) return handlerError(x, 400, outcome.refusal);
    if (outcome !== null) container.networks.set(network.name, outcome.add);
    return sendEmpty(x, 200);
  }
  // moby's connectToNetwork: the bridge the daemon lacks (--bridge=none) disables the container's network instead.
  if (term === 'bridge' && network === undefined) {
    container.config = withNetworkDisabled(container.config);
    return sendEmpty(x, 200);
  }
  if (network === undefined) return handlerError(x, 404, `network ${term} not found`);
  // From 25.0 moby's normalizeNetMode looks the network mode's network up when another is named (observed on 29.7.2).
  const mode = networkOf(container.hostConfig['NetworkMode']);
  const userDefinedMode = mode !== null && !USER_DEFINED_EXCLUDED.has(mode);
  if (!releaseBelow(x, NETWORK_MODE_LOOKED_UP_FROM) && userDefinedMode && term !== mode && findNetwork(x, mode) === undefined)
    return handlerError(x, 404, `could not find a network matching network mode ${mode}: network ${mode} not found`);
  const unmodelled = unmodelledJoin(network);
  if (unmodelled !== null) return notImplementedHere(x, `/networks/{id}/connect of a running container: ${unmodelled}`);
  const outcome = updateNetworkConfig(x, container, network, settings);
  if (outcome !== null && 'refusal' in outcome) return handlerError(x, 400, outcome.refusal);
  // The entry stays when libnetwork then refuses the endpoint, a configuration-only network's first (observed on 28.5.2 for one it is on).
  if (outcome !== null) container.networks.set(network.name, outcome.add);
  if (isConfigOnly(network)) return handlerError(x, 403, 'cannot create endpoint on configuration-only network');
  // libnetwork's CreateEndpoint refuses a second endpoint of the container's name.
  if (outcome === null) return handlerError(x, 403, `endpoint with name ${container.name} already exists in network ${network.name}`);
  const refused = joinNetwork(x, container, network.name, network);
  if (refused !== null) return handlerError(x, refused.status, refused.message);
  networksChangedWhileRunning(container);
  sendEmpty(x, 200);
}

/** POST /networks/{id}/disconnect of a container found: as moby's DisconnectFromNetwork. */
function disconnect(x: Exchange, container: Container, term: string, force: boolean): void {
  const network = findNetwork(x, term);
  const twice = releaseBelow(x, WORDS.singleDisconnectEventFrom);
  if (container.state !== 'running' || (network === undefined && force)) {
    const key = network?.name ?? term;
    if (!container.networks.has(key)) return handlerError(x, 500, `container ${container.id} is not connected to the network ${key}`);
    container.networks.delete(key);
    if (network !== undefined && twice) x.state.objects.networkEvent('disconnect', network, container);
    return sendEmpty(x, 200);
  }
  if (network === undefined) return handlerError(x, 404, `network ${term} not found`);
  if (isHostMode(container) && kindOf(network) === 'host') return handlerError(x, 400, hostWords(x, false));
  // Its key with an endpoint: a key a refused connect left without one is "not connected" and stays (observed on the four releases).
  const key = [...container.networks.keys()].find((name) => findNetwork(x, name)?.name === network.name);
  if (key === undefined || (container.networks.get(key)?.endpointId ?? null) === null)
    return handlerError(x, 500, `container ${container.id} is not connected to network ${network.name}`);
  x.state.objects.networkEvent('disconnect', network, container);
  container.networks.delete(key);
  if (twice) x.state.objects.networkEvent('disconnect', network, container);
  networksChangedWhileRunning(container);
  sendEmpty(x, 200);
}

function connectRoute(action: 'connect' | 'disconnect'): Route {
  const path = `/networks/{id}/${action}`;
  return {
    method: 'POST',
    path,
    slashedParams: ['id'],
    where: `simulator/engine/networks/connect.ts: POST ${path}`,
    rules: [],
    async handle(x: Exchange) {
      const read = await readJsonRequest(x, () => null, true);
      if (!('value' in read)) return handlerError(x, read.status, read.message);
      const fields = isJsonObject(read.value) ? goFields(read.value, ['Container', 'EndpointConfig', 'Force']) : {};
      const name = typeof fields['Container'] === 'string' ? fields['Container'] : '';
      if (name === '') return handlerError(x, 400, fillMessage(ENGINE_MESSAGES.invalidNameOrId, { name }));
      const container = x.state.objects.findContainer(name);
      if (container === undefined) return handlerError(x, 404, fillMessage(ENGINE_MESSAGES.noSuchContainer, { name }));
      const term = x.params['id'] ?? '';
      if (action === 'connect') return connect(x, container, term, fields['EndpointConfig']);
      disconnect(x, container, term, fields['Force'] === true);
    },
  };
}

export const networkConnectRoute = connectRoute('connect');
export const networkDisconnectRoute = connectRoute('disconnect');
