import { locatePlugin } from '../../authz/locate.js';
import { fillMessage } from '../../../common/messages.js';
import { SIMULATOR_MESSAGES } from '../../../specs/messages.js';
import { poolsToSplit } from '../../config/file/address-pools.js';
import type { Exchange } from '../../http/exchange.js';
import type { EndpointAddresses } from '../objects/index.js';
import type { Refusal } from '../json-request.js';
import { releaseBelow } from '../replies.js';
import {
  type HeldPool,
  POOLS_FIRST_FREE_27,
  POOLS_FIRST_FREE_29,
  POOLS_ROUND_ROBIN,
  type PoolVariant,
  poolText,
  releasePools,
  requestPool,
} from './address-space.js';
import { BRIDGE_NAME_OPTION, bridgeLookupProblem, bridgeMakingProblem, mtuOf, optionProblem } from './bridge-options.js';
import type { CreateRequest } from './create-request.js';
import { addressText, type IpamEntry, isIPv6Subnet, masked, parseAddress, parsePrefix } from './ipam.js';

/**
 * A network the bridge driver makes (the default driver): its pools, its gateways and its
 * bridge's name. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06, each daemon in a
 * private network namespace with only loopback, where the bridge it makes goes with the namespace);
 * the cut-offs between 20.10 and 26.1 are placed at 23.0, those between 26.1 and 28.5 at the moby
 * release that made the change (27.0's defaultipam, 28.0's gateway modes and EnableIPv4).
 */

/** A pool a network took, with the gateway libnetwork gave it (the create's or the first free address). */
export interface Allocation {
  readonly pool: HeldPool;
  readonly gateway: string;
  /** The create's entry the pool came from; null for a predefined pool. */
  readonly entry: IpamEntry | null;
}

/** What a driver made of a create's pools (bridge, macvlan, ipvlan), as inspect shows it. */
export interface PooledSettings {
  readonly internal: boolean;
  readonly attachable: boolean;
  /** The create's IPAM entries of each family, kept as the daemon keeps them whether it took a pool for them or not. */
  readonly configV4: readonly IpamEntry[];
  readonly configV6: readonly IpamEntry[];
  readonly v4: Allocation | null;
  readonly v6: Allocation | null;
  /** The pools beyond each family's first, in the order taken (a macvlan or ipvlan network may have several). */
  readonly further?: readonly Allocation[];
}

/** A network's pools of a family, in the order taken. */
export const allocationsOf = (settings: PooledSettings, family: 'IPv4' | 'IPv6'): Allocation[] =>
  [family === 'IPv4' ? settings.v4 : settings.v6, ...(settings.further ?? []).filter((a) => a.pool.family === family)].filter(
    (allocation): allocation is Allocation => allocation !== null,
  );

/** What the bridge driver made, as inspect shows it. */
export interface BridgeSettings extends PooledSettings {
  readonly bridgeName: string;
}

/** How each release's bridge create differs. */
interface BridgeVariant {
  readonly pools: PoolVariant;
  /** A bad option and a negative MTU: 500 on 20.10, then invalid parameters (400). */
  readonly optionStatus: number;
  /** From 28.0 libnetwork parses the options (GetSkipGwAlloc) before it takes the pools. */
  readonly parseBeforePools: boolean;
  /** 20.10's lookup of the bridge's name refuses a name longer than the kernel keeps; later ones find no link, and the making refuses it. */
  readonly lookupRefusesLongNames: boolean;
  /** From 23.0 an internal network refuses a default gateway (the auxiliary address DefaultGatewayIPv4), 400. */
  readonly internalGatewayRefused: boolean;
  /** From 23.0 the bridge is made with its MTU, which the kernel bounds to 68…65535. */
  readonly mtuChecked: boolean;
  /** 20.10 validates the configuration (a negative MTU) as it parses the options, before the bridge's name and the pools' count. */
  readonly validateInParse: boolean;
  /** The null IPAM driver's refusal of an IPv6 pool; from 28.0 it gives ::/0, as it gives 0.0.0.0/0 for IPv4. */
  readonly nullRefusesIPv6: string | null;
}

const VARIANT_20: BridgeVariant = {
  pools: POOLS_ROUND_ROBIN,
  optionStatus: 500,
  parseBeforePools: false,
  lookupRefusesLongNames: true,
  internalGatewayRefused: false,
  mtuChecked: false,
  validateInParse: true,
  nullRefusesIPv6: 'null ipam driver does not handle IPv6 address pool pool requests',
};
const VARIANT_23: BridgeVariant = {
  ...VARIANT_20,
  optionStatus: 400,
  lookupRefusesLongNames: false,
  internalGatewayRefused: true,
  mtuChecked: true,
  validateInParse: false,
  nullRefusesIPv6: 'null ipam driver does not handle IPv6 address pool requests',
};
const VARIANT_27: BridgeVariant = { ...VARIANT_23, pools: POOLS_FIRST_FREE_27 };
const VARIANT_28: BridgeVariant = { ...VARIANT_27, parseBeforePools: true, nullRefusesIPv6: null };
const VARIANT_29: BridgeVariant = { ...VARIANT_28, pools: POOLS_FIRST_FREE_29 };

/** What the pools' allocation reads of a release's variant (the same for every driver). */
export type PoolsVariant = Pick<BridgeVariant, 'pools' | 'optionStatus' | 'nullRefusesIPv6'>;

export const poolsVariantOf = (x: Exchange): PoolsVariant => variantOf(x);

const variantOf = (x: Exchange): BridgeVariant =>
  releaseBelow(x, '23.0')
    ? VARIANT_20
    : releaseBelow(x, '27.0')
      ? VARIANT_23
      : releaseBelow(x, '28.0')
        ? VARIANT_27
        : releaseBelow(x, '29.0')
          ? VARIANT_28
          : VARIANT_29;

/** The first address of the entry's range (or of the pool) that is neither the pool's network address nor, for IPv4, its broadcast one. */
function firstFreeAddress(pool: HeldPool, entry: IpamEntry | null): string {
  const range = entry !== null && entry.ipRange !== '' ? parsePrefix(entry.ipRange) : null;
  let value = masked(range ?? pool).value;
  if (value === pool.value) value += 1n;
  return addressText({ family: pool.family, value, bits: pool.bits, zone: '' });
}

/**
 * The IPAM driver a create names: libnetwork's built-in `default` (also for none named) and `null`;
 * any other is a plugin, looked up in the daemon's plugin directories. One that is not there is 404
 * 'plugin "x" not found' (the releases look for it some 15 s first; ctrd-sim answers at once, as it
 * does for a network driver it lacks); one that is there is a process ctrd-sim does not talk to
 * (501). Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-07).
 */
export function ipamDriverOf(x: Exchange, request: CreateRequest): 'default' | 'null' | Refusal {
  const name = request.ipam?.driver ?? '';
  if (name === '' || name === 'default' || name === 'null') return name === 'null' ? 'null' : 'default';
  if (locatePlugin(name, x.state.config.pluginDirs) !== null)
    return { status: 501, message: fillMessage(SIMULATOR_MESSAGES.notImplemented, { method: 'POST', path: '/networks/create (an IPAM driver plugin)' }) };
  return { status: 404, message: `plugin ${JSON.stringify(name)} not found` };
}

/** A create's pools being taken: its IPAM driver, each family's pools taken as asked, and a refusal that gives back what was taken. */
export interface PoolAllocation {
  readonly ipam: 'default' | 'null';
  readonly take: (family: 'IPv4' | 'IPv6', config: readonly IpamEntry[]) => Allocation[] | Refusal;
  readonly fail: (refusal: Refusal) => Refusal;
}

/**
 * libnetwork's ipamAllocate for a create: the IPAM driver looked up before any pool is asked for,
 * then the pools (`skipGateway`: the driver wants no gateway of libnetwork's).
 */
export function poolAllocation(x: Exchange, request: CreateRequest, variant: PoolsVariant, skipGateway = false): PoolAllocation | Refusal {
  const ipam = ipamDriverOf(x, request);
  if (typeof ipam !== 'string') return ipam;
  const held: HeldPool[] = [];
  return {
    ipam,
    take: (family, config) => (ipam === 'null' ? nullPools(variant, family, config) : takePools(x, variant, family, config, held, skipGateway)),
    fail: (refusal) => {
      releasePools(x.state.objects, held);
      return refusal;
    },
  };
}

/** The null IPAM driver's pool for a family: everything, or its refusal of a pool the create names (or, before 28.0, of any IPv6 pool). */
export function nullPools(variant: PoolsVariant, family: 'IPv4' | 'IPv6', config: readonly IpamEntry[]): Allocation[] | Refusal {
  if (config.length > 0) return { status: variant.optionStatus, message: 'null ipam driver does not handle specific address pool requests' };
  if (family === 'IPv6' && variant.nullRefusesIPv6 !== null) return { status: variant.optionStatus, message: variant.nullRefusesIPv6 };
  return [];
}

/**
 * The family's pools: the create's entries, or a predefined one; past the first refusal the caller
 * gives back what `held` lists. Each gets the create's gateway, else the first free address unless
 * the driver asked for none (`skipGateway`: an empty one).
 */
export function takePools(
  x: Exchange,
  variant: PoolsVariant,
  family: 'IPv4' | 'IPv6',
  entries: readonly IpamEntry[],
  held: HeldPool[],
  skipGateway = false,
): Allocation[] | Refusal {
  const wanted = entries.length === 0 ? [null] : entries;
  const taken: Allocation[] = [];
  for (const entry of wanted) {
    const pool = requestPool(x.state.objects, variant.pools, family, entry?.subnet ?? null, poolsToSplit(x.state.config.settings.defaultAddressPools));
    if ('status' in pool) {
      // Taken for good: the caller gives back only what `held` still lists.
      if (variant.pools.keepsEarlierPools) held.splice(held.length - taken.length, taken.length);
      return pool;
    }
    held.push(pool);
    const gateway = entry !== null && entry.gateway !== '' ? entry.gateway : skipGateway ? '' : firstFreeAddress(pool, entry);
    taken.push({ pool, gateway, entry });
  }
  return taken;
}

/**
 * libnetwork's NewNetwork for the bridge driver (`options`: the driver options the daemon passes
 * on): the options parsed (from 28.0 first), the pools
 * taken (the IPv4 ones when IPv4 is on, the IPv6 ones when IPv6 is), then the driver's checks,
 * each refusal giving the pools back. `others` are the bridge networks the daemon has.
 */
export function createBridge(
  x: Exchange,
  id: string,
  request: CreateRequest,
  options: Readonly<Record<string, string>>,
  families: { readonly ipv4: boolean; readonly ipv6: boolean },
  others: readonly { readonly id: string; readonly bridge: BridgeSettings }[],
): BridgeSettings | Refusal {
  const variant = variantOf(x);
  const entries = request.ipam?.entries ?? [];
  const configV4 = entries.filter((entry) => !isIPv6Subnet(entry.subnet));
  const configV6 = entries.filter((entry) => isIPv6Subnet(entry.subnet));
  const bridgeName = (options[BRIDGE_NAME_OPTION] ?? '') || `br-${id.slice(0, 12)}`;
  const mtu = mtuOf(options);
  const mtuProblem = (): Refusal | null => (mtu < 0 ? { status: variant.optionStatus, message: `invalid MTU number: ${mtu}` } : null);
  const parse = (): Refusal | null => {
    const problem = optionProblem(options);
    if (problem !== null) return { status: variant.optionStatus, message: problem };
    return (variant.validateInParse ? mtuProblem() : null) ?? bridgeLookupProblem(bridgeName, variant.lookupRefusesLongNames);
  };
  if (variant.parseBeforePools) {
    const refused = parse();
    if (refused !== null) return refused;
  }
  const allocation = poolAllocation(x, request, variant);
  if ('status' in allocation) return allocation;
  const { ipam, take: pools, fail } = allocation;
  const v4 = families.ipv4 ? pools('IPv4', configV4) : [];
  if ('status' in v4) return fail(v4);
  const v6 = families.ipv6 ? pools('IPv6', configV6) : [];
  if ('status' in v6) return fail(v6);
  // The null driver's pools are everything (0.0.0.0/0, ::/0): the bridge driver finds them empty, before 28.0 first of all.
  const empty = (family: 'ipv4' | 'ipv6'): Refusal => ({ status: variant.optionStatus, message: `${family} pool is empty` });
  if (ipam === 'null' && !variant.parseBeforePools) return empty('ipv4');
  if (!variant.parseBeforePools) {
    const refused = parse();
    if (refused !== null) return fail(refused);
  }
  if (!families.ipv4 && !families.ipv6) return fail({ status: 400, message: 'IPv4 or IPv6 must be enabled' });
  if (ipam === 'null') return empty(families.ipv4 ? 'ipv4' : 'ipv6');
  if (v4.length > 1 || v6.length > 1) return fail({ status: 403, message: "bridge driver doesn't support multiple subnets" });
  const invalid = mtuProblem();
  if (invalid !== null) return fail(invalid);
  const twin = others.find((other) => other.bridge.bridgeName === bridgeName);
  if (twin !== undefined)
    return fail({
      status: 403,
      message: `cannot create network ${id} (${bridgeName}): conflicts with network ${twin.id} (${bridgeName}): networks have same bridge name`,
    });
  const making = bridgeMakingProblem(bridgeName, mtu, variant.mtuChecked);
  if (making !== null) return fail(making);
  const defaultGateway = configV4[0]?.auxAddresses.some(([key]) => key === 'DefaultGatewayIPv4') ?? false;
  if (variant.internalGatewayRefused && request.internal && families.ipv4 && defaultGateway)
    return fail({ status: 400, message: 'no gateway can be set on an internal bridge network' });
  return { bridgeName, internal: request.internal, attachable: request.attachable, configV4, configV6, v4: v4[0] ?? null, v6: v6[0] ?? null };
}

/** The pools a network holds. */
export const poolsOf = (bridge: PooledSettings): HeldPool[] => [...allocationsOf(bridge, 'IPv4'), ...allocationsOf(bridge, 'IPv6')].map((a) => a.pool);

/** Gives a removed network's pools back. */
export const releaseBridge = (x: Exchange, bridge: PooledSettings): void => releasePools(x.state.objects, poolsOf(bridge));

/** How a release writes a bridge network's IPAM.Config (moby buildIpamResources, buildIPAMResources). */
export type IpamView = 'config-or-info' | 'config-then-info' | 'allocated';

export const ipamViewOf = (x: Exchange): IpamView => (releaseBelow(x, '23.0') ? 'config-or-info' : releaseBelow(x, '29.0') ? 'config-then-info' : 'allocated');

/** An entry as the create gave it (IPAMConfig's fields, empty ones left out), with `gateway` where it has none. */
function entryDocument(entry: IpamEntry, gateway = ''): Record<string, unknown> {
  const shownGateway = entry.gateway === '' ? gateway : entry.gateway;
  return {
    Subnet: entry.subnet,
    ...(entry.ipRange === '' ? {} : { IPRange: entry.ipRange }),
    ...(shownGateway === '' ? {} : { Gateway: shownGateway }),
    ...(entry.auxAddresses.length === 0 ? {} : { AuxiliaryAddresses: Object.fromEntries(entry.auxAddresses) }),
  };
}

const infoDocument = (allocation: Allocation): Record<string, unknown> => ({
  Subnet: poolText(allocation.pool),
  ...(allocation.gateway === '' ? {} : { Gateway: allocation.gateway }),
});

/**
 * IPAM.Config: 20.10 the IPv4 entries the create gave, else the pool taken, then the same for
 * IPv6; 23.0 to 28.x the create's entries of both families (taken or not), then the pools taken
 * for a family without any; from 29.0 only what was taken, the create's entries with their
 * gateways first.
 */
export function bridgeIpamConfig(bridge: PooledSettings, view: IpamView): Record<string, unknown>[] {
  const infos = (allocation: Allocation | null): Record<string, unknown>[] => (allocation === null ? [] : [infoDocument(allocation)]);
  if (view === 'config-or-info') {
    return [
      ...(bridge.configV4.length > 0 ? bridge.configV4.map((entry) => entryDocument(entry)) : infos(bridge.v4)),
      ...(bridge.configV6.length > 0 ? bridge.configV6.map((entry) => entryDocument(entry)) : infos(bridge.v6)),
    ];
  }
  if (view === 'config-then-info') {
    return [
      ...bridge.configV4.map((entry) => entryDocument(entry)),
      ...bridge.configV6.map((entry) => entryDocument(entry)),
      ...(bridge.configV4.length === 0 ? infos(bridge.v4) : []),
      ...(bridge.configV6.length === 0 ? infos(bridge.v6) : []),
    ];
  }
  const all = [...allocationsOf(bridge, 'IPv4'), ...allocationsOf(bridge, 'IPv6')];
  return [
    ...all.flatMap((allocation) => (allocation.entry === null ? [] : [entryDocument(allocation.entry, allocation.gateway)])),
    ...all.flatMap((allocation) => (allocation.entry === null ? infos(allocation) : [])),
  ];
}

/** Go's uint64 as JSON writes it, beyond a double's precision. */
export type Uint64 = bigint;

/**
 * 29.x's Status.IPAM.Subnets (API 1.52): per pool taken, the addresses in use (the network address,
 * for IPv4 the broadcast one, the gateway, the auxiliary addresses, the endpoints') and those a container could
 * still be given (the range's, or the pool's, not in use). Keys sorted, as Go writes a map.
 */
export function bridgeIpamStatus(
  bridge: PooledSettings,
  endpoints: readonly EndpointAddresses[],
): Record<string, { IPsInUse: Uint64; DynamicIPsAvailable: Uint64 }> {
  const subnets: [string, { IPsInUse: Uint64; DynamicIPsAvailable: Uint64 }][] = [];
  for (const allocation of [...allocationsOf(bridge, 'IPv4'), ...allocationsOf(bridge, 'IPv6')]) {
    const { pool, entry } = allocation;
    const size = 1n << BigInt(pool.bits - pool.length);
    const inUse = new Set<bigint>([pool.value]);
    if (pool.family === 'IPv4') inUse.add(pool.value + size - 1n);
    const given = endpoints.map((addresses) => (pool.family === 'IPv4' ? addresses.ipv4 : addresses.ipv6));
    for (const text of [allocation.gateway, ...(entry?.auxAddresses.map(([, address]) => address) ?? []), ...given]) {
      const address = parseAddress(text);
      if (address !== null) inUse.add(address.value);
    }
    const range = entry !== null && entry.ipRange !== '' ? (parsePrefix(entry.ipRange) ?? pool) : pool;
    const rangeStart = masked(range).value;
    const rangeSize = 1n << BigInt(range.bits - range.length);
    const usedInRange = [...inUse].filter((value) => value >= rangeStart && value < rangeStart + rangeSize).length;
    subnets.push([poolText(pool), { IPsInUse: BigInt(inUse.size), DynamicIPsAvailable: rangeSize - BigInt(usedInRange) }]);
  }
  return Object.fromEntries(subnets.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
