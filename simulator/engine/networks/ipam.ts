import { goParseAddr, goParsePrefix, type NetipAddr, type NetipPrefix } from '../go-netip.js';

type Address = NetipAddr;
type Prefix = NetipPrefix;

/** netip.ParseAddr without a zone; null when it does not parse. */
export function parseAddress(text: string): Address | null {
  const address = goParseAddr(text);
  return 'error' in address || address.zone !== '' ? null : address;
}

/** netip.ParsePrefix: an address, "/" and a decimal length within the family's width; null when it does not parse. */
export function parsePrefix(text: string): Prefix | null {
  const prefix = goParsePrefix(text);
  return 'error' in prefix ? null : prefix;
}

/**
 * A network's IPAM.Config as dockerd keeps it (daemon getIpamConfig: the IPv4 entries, then the
 * IPv6 ones, each in the request's order; an IPv4-mapped subnet counts as IPv4, net.IP.To4).
 * Observed on 20.10.24, 26.1.5 and 28.5.2: [fd00::/64, 10.99.0.0/24] is kept as [10.99.0.0/24, fd00::/64].
 */
export function ipv4First<T extends { readonly subnet: string }>(entries: readonly T[]): T[] {
  return [...entries.filter((entry) => !isIPv6Subnet(entry.subnet)), ...entries.filter((entry) => isIPv6Subnet(entry.subnet))];
}

/** Whether dockerd keeps a subnet among the IPv6 ones (an IPv4-mapped subnet counts as IPv4, net.IP.To4). */
export function isIPv6Subnet(subnet: string): boolean {
  const prefix = parsePrefix(subnet);
  return prefix !== null && prefix.family === 'IPv6' && prefix.value >> 32n !== 0xffffn;
}

export const masked = (prefix: Prefix): Prefix => {
  const hostBits = BigInt(prefix.bits - prefix.length);
  return { ...prefix, value: (prefix.value >> hostBits) << hostBits };
};

export function addressText(address: Address): string {
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

export const prefixText = (prefix: Prefix): string => `${addressText(prefix)}/${prefix.length}`;

export const contains = (prefix: Prefix, address: Address): boolean =>
  prefix.family === address.family && masked({ ...address, length: prefix.length }).value === masked(prefix).value;

/** Whether the prefix `text` parses and holds `address`. */
export function subnetContains(text: string, address: Address): boolean {
  const prefix = parsePrefix(text);
  return prefix !== null && contains(prefix, address);
}

export const overlaps = (a: Prefix, b: Prefix): boolean => a.family === b.family && contains({ ...a, length: Math.min(a.length, b.length) }, b);

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

/** A netip value as its String method writes it: an IPv4-mapped address dotted after "::ffff:", a zone after "%"; the zero prefix "invalid Prefix". */
export function netipText(value: Address | Prefix | null): string {
  if (value === null) return 'invalid Prefix';
  const mapped = value.family === 'IPv6' && value.value >> 32n === 0xffffn;
  const address = mapped ? `::ffff:${addressText({ family: 'IPv4', value: value.value & 0xffffffffn, bits: 32, zone: '' })}` : addressText(value);
  const zoned = value.zone === '' ? address : `${address}%${value.zone}`;
  return 'length' in value ? `${zoned}/${value.length}` : zoned;
}

/**
 * 29.0's validateIpamConfig (moby daemon/network.go), on the entries as netip decoded them (a value
 * that does not parse was refused by the decoder, netipProblem): "" is the zero value, which is no
 * range or address, and an IPv4 subnet "invalid Prefix" that contains nothing; every value is named
 * as netip writes it; the family of an IPv4-mapped address is IPv6, and a zoned address is in no
 * subnet. Observed on 29.7.2.
 */
export function netipIpamProblem(entries: readonly IpamEntry[], enableIPv6: boolean): string | null {
  const problems: string[] = [];
  const familyOf = (value: Address): 4 | 6 => (value.family === 'IPv6' ? 6 : 4);
  for (const entry of entries) {
    const subnet = entry.subnet === '' ? null : parsePrefix(entry.subnet);
    const family = subnet === null ? 4 : familyOf(subnet);
    if (!enableIPv6 && family === 6) continue;
    if (subnet !== null && masked(subnet).value !== subnet.value)
      problems.push(`invalid subnet ${netipText(subnet)}: it should be ${netipText(masked(subnet))}`);
    const range = entry.ipRange === '' ? null : parsePrefix(entry.ipRange);
    if (range !== null) {
      const named = `invalid ip-range ${netipText(range)}`;
      if (familyOf(range) !== family) problems.push(`${named}: parent subnet is an IPv${family} block`);
      else {
        if (subnet !== null && range.length < subnet.length) problems.push(`${named}: CIDR block is bigger than its parent subnet ${netipText(subnet)}`);
        if (masked(range).value !== range.value) problems.push(`${named}: it should be ${netipText(masked(range))}`);
        if (subnet === null || !overlaps(subnet, range)) problems.push(`${named}: parent subnet ${netipText(subnet)} doesn't contain ip-range`);
      }
    }
    const addressProblemOf = (text: string): string | null => {
      const address = text === '' ? null : goParseAddr(text);
      if (address === null || 'error' in address) return null;
      if (familyOf(address) !== family) return `parent subnet is an IPv${family} block`;
      return subnet !== null && address.zone === '' && contains(subnet, address) ? null : `parent subnet ${netipText(subnet)} doesn't contain this address`;
    };
    const gateway = addressProblemOf(entry.gateway);
    if (gateway !== null) problems.push(`invalid gateway ${netipText(parseGoAddr(entry.gateway))}: ${gateway}`);
    for (const [name, aux] of entry.auxAddresses) {
      const problem = addressProblemOf(aux);
      if (problem !== null) problems.push(`invalid auxiliary address ${name}: ${problem}`);
    }
  }
  if (problems.length === 0) return null;
  return `invalid network config:\n${problems.length === 1 ? (problems[0] ?? '').trim() : `* ${problems.join('\n* ')}`}`;
}

/** An address the decoder took (zone and all). */
function parseGoAddr(text: string): Address | null {
  const address = goParseAddr(text);
  return 'error' in address ? null : address;
}
