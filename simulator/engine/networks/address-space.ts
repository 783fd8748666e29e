import { randomBytes } from 'node:crypto';
import type { Refusal } from '../json-request.js';
import type { ObjectStore } from '../objects/index.js';
import { masked, overlaps, parsePrefix, prefixText } from './ipam.js';
import type { NetipPrefix } from '../go-netip.js';

/**
 * libnetwork's default IPAM for local networks: the pools a driver network takes, a subnet its
 * create names or one of the predefined ones, and their release. Observed on 20.10.24, 26.1.5,
 * 28.5.2 and 29.7.2 (2026-12-06, each daemon in a private network namespace with only loopback).
 */

/** How a release picks a predefined pool. */
export interface PoolVariant {
  /**
   * 20.10 and 26.1 go round the predefined pools from where the last pick stopped, so a pool a
   * removed network gave back comes again only after the others; from 27.0 (moby's defaultipam)
   * the first free one.
   */
  readonly pick: 'round-robin' | 'first-free';
  /** From 27.0 an IPv6 network without a subnet takes a /64 of the daemon's ULA /48 (moby deriveULABaseNetwork); before, there is none. */
  readonly ulaPool: boolean;
  /** From 27.0 a refused pool request is worded "invalid pool request: …". */
  readonly requestWords: boolean;
  /** The refusal when no predefined pool is free. */
  readonly exhausted: (family: 'IPv4' | 'IPv6') => Refusal;
  /**
   * 27.0 to 28.x keep the pools a create took for a family when a later pool of that family is
   * refused (moby's ipamAllocateVersion released them on an `err` its loop shadowed; 29.0 checks the
   * function's error): they stay taken until the daemon restarts. Observed on 28.5.2 (2026-12-06:
   * [10.90.0.0/16, 10.90.0.0/16] refused, then 10.90.0.0/16 overlaps); 20.10.24, 26.1.5 and 29.7.2
   * give them back.
   */
  readonly keepsEarlierPools: boolean;
}

const OLD_EXHAUSTED = (family: 'IPv4' | 'IPv6'): Refusal => ({
  status: 404,
  message: `could not find an available, non-overlapping ${family} address pool among the defaults to assign to the network`,
});

export const POOLS_ROUND_ROBIN: PoolVariant = { pick: 'round-robin', ulaPool: false, requestWords: false, exhausted: OLD_EXHAUSTED, keepsEarlierPools: false };
export const POOLS_FIRST_FREE_27: PoolVariant = {
  pick: 'first-free',
  ulaPool: true,
  requestWords: true,
  exhausted: (family) => (family === 'IPv4' ? { status: 400, message: 'all predefined address pools have been fully subnetted' } : OLD_EXHAUSTED(family)),
  keepsEarlierPools: true,
};
export const POOLS_FIRST_FREE_29: PoolVariant = { ...POOLS_FIRST_FREE_27, keepsEarlierPools: false };

const prefix = (text: string): NetipPrefix => {
  const parsed = parsePrefix(text);
  if (parsed === null) throw new Error(`not a prefix: ${text}`);
  return parsed;
};

/** ipamutils' local defaults: 172.17.0.0/16 to 172.31.0.0/16, then 192.168.0.0/16 in /20s. */
const PREDEFINED_IPV4: readonly NetipPrefix[] = [
  ...Array.from({ length: 15 }, (_, at) => prefix(`172.${17 + at}.0.0/16`)),
  ...Array.from({ length: 16 }, (_, at) => prefix(`192.168.${at * 16}.0/20`)),
];

/** The pools a store's networks hold, and where the round-robin pick goes on. */
interface Space {
  readonly held: NetipPrefix[];
  next: number;
  /** The ULA /48 the /64s come from: 40 random bits after fd00::/8 (moby derives them from the daemon's host ID, random per data root). */
  readonly ula: bigint;
}

const spaces = new WeakMap<ObjectStore, Space>();

function spaceOf(objects: ObjectStore): Space {
  let space = spaces.get(objects);
  if (space === undefined) {
    const globalId = BigInt(`0x${randomBytes(5).toString('hex')}`);
    space = { held: [], next: 0, ula: (0xfdn << 120n) | (globalId << 80n) };
    spaces.set(objects, space);
  }
  return space;
}

const isFree = (space: Space, candidate: NetipPrefix): boolean => !space.held.some((pool) => overlaps(pool, candidate));

/** A pool held, as its text names it (masked). */
export type HeldPool = NetipPrefix;

/**
 * Takes the pool `subnet` names (masked), or a predefined one of `family`; the refusal when it
 * overlaps a pool held (403) or none is free.
 */
export function requestPool(objects: ObjectStore, variant: PoolVariant, family: 'IPv4' | 'IPv6', subnet: string | null): HeldPool | Refusal {
  const space = spaceOf(objects);
  if (subnet !== null) {
    const wanted = masked(prefix(subnet));
    if (!isFree(space, wanted))
      return { status: 403, message: `${variant.requestWords ? 'invalid pool request: ' : ''}Pool overlaps with other one on this address space` };
    space.held.push(wanted);
    return wanted;
  }
  if (family === 'IPv6') {
    if (!variant.ulaPool) return variant.exhausted('IPv6');
    for (let at = 0n; at < 1n << 16n; at++) {
      const candidate: NetipPrefix = { family: 'IPv6', value: space.ula | (at << 64n), bits: 128, zone: '', length: 64 };
      if (isFree(space, candidate)) {
        space.held.push(candidate);
        return candidate;
      }
    }
    return variant.exhausted('IPv6');
  }
  const count = PREDEFINED_IPV4.length;
  const start = variant.pick === 'round-robin' ? space.next : 0;
  for (let step = 0; step < count; step++) {
    const at = (start + step) % count;
    const candidate = PREDEFINED_IPV4[at]!;
    if (!isFree(space, candidate)) continue;
    if (variant.pick === 'round-robin') space.next = (at + 1) % count;
    space.held.push(candidate);
    return candidate;
  }
  return variant.exhausted('IPv4');
}

/** Gives the pools back. */
export function releasePools(objects: ObjectStore, pools: readonly HeldPool[]): void {
  const space = spaceOf(objects);
  for (const pool of pools) {
    const at = space.held.findIndex((held) => held.value === pool.value && held.length === pool.length && held.family === pool.family);
    if (at >= 0) space.held.splice(at, 1);
  }
}

export const poolText = (pool: HeldPool): string => prefixText(pool);
