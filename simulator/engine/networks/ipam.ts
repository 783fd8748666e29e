import { isIPv4, isIPv6 } from 'node:net';

/** An address as Go's netip reads it: its family, its value and width in bits. */
interface Address {
  readonly family: 'IPv4' | 'IPv6';
  readonly value: bigint;
  readonly bits: 32 | 128;
}

interface Prefix extends Address {
  readonly length: number;
}

/** netip.ParseAddr: dotted quads without leading zeros, or IPv6 (no zone); null when it does not parse. */
export function parseAddress(text: string): Address | null {
  if (isIPv4(text)) {
    if (text.split('.').some((part) => part.length > 1 && part.startsWith('0'))) return null;
    return { family: 'IPv4', value: text.split('.').reduce((sum, part) => (sum << 8n) | BigInt(part), 0n), bits: 32 };
  }
  if (!isIPv6(text) || text.includes('%')) return null;
  return { family: 'IPv6', value: ipv6Value(text), bits: 128 };
}

function ipv6Value(text: string): bigint {
  let head = text;
  let tail: bigint[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const v4 = parseAddress(dotted[1] ?? '')?.value ?? 0n;
    tail = [v4 >> 16n, v4 & 0xffffn];
    // The dotted tail is the last two groups: the colon before it goes, unless it is half of `::`.
    head = text.slice(0, -(dotted[1] ?? '').length);
    if (!head.endsWith('::')) head = head.slice(0, -1);
  }
  const [left = '', right] = head.split('::');
  const groups = (part: string): bigint[] => (part === '' ? [] : part.split(':').map((group) => BigInt(`0x${group}`)));
  const leftGroups = groups(left);
  const rightGroups = [...(right === undefined ? [] : groups(right)), ...tail];
  const all =
    right === undefined ? [...leftGroups, ...tail] : [...leftGroups, ...Array<bigint>(8 - leftGroups.length - rightGroups.length).fill(0n), ...rightGroups];
  return all.slice(0, 8).reduce((sum, group) => (sum << 16n) | group, 0n);
}

/** netip.ParsePrefix: an address, "/" and a decimal length within the family's width. */
export function parsePrefix(text: string): Prefix | null {
  const slash = text.lastIndexOf('/');
  if (slash < 0) return null;
  const address = parseAddress(text.slice(0, slash));
  const lengthText = text.slice(slash + 1);
  if (address === null || !/^(0|[1-9]\d{0,2})$/.test(lengthText)) return null;
  const length = Number(lengthText);
  return length > address.bits ? null : { ...address, length };
}

/**
 * A network's IPAM.Config as dockerd keeps it (daemon getIpamConfig: the IPv4 entries, then the
 * IPv6 ones, each in the request's order; an IPv4-mapped subnet counts as IPv4, net.IP.To4).
 * Observed on 20.10.24, 26.1.5 and 28.5.2: [fd00::/64, 10.99.0.0/24] is kept as [10.99.0.0/24, fd00::/64].
 */
export function ipv4First<T extends { readonly subnet: string }>(entries: readonly T[]): T[] {
  const isIPv6 = (subnet: string): boolean => {
    const prefix = parsePrefix(subnet);
    return prefix !== null && prefix.family === 'IPv6' && prefix.value >> 32n !== 0xffffn;
  };
  return [...entries.filter((entry) => !isIPv6(entry.subnet)), ...entries.filter((entry) => isIPv6(entry.subnet))];
}

const masked = (prefix: Prefix): Prefix => {
  const hostBits = BigInt(prefix.bits - prefix.length);
  return { ...prefix, value: (prefix.value >> hostBits) << hostBits };
};

function addressText(address: Address): string {
  if (address.family === 'IPv4') return [24n, 16n, 8n, 0n].map((shift) => String((address.value >> shift) & 0xffn)).join('.');
  const groups = [...Array(8).keys()].map((at) => ((address.value >> BigInt((7 - at) * 16)) & 0xffffn).toString(16));
  // RFC 5952: the longest run of two or more zero groups (the first of equal runs) becomes "::".
  let best = { at: -1, length: 0 };
  for (let at = 0; at < 8; ) {
    let end = at;
    while (end < 8 && groups[end] === '0') end++;
    if (end - at > best.length && end - at >= 2) best = { at, length: end - at };
    at = end === at ? at + 1 : end;
  }
  if (best.at < 0) return groups.join(':');
  return `${groups.slice(0, best.at).join(':')}::${groups.slice(best.at + best.length).join(':')}`;
}

const prefixText = (prefix: Prefix): string => `${addressText(prefix)}/${prefix.length}`;

const contains = (prefix: Prefix, address: Address): boolean =>
  prefix.family === address.family && masked({ ...address, length: prefix.length }).value === masked(prefix).value;

const overlaps = (a: Prefix, b: Prefix): boolean => a.family === b.family && contains({ ...a, length: Math.min(a.length, b.length) }, b);

/** One entry of a create's IPAM.Config, as the request gave it. */
export interface IpamEntry {
  readonly subnet: string;
  readonly ipRange: string;
  readonly gateway: string;
  readonly auxAddresses: readonly (readonly [string, string])[];
}

function addressProblem(text: string, subnet: Prefix): string | null {
  if (text === '') return null;
  const address = parseAddress(text);
  if (address === null) return 'invalid address';
  if (address.family !== subnet.family) return `parent subnet is an ${subnet.family} block`;
  return contains(subnet, address) ? null : `parent subnet ${prefixText(subnet)} doesn't contain this address`;
}

function rangeProblems(text: string, subnet: Prefix): string[] {
  if (text === '') return [];
  const range = parsePrefix(text);
  if (range === null) return [`invalid ip-range ${text}: invalid CIDR block notation`];
  if (range.family !== subnet.family) return [`invalid ip-range ${text}: parent subnet is an ${subnet.family} block`];
  const problems: string[] = [];
  if (range.length < subnet.length) problems.push(`invalid ip-range ${text}: CIDR block is bigger than its parent subnet ${prefixText(subnet)}`);
  if (masked(range).value !== range.value) problems.push(`invalid ip-range ${prefixText(range)}: it should be ${prefixText(masked(range))}`);
  if (!overlaps(subnet, range)) problems.push(`invalid ip-range ${text}: parent subnet ${prefixText(subnet)} doesn't contain ip-range`);
  return problems;
}

/**
 * moby's network.ValidateIPAM (from 25.0): each entry's subnet, ip-range, gateway and auxiliary
 * addresses; an IPv6 subnet is skipped unless IPv6 is on. Null when valid, else the joined words.
 * Go's map order decides the auxiliary addresses' order: only one is reported in a stable way.
 */
export function ipamProblem(entries: readonly IpamEntry[], enableIPv6: boolean): string | null {
  const problems: string[] = [];
  for (const entry of entries) {
    const subnet = parsePrefix(entry.subnet);
    if (subnet === null) {
      problems.push(`invalid subnet ${entry.subnet}: invalid CIDR block notation`);
      continue;
    }
    if (!enableIPv6 && subnet.family === 'IPv6') continue;
    if (masked(subnet).value !== subnet.value) problems.push(`invalid subnet ${prefixText(subnet)}: it should be ${prefixText(masked(subnet))}`);
    problems.push(...rangeProblems(entry.ipRange, subnet));
    const gateway = addressProblem(entry.gateway, subnet);
    if (gateway !== null) problems.push(`invalid gateway ${entry.gateway}: ${gateway}`);
    for (const [name, aux] of entry.auxAddresses) {
      const problem = addressProblem(aux, subnet);
      if (problem !== null) problems.push(`invalid auxiliary address ${name}: ${problem}`);
    }
  }
  if (problems.length === 0) return null;
  return `invalid network config:\n${problems.length === 1 ? (problems[0] ?? '').trim() : `* ${problems.join('\n* ')}`}`;
}

/** 20.10's only look at the subnets (getIpamConfig: net.ParseCIDR), answered as a plain error (500). */
export function oldSubnetProblem(entries: readonly IpamEntry[]): string | null {
  for (const { subnet } of entries) if (parsePrefix(subnet) === null) return `Invalid subnet ${subnet} : invalid CIDR address: ${subnet}`;
  return null;
}
