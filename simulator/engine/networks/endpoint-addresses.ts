import { randomBytes } from 'node:crypto';
import type { Exchange } from '../../http/exchange.js';
import type { Refusal } from '../json-request.js';
import type { ContainerEndpoint, EndpointAddresses, ObjectStore } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import type { HeldPool } from './address-space.js';
import type { Allocation, PooledSettings } from './bridge-network.js';
import { addressText, contains, masked, parseAddress, parsePrefix } from './ipam.js';

/**
 * The addresses libnetwork's IPAM gives an endpoint on a bridge network as a container joins it
 * (a start, or a connect of a running container): in each family the network took a pool for, the
 * address the endpoint's IPAMConfig asks for, else the first free one of the range (or of the
 * pool); never the pool's network address, IPv4's broadcast one, the gateway, an auxiliary address
 * or another endpoint's. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-06, daemons in a
 * private network namespace): a released address is given again first; an address taken is 403
 * "Address already in use", a pool without a free address 500 "no available IPv4 addresses on this
 * network's address pools: <name> (<id>)". Before 28.0 the IPAM looks for a free address in its
 * bitmap before it looks at the one asked for (moby v26.1.5 ipam getAddress; 28.0's address sets
 * look at it first): a full pool refuses any address asked for as full (observed on 20.10.24 and
 * 26.1.5, 2026-12-07).
 */

/** The MAC address: before 28.0 02:42 and the IPv4 address's four bytes; from 28.0 random, locally administered (moby's genMAC). */
function macOf(x: Exchange, ipv4: string): string {
  const derived = releaseBelow(x, '28.0') && ipv4 !== '';
  const bytes = derived ? [0x02, 0x42, ...ipv4.split('.').map(Number)] : [...randomBytes(6)];
  if (!derived) bytes[0] = ((bytes[0] ?? 0) & 0xfe) | 0x02;
  return bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':');
}

/** The addresses of the network no endpoint may be given: the pool's network address (and IPv4's broadcast one), the gateway, the auxiliary addresses, the other endpoints'. */
function addressesInUse(objects: ObjectStore, networkId: string, allocation: Allocation): Set<bigint> {
  const { pool } = allocation;
  const size = 1n << BigInt(pool.bits - pool.length);
  const used = new Set<bigint>([pool.value]);
  if (pool.family === 'IPv4') used.add(pool.value + size - 1n);
  const reserved = [allocation.gateway, ...(allocation.entry?.auxAddresses.map(([, address]) => address) ?? [])];
  for (const container of objects.allContainers())
    for (const endpoint of container.networks.values()) {
      if (endpoint.networkId !== networkId || endpoint.endpointId === null || endpoint.addresses == null) continue;
      reserved.push(pool.family === 'IPv4' ? endpoint.addresses.ipv4 : endpoint.addresses.ipv6);
    }
  for (const text of reserved) {
    const address = parseAddress(text);
    if (address !== null) used.add(address.value);
  }
  return used;
}

/**
 * libnetwork's ipamapi.ErrNoAvailableIPs, which the join returns as it is when an address was
 * asked for: a NoServiceError before 25.0 (500 on 20.10.24), an UnavailableError in lower case
 * from 25.0 (503 on 26.1.5).
 */
const noAddressInPool = (x: Exchange): Refusal =>
  releaseBelow(x, '25.0') ? { status: 500, message: 'No available addresses on this pool' } : { status: 503, message: 'no available addresses on this pool' };

/** Whether every address of the pool is in `used` (which holds only the pool's addresses). */
const isFull = (pool: HeldPool, used: ReadonlySet<bigint>): boolean => BigInt(used.size) >= 1n << BigInt(pool.bits - pool.length);

const textOf = (pool: HeldPool, value: bigint): string => addressText({ family: pool.family, value, bits: pool.bits, zone: '' });

/** One family's address: the one asked for, or the first free one of the range (or pool); a refusal when taken or none is free. */
function addressIn(x: Exchange, network: { readonly id: string; readonly name: string }, allocation: Allocation, asked: string): string | Refusal {
  const used = addressesInUse(x.state.objects, network.id, allocation);
  const { pool, entry } = allocation;
  if (asked !== '') {
    const address = parseAddress(asked);
    // Only 20.10 gets here with an address outside the pool: later releases refuse it as they validate the settings.
    if (address !== null && !contains(pool, address))
      return { status: 500, message: `Invalid address ${asked}: It does not belong to any of this network's subnets` };
    if (releaseBelow(x, '28.0') && isFull(pool, used)) return noAddressInPool(x);
    if (address !== null && used.has(address.value)) return { status: 403, message: 'Address already in use' };
    return asked;
  }
  const range = entry !== null && entry.ipRange !== '' ? (parsePrefix(entry.ipRange) ?? pool) : pool;
  const start = masked(range).value;
  const end = start + (1n << BigInt(range.bits - range.length));
  // A /64 is never full here: the search stops well before its end.
  for (let value = start; value < end && value < start + 0x10000n; value++) if (!used.has(value)) return textOf(pool, value);
  return { status: 500, message: `no available ${pool.family} addresses on this network's address pools: ${network.name} (${network.id})` };
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The endpoint's addresses on the network `network` (bridge, macvlan or ipvlan), or the refusal that ends the join. */
export function endpointAddresses(
  x: Exchange,
  network: { readonly id: string; readonly name: string; readonly pooled: PooledSettings },
  endpoint: ContainerEndpoint,
): EndpointAddresses | Refusal {
  const { v4, v6 } = network.pooled;
  const ipv4 = v4 === null ? '' : addressIn(x, network, v4, text(endpoint.ipam?.['IPv4Address']));
  if (typeof ipv4 !== 'string') return ipv4;
  const ipv6 = v6 === null ? '' : addressIn(x, network, v6, text(endpoint.ipam?.['IPv6Address']));
  if (typeof ipv6 !== 'string') return ipv6;
  return {
    ipv4,
    ipv4PrefixLen: v4?.pool.length ?? 0,
    gateway: v4?.gateway ?? '',
    ipv6,
    ipv6PrefixLen: v6?.pool.length ?? 0,
    ipv6Gateway: v6?.gateway ?? '',
    mac: macOf(x, ipv4),
  };
}

/** The addresses the network's endpoints hold, for 29.x's Status counts. */
export function endpointAddressesOn(objects: ObjectStore, networkId: string): EndpointAddresses[] {
  const held: EndpointAddresses[] = [];
  for (const container of objects.allContainers())
    for (const endpoint of container.networks.values())
      if (endpoint.networkId === networkId && endpoint.endpointId !== null && endpoint.addresses != null) held.push(endpoint.addresses);
  return held;
}
