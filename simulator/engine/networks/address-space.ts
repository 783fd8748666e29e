import { randomBytes } from 'node:crypto';
import type { Refusal } from '../json-request.js';
import type { ObjectStore } from '../objects/index.js';
import { masked, overlaps, parsePrefix, prefixText } from './ipam.js';
import type { NetipPrefix } from '../go-netip.js';
import type { PoolToSplit } from '../../config/file/address-pools.js';

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
  // defaultipam's ErrNoMoreSubnets, for either family (IPv6 always has a pool: the configured ones or the ULA /48).
  exhausted: () => ({ status: 400, message: 'all predefined address pools have been fully subnetted' }),
  keepsEarlierPools: true,
};
export const POOLS_FIRST_FREE_29: PoolVariant = { ...POOLS_FIRST_FREE_27, keepsEarlierPools: false };

const prefix = (text: string): NetipPrefix => {
  const parsed = parsePrefix(text);
  if (parsed === null) throw new Error(`not a prefix: ${text}`);
  return parsed;
};

/** ipamutils' local defaults, to split: 172.17.0.0/16 to 172.31.0.0/16, then 192.168.0.0/16 in /20s. */
const LOCAL_DEFAULTS: readonly PoolToSplit[] = [
  { base: prefix('172.17.0.0/16'), size: 16 },
  { base: prefix('172.18.0.0/16'), size: 16 },
  { base: prefix('172.19.0.0/16'), size: 16 },
  { base: prefix('172.20.0.0/14'), size: 16 },
  { base: prefix('172.24.0.0/14'), size: 16 },
  { base: prefix('172.28.0.0/14'), size: 16 },
  { base: prefix('192.168.0.0/16'), size: 20 },
];

/**
 * The most subnets a request looks at. A release splits what it is configured with however large
 * (20.10 and 26.1 make the whole list as they start); ctrd-sim stops its walk here and answers that
 * none is free rather than hold the request.
 */
const MOST_SUBNETS_WALKED = 1n << 20n;

/** The pools a store's networks hold, and where the round-robin pick goes on. */
interface Space {
  readonly held: NetipPrefix[];
  next: bigint;
  /** The ULA /48 the /64s come from: 40 random bits after fd00::/8 (moby derives them from the daemon's host ID, random per data root). */
  readonly ula: bigint;
}

const spaces = new WeakMap<ObjectStore, Space>();

function spaceOf(objects: ObjectStore): Space {
  let space = spaces.get(objects);
  if (space === undefined) {
    const globalId = BigInt(`0x${randomBytes(5).toString('hex')}`);
    space = { held: [], next: 0n, ula: (0xfdn << 120n) | (globalId << 80n) };
    spaces.set(objects, space);
  }
  return space;
}

const isFree = (space: Space, candidate: NetipPrefix): boolean => !space.held.some((pool) => overlaps(pool, candidate));

const subnetCount = (pool: PoolToSplit): bigint => 1n << BigInt(pool.size - pool.base.length);

/**
 * The subnet `at` of a pool. ipamutils' splitNetwork (20.10, 26.1) puts the ordinal into the base as
 * a Go uint, `uint(i << s)`: bits past 64 are lost, so an IPv6 pool whose subnets have 64 host bits
 * or more gives its base again and again (observed on 20.10.24 and 26.1.5: fd77:1::/63 in /64s is
 * fd77:1::/64 twice, and the second is taken already). From 27.0 the subnets are computed in full.
 */
function subnetAt(pool: PoolToSplit, at: bigint, variant: PoolVariant): NetipPrefix {
  const ordinal = at << BigInt(pool.base.bits - pool.size);
  return { ...pool.base, value: pool.base.value + (variant.pick === 'round-robin' ? BigInt.asUintN(64, ordinal) : ordinal), length: pool.size };
}

/**
 * 27.0's address space of a family (defaultipam newAddrSpace): its pools sorted by base, shorter
 * first where two start alike, and any that overlaps one before it dropped.
 */
function sortedPools(pools: readonly PoolToSplit[]): PoolToSplit[] {
  const sorted = [...pools].sort((a, b) => (a.base.value === b.base.value ? a.base.length - b.base.length : a.base.value < b.base.value ? -1 : 1));
  const kept: PoolToSplit[] = [];
  for (const pool of sorted) if (kept.length === 0 || !overlaps(kept[kept.length - 1]!.base, pool.base)) kept.push(pool);
  return kept;
}

/** From 27.0: the first subnet of the family's pools, in their order, that overlaps nothing held. */
function firstFree(space: Space, pools: readonly PoolToSplit[], variant: PoolVariant): NetipPrefix | null {
  let walked = 0n;
  for (const pool of pools)
    for (let at = 0n; at < subnetCount(pool) && walked < MOST_SUBNETS_WALKED; at++, walked++) {
      const candidate = subnetAt(pool, at, variant);
      if (isFree(space, candidate)) return candidate;
    }
  return null;
}

/**
 * 20.10 and 26.1: one list of the pools' subnets, both families in the configured order, walked
 * from where the last pick stopped and round to it again (getPredefineds); a pick moves the start
 * on by its place in that walk, back to the list's head when that runs past its end
 * (updatePredefinedStartIndex), so a wrapped walk restarts at the head, not after the pick.
 */
function roundRobin(space: Space, pools: readonly PoolToSplit[], family: 'IPv4' | 'IPv6', variant: PoolVariant): NetipPrefix | null {
  const counts = pools.map(subnetCount);
  const total = counts.reduce((sum, count) => sum + count, 0n);
  const start = space.next >= total ? 0n : space.next;
  const at = (index: bigint): NetipPrefix => {
    let rest = index;
    for (const [i, pool] of pools.entries()) {
      if (rest < counts[i]!) return subnetAt(pool, rest, variant);
      rest -= counts[i]!;
    }
    throw new Error('a subnet past the list');
  };
  for (let step = 0n; step < total && step < MOST_SUBNETS_WALKED; step++) {
    const candidate = at((start + step) % total);
    if (candidate.family !== family || !isFree(space, candidate)) continue;
    const next = start + step + 1n;
    space.next = next >= total ? 0n : next;
    return candidate;
  }
  return null;
}

/** The pools a request for `family` is taken from: the configured ones or the defaults; from 27.0 the family's own, IPv6 from the ULA /48 when none is configured. */
function poolsFor(space: Space, variant: PoolVariant, family: 'IPv4' | 'IPv6', configured: readonly PoolToSplit[]): readonly PoolToSplit[] {
  const pools = configured.length > 0 ? configured : LOCAL_DEFAULTS;
  if (variant.pick === 'round-robin') return pools;
  const own = pools.filter((pool) => pool.base.family === family);
  const withUla =
    family === 'IPv6' && variant.ulaPool && !pools.some((pool) => pool.base.family === 'IPv6')
      ? [...own, { base: { family: 'IPv6' as const, value: space.ula, bits: 128 as const, zone: '', length: 48 }, size: 64 }]
      : own;
  return sortedPools(withUla);
}

/** A pool held, as its text names it (masked). */
export type HeldPool = NetipPrefix;

/**
 * Takes the pool `subnet` names (masked), or a predefined one of `family` from the configured
 * pools (`configured`, the daemon's default-address-pools) or the defaults; the refusal when it
 * overlaps a pool held (403) or none is free.
 */
export function requestPool(
  objects: ObjectStore,
  variant: PoolVariant,
  family: 'IPv4' | 'IPv6',
  subnet: string | null,
  configured: readonly PoolToSplit[],
): HeldPool | Refusal {
  const space = spaceOf(objects);
  if (subnet !== null) {
    const wanted = masked(prefix(subnet));
    if (!isFree(space, wanted))
      return { status: 403, message: `${variant.requestWords ? 'invalid pool request: ' : ''}Pool overlaps with other one on this address space` };
    space.held.push(wanted);
    return wanted;
  }
  const pools = poolsFor(space, variant, family, configured);
  const picked = variant.pick === 'round-robin' ? roundRobin(space, pools, family, variant) : firstFree(space, pools, variant);
  if (picked === null) return variant.exhausted(family);
  space.held.push(picked);
  return picked;
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
