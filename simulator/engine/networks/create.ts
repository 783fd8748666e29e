import { randomBytes } from 'node:crypto';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { type Refusal, readJsonRequest } from '../json-request.js';
import { nowNanos } from '../objects/index.js';
import { apiBelow, releaseBelow, sendJson } from '../replies.js';
import { SWARM_MESSAGES } from '../swarm/inactive.js';
import { fillMessage } from '../../../common/messages.js';
import { SIMULATOR_MESSAGES } from '../../../specs/messages.js';
import { HYPHENATED_USER_WORDS_FROM } from '../messages.js';
import type { UserNetwork } from './builtin.js';
import { createBridge } from './bridge-network.js';
import { familyOption } from './bridge-options.js';
import { type CreateRequest, netipProblem, readCreateRequest } from './create-request.js';
import { ipamProblem, ipv4First, netipIpamProblem, oldSubnetProblem } from './ipam.js';
import { createParentLinked, type ParentLinkDriver } from './parent-link-network.js';
import { userNetworks } from './user-networks.js';

/** How each release's create differs (moby daemon/network.go createNetwork, libnetwork NewNetwork). */
interface CreateVariant {
  /** The refusal of a blank name. */
  readonly blankName: (name: string) => Refusal;
  /** 20.10 looks a name up itself: CheckDuplicate refuses it, else the create goes on with a warning; later libnetwork refuses it. */
  readonly duplicateWarns: boolean;
  /** The overlay driver without a swarm: 20.10 finds it in libnetwork (500), later at once (403). */
  readonly overlayEarly: boolean;
  /** How the IPAM entries are checked: 20.10 only parses the subnets; moby network.ValidateIPAM from 25.0; 29.0's validateIpamConfig on netip values. */
  readonly ipamCheck: 'subnets-only' | 'validate' | 'validate-netip';
  /** 28.0 looks the configuration network up before the scope checks. */
  readonly configFromFirst: boolean;
}

const VARIANT_20: CreateVariant = {
  blankName: (name) => ({ status: 500, message: `invalid name: ${name}` }),
  duplicateWarns: true,
  overlayEarly: false,
  ipamCheck: 'subnets-only',
  configFromFirst: false,
};
const VARIANT_26: CreateVariant = {
  ...VARIANT_20,
  blankName: (name) => ({ status: 400, message: `invalid name: ${name}` }),
  duplicateWarns: false,
  overlayEarly: true,
  ipamCheck: 'validate',
};
const VARIANT_28: CreateVariant = { ...VARIANT_26, blankName: () => ({ status: 400, message: 'invalid name: name is empty' }), configFromFirst: true };
const VARIANT_29: CreateVariant = { ...VARIANT_28, ipamCheck: 'validate-netip' };

/** Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (29.0 from moby docker-v29.0.0's source). */
const variantOf = (x: Exchange): CreateVariant =>
  releaseBelow(x, '23.0') ? VARIANT_20 : releaseBelow(x, '28.0') ? VARIANT_26 : releaseBelow(x, '29.0') ? VARIANT_28 : VARIANT_29;

/** runconfig.IsPreDefinedNetwork on Linux. */
const PREDEFINED = new Set(['bridge', 'host', 'none', 'default']);

/** The drivers a daemon has built in; any other is a plugin it looks for. */
const BUILTIN_DRIVERS = new Set(['bridge', 'host', 'null', 'overlay', 'macvlan', 'ipvlan']);

/** The address families a network has: the request's fields, from 28.0 the options where a field is left out (API 1.48 for EnableIPv4). */
interface Families {
  readonly ipv4: boolean;
  readonly ipv6: boolean;
}

/** What the create leads to: a refusal, a configuration-only network, or a network its driver makes. */
type Outcome =
  | Refusal
  | { readonly make: 'config-only'; readonly warning: string }
  | { readonly make: 'driver'; readonly driver: string; readonly warning: string; readonly families: Families };

/**
 * The families (moby createNetwork from 28.0: the fields, else the driver options, which must then
 * be booleans: 400 "driver-opt … is not a valid bool"); before 28.0 the fields alone, EnableIPv4
 * being unknown.
 */
function familiesOf(x: Exchange, request: CreateRequest): Families | Refusal {
  if (releaseBelow(x, '28.0')) return { ipv4: true, ipv6: request.enableIPv6 };
  const ipv4Field = apiBelow(x, '1.48') ? null : request.enableIPv4;
  const ipv4 = ipv4Field ?? familyOption(request.options, 'com.docker.network.enable_ipv4') ?? true;
  if (typeof ipv4 !== 'boolean') return ipv4;
  const ipv6 = request.enableIPv6Given ? request.enableIPv6 : (familyOption(request.options, 'com.docker.network.enable_ipv6') ?? false);
  if (typeof ipv6 !== 'boolean') return ipv6;
  return { ipv4, ipv6 };
}

const refusal = (status: number, message: string): Refusal => ({ status, message });

/** The checks up to libnetwork's NewNetwork, in moby's order (the observed refusals; the rest from source). */
function decide(x: Exchange, request: CreateRequest): Outcome {
  const variant = variantOf(x);
  const networks = userNetworks(x.state.objects);
  const { name } = request;
  if (PREDEFINED.has(name)) return refusal(403, `operation is not permitted on predefined ${name} network `);
  let warning = '';
  const existing = networks.find((network) => network.name === name);
  if (variant.duplicateWarns && existing !== undefined) {
    if (request.checkDuplicate) return refusal(409, `network with name ${name} already exists`);
    warning = `Network with name ${name} (id : ${existing.id}) already exists`;
  }
  const driver = request.driver === '' ? 'bridge' : request.driver;
  if (variant.overlayEarly && driver === 'overlay') return refusal(403, SWARM_MESSAGES.notManager);
  const families = familiesOf(x, request);
  if ('status' in families) return families;
  const entries = request.ipam?.entries ?? [];
  if (variant.ipamCheck === 'subnets-only') {
    const problem = oldSubnetProblem(entries);
    if (problem !== null) return refusal(500, problem);
  } else {
    const problem = (variant.ipamCheck === 'validate' ? ipamProblem : netipIpamProblem)(entries, families.ipv6);
    if (problem !== null) return refusal(400, problem);
  }
  if (name.trim() === '') return variant.blankName(name);
  if (!variant.duplicateWarns && existing !== undefined) return refusal(409, `network with name ${name} already exists`);
  const configProblem = configurationProblem(x, request);
  if (configProblem !== null) return refusal(403, configProblem);
  if (request.configOnly) return { make: 'config-only', warning };
  if (!BUILTIN_DRIVERS.has(driver)) return refusal(404, `plugin "${driver}" not found`);
  // Only 20.10 gets here with the overlay driver, whose scope is global (observed 2026-12-05).
  if (driver === 'overlay' && request.scope === 'local') return refusal(403, 'cannot downgrade network scope for overlay networks');
  // The overlay driver's scope is global: libnetwork's ingress check lets it through.
  if (request.ingress && driver !== 'overlay') return refusal(403, 'Ingress network can only be global scope network');
  const configFrom = (): Refusal | null =>
    request.configFrom !== null &&
    request.configFrom !== '' &&
    !networks.some((network) => network.name === request.configFrom || network.id === request.configFrom)
      ? refusal(404, `configuration network "${request.configFrom}" does not exist`)
      : null;
  const swarmScope = (): Refusal | null => (request.scope === 'swarm' ? refusal(403, 'cannot create a swarm scoped network when swarm is not active') : null);
  const [first, second] = variant.configFromFirst ? [configFrom, swarmScope] : [swarmScope, configFrom];
  const found = first() ?? second();
  if (found !== null) return found;
  // Only 20.10 gets here with the overlay driver: libnetwork has looked the configuration network up
  // (found by the create property at seed 442655100) and allocates the pools (seed -1020067333: IPv6
  // without a subnet has no default pool) before the driver refuses.
  if (driver === 'overlay') {
    if (request.enableIPv6 && !entries.some((entry) => entry.subnet.includes(':')))
      return refusal(404, 'could not find an available, non-overlapping IPv6 address pool among the defaults to assign to the network');
    return refusal(500, SWARM_MESSAGES.notManager);
  }
  if (driver === 'null' || driver === 'host') return refusal(403, `only one instance of "${driver}" network is allowed`);
  return { make: 'driver', driver, warning, families };
}

/** libnetwork's validateConfiguration: what a configuration-only network, and one made from it, may not set. */
function configurationProblem(x: Exchange, request: CreateRequest): string | null {
  if (request.configOnly && (request.ingress || request.internal || request.attachable || request.scope !== ''))
    return 'configuration network can only contain network specific fields. Network operator fields like [ ingress | internal | attachable | scope ] are not supported.';
  if (request.configFrom === null || request.configFrom === '') return null;
  if (request.configOnly) return 'a configuration network cannot depend on another configuration network';
  const ipam = request.ipam;
  if (
    (ipam !== null && ipam.driver !== '' && ipam.driver !== 'default') ||
    request.enableIPv4 === false ||
    request.enableIPv6 ||
    Object.keys(request.labels).length > 0 ||
    (ipam?.options !== null && ipam?.options !== undefined && Object.keys(ipam.options).length > 0) ||
    (ipam?.entries.length ?? 0) > 0
  )
    return `user${releaseBelow(x, HYPHENATED_USER_WORDS_FROM) ? ' ' : '-'}specified configurations are not supported if the network depends on a configuration network`;
  if (Object.keys(request.options).length > 0) return 'network driver options are not supported if the network depends on a configuration network';
  return null;
}

/** The options a network keeps: from 28.0 without the family options a field overrides (moby createNetwork deletes them). */
function keptOptions(x: Exchange, request: CreateRequest): Readonly<Record<string, string>> {
  if (releaseBelow(x, '28.0')) return request.options;
  const dropped = new Set<string>();
  if (!apiBelow(x, '1.48') && request.enableIPv4 !== null) dropped.add('com.docker.network.enable_ipv4');
  if (request.enableIPv6Given) dropped.add('com.docker.network.enable_ipv6');
  return Object.fromEntries(Object.entries(request.options).filter(([key]) => !dropped.has(key)));
}

/** The network the bridge driver makes of the request (bridge-network.ts), or its refusal. */
function bridgeNetwork(x: Exchange, request: CreateRequest, families: Families): UserNetwork | Refusal {
  const id = randomBytes(32).toString('hex');
  const others = userNetworks(x.state.objects).flatMap((network) => (network.bridge === undefined ? [] : [{ id: network.id, bridge: network.bridge }]));
  const options = keptOptions(x, request);
  const bridge = createBridge(x, id, request, options, families, others);
  if ('status' in bridge) return bridge;
  return { ...madeNetwork(request, id, 'bridge', options, families), bridge };
}

/** The network the macvlan or ipvlan driver makes of the request (parent-link-network.ts), or its refusal. */
function parentLinkedNetwork(x: Exchange, request: CreateRequest, driver: ParentLinkDriver, families: Families): UserNetwork | Refusal {
  const id = randomBytes(32).toString('hex');
  const others = userNetworks(x.state.objects).flatMap((network) =>
    network.parentLink === undefined ? [] : [{ id: network.id, parentLink: network.parentLink }],
  );
  const options = keptOptions(x, request);
  const parentLink = createParentLinked(x, { driver, others }, { request, options, families });
  if ('status' in parentLink) return parentLink;
  return { ...madeNetwork(request, id, driver, options, families), parentLink };
}

/** A network a driver made, as the daemon keeps the create's fields. */
function madeNetwork(request: CreateRequest, id: string, driver: string, options: Readonly<Record<string, string>>, families: Families): UserNetwork {
  const ipam = request.ipam;
  return {
    name: request.name,
    driver,
    id,
    created: nowNanos(),
    user: {
      configOnly: false,
      enableIPv4: families.ipv4,
      enableIPv6: families.ipv6,
      ipam: {
        driver: ipam === null || ipam.driver === '' ? 'default' : ipam.driver,
        options: ipam?.options ?? null,
        config: ipv4First(ipam?.entries ?? []).map((entry) => ({ Subnet: entry.subnet, ...(entry.ipRange === '' ? {} : { IPRange: entry.ipRange }) })),
      },
      options,
      labels: request.labels,
    },
  };
}

/** The configuration-only network the request makes: driver null, scope local, nothing allocated. */
function configOnlyNetwork(x: Exchange, request: CreateRequest): UserNetwork {
  const ipam = request.ipam;
  return {
    name: request.name,
    driver: 'null',
    id: randomBytes(32).toString('hex'),
    created: nowNanos(),
    user: {
      configOnly: true,
      // EnableIPv4 counts from API 1.48 (moby's router drops it before).
      enableIPv4: request.enableIPv4 === null || apiBelow(x, '1.48') ? true : request.enableIPv4,
      enableIPv6: request.enableIPv6,
      ipam: {
        driver: ipam === null || ipam.driver === '' ? 'default' : ipam.driver,
        options: ipam?.options ?? null,
        config: ipv4First(ipam?.entries ?? []).map((entry) => ({
          Subnet: entry.subnet,
          ...(entry.ipRange === '' ? {} : { IPRange: entry.ipRange }),
          ...(entry.gateway === '' ? {} : { Gateway: entry.gateway }),
          ...(entry.auxAddresses.length === 0 ? {} : { AuxiliaryAddresses: Object.fromEntries(entry.auxAddresses) }),
        })),
      },
      options: request.options,
      labels: request.labels,
    },
  };
}

/**
 * POST /networks/create: every refusal the releases give before a driver acts, and
 * configuration-only networks (which need no driver). A network a driver would make (bridge,
 * macvlan, ipvlan) changes the host's networking on a real daemon, so it was not observed, and
 * ctrd-sim does not make one: 501. An unknown driver is refused at once (dockerd looks for the
 * plugin some 15 s first).
 */
export const networkCreateRoute: Route = {
  method: 'POST',
  path: '/networks/create',
  where: 'simulator/engine/networks/create.ts: POST /networks/create',
  rules: [],
  async handle(x) {
    const netip = !releaseBelow(x, '29.0');
    const read = await readJsonRequest(x, (value) => (netip ? netipProblem(value) : null), true);
    if (!('value' in read)) return handlerError(x, read.status, read.message);
    const request = readCreateRequest(read.value);
    const outcome = decide(x, request);
    if ('status' in outcome) return handlerError(x, outcome.status, outcome.message);
    let network: UserNetwork;
    if (outcome.make === 'config-only') network = configOnlyNetwork(x, request);
    else if (outcome.driver !== 'bridge' && outcome.driver !== 'macvlan' && outcome.driver !== 'ipvlan')
      return handlerError(x, 501, fillMessage(SIMULATOR_MESSAGES.notImplemented, { method: 'POST', path: `/networks/create (the ${outcome.driver} driver)` }));
    else {
      const made =
        outcome.driver === 'bridge' ? bridgeNetwork(x, request, outcome.families) : parentLinkedNetwork(x, request, outcome.driver, outcome.families);
      if ('status' in made) return handlerError(x, made.status, made.message);
      network = made;
    }
    userNetworks(x.state.objects).push(network);
    x.state.objects.events.record('network', 'create', network.id, { name: network.name, type: network.driver });
    sendJson(x, 201, { Id: network.id, Warning: outcome.warning });
  },
};
