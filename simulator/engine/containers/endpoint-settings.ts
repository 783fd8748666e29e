import { HYPHENATED_USER_WORDS_FROM } from '../messages.js';
import type { Exchange } from '../../http/exchange.js';
import { releaseBelow } from '../replies.js';
import { builtinNetworks, type UserNetwork } from '../networks/builtin.js';
import { isIPv6Subnet, netipText, parseAddress, prefixText, subnetContains } from '../networks/ipam.js';
import { findNetwork } from './container-networks.js';
import { allocationsOf } from '../networks/bridge-network.js';

/**
 * A create's endpoint settings for its network (NetworkingConfig.EndpointsConfig[<network>]) as the
 * releases check and keep them. Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2 (2026-12-05) on the
 * networks none and host, a missing bridge and an unknown name; the releases between take the
 * form of the one before them (the multi-error form from 26.0, with the alias check's boundary).
 */

/** What inspect shows of a create's endpoint: its IPAMConfig (Go's omitempty fields) and DriverOpts, or null. */
export interface EndpointRequest {
  readonly ipam: Readonly<Record<string, unknown>> | null;
  readonly driverOpts: Readonly<Record<string, string>> | null;
  readonly aliases: readonly string[] | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * An address as Go's netip.Addr writes it back (29.x keeps the addresses as netip.Addr): an IPv6
 * one in lower case, its leading zeros gone and its first longest run of two or more zero groups
 * as `::`, an IPv4-mapped one as `::ffff:<dotted>`. Anything that does not parse stays as given.
 */
export function netipString(address: string): string {
  const parsed = parseAddress(address);
  return parsed === null ? address : netipText(parsed);
}

/** The endpoint as a create gives it: IPAMConfig's non-empty fields in Go's order, DriverOpts in key order. */
export function endpointRequest(x: Exchange, endpoint: Readonly<Record<string, unknown>>, aliases: readonly string[] | null): EndpointRequest {
  const ipam = endpoint['IPAMConfig'];
  const given = ipam !== null && typeof ipam === 'object' && !Array.isArray(ipam) ? (ipam as Record<string, unknown>) : null;
  // 29.x decoded them as netip.Addr: they are kept, shown and named in errors as netip writes them.
  const address = (value: unknown): string => (releaseBelow(x, '29.0') ? text(value) : netipString(text(value)));
  const links = Array.isArray(given?.['LinkLocalIPs']) ? (given['LinkLocalIPs'] as unknown[]).map(address) : [];
  const opts = endpoint['DriverOpts'];
  const driverOpts =
    opts !== null && typeof opts === 'object' && !Array.isArray(opts)
      ? Object.fromEntries(
          Object.entries(opts as Record<string, unknown>)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
            .map(([k, v]) => [k, text(v)]),
        )
      : null;
  return {
    ipam:
      given === null
        ? null
        : {
            // 29.x keeps an IPv4-mapped IPv4Address unmapped (observed on 29.7.2).
            ...(text(given['IPv4Address']) === ''
              ? {}
              : { IPv4Address: releaseBelow(x, '29.0') ? text(given['IPv4Address']) : unmapped(address(given['IPv4Address'])) }),
            ...(text(given['IPv6Address']) === '' ? {} : { IPv6Address: address(given['IPv6Address']) }),
            ...(links.length === 0 ? {} : { LinkLocalIPs: links }),
          },
    driverOpts,
    aliases,
  };
}

/** Go's net.ParseIP, as far as these checks read it: null, or whether it is an IPv4 address (To4) and unspecified. */
function goParseIP(address: string): { is4: boolean; unspecified: boolean } | null {
  const parsed = parseAddress(address);
  if (parsed === null) return null;
  // To4 takes an IPv4-mapped IPv6 address (::ffff:0:0/96) as the IPv4 address it maps.
  const is4 = parsed.family === 'IPv4' || parsed.value >> 32n === 0xffffn;
  return { is4, unspecified: (is4 ? parsed.value & 0xffffffffn : parsed.value) === 0n };
}

/** An IPv4-mapped address (as netipString writes it) as its IPv4 address; any other as it is. */
const unmapped = (address: string): string => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** The networks every daemon predefines, on which an endpoint takes no address or alias (moby's IsUserDefined). */
const PREDEFINED = new Set(['bridge', 'host', 'none', 'default']);

/**
 * A network of the daemon's own that has no subnet of the user's (under --bridge=none: none and
 * host). The networks a create makes are not looked at: what their subnets let an endpoint take
 * was not observed.
 */
const predefinedExists = (x: Exchange, network: string): boolean => builtinNetworks(x.state.objects).some((n) => n.name === network || n.id === network);

/** The words that differ from 29.0 (observed on 29.7.2; ipOnPredefined from 29.2), and before. */
const WORDS = {
  old: {
    ipOnPredefined: 'user specified IP address is supported on user defined networks only',
    aliasOnPredefined: 'network-scoped alias is supported only for containers in user defined networks',
    noSubnet: (_address: string): string => 'user specified IP address is supported only when connecting to networks with user configured subnets',
  },
  new: {
    ipOnPredefined: 'user-specified IP address is supported on user-defined networks only',
    aliasOnPredefined: 'network-scoped aliases are only supported for user-defined networks',
    // The subnet check reads the address unmapped.
    noSubnet: (address: string): string => `no configured subnet contains IP address ${unmapped(address)}`,
  },
};

/**
 * 29.x decodes the addresses as Go's netip.Addr, so one that does not parse ends the create as
 * invalid JSON, before any other check (observed on 29.7.2 for words without a dot or a colon;
 * netip's words for a malformed dotted or colon form are not modelled: docs/simulator.md).
 */
export function addressDecodeProblem(x: Exchange, endpoints: Readonly<Record<string, unknown>>): string | null {
  if (releaseBelow(x, '29.0')) return null;
  for (const endpoint of Object.values(endpoints)) {
    if (endpoint === null || typeof endpoint !== 'object') continue;
    const ipam = (endpoint as Record<string, unknown>)['IPAMConfig'];
    if (ipam === null || typeof ipam !== 'object') continue;
    const fields = ipam as Record<string, unknown>;
    const addresses = [
      text(fields['IPv4Address']),
      text(fields['IPv6Address']),
      ...(Array.isArray(fields['LinkLocalIPs']) ? fields['LinkLocalIPs'].map(text) : []),
    ];
    const bad = addresses.find((address) => address !== '' && parseAddress(address) === null);
    if (bad !== undefined) return `invalid JSON: ParseAddr(${JSON.stringify(bad)}): unable to parse IP`;
  }
  return null;
}

/** The refusal of a create's endpoint settings on `network`, or null (moby's validateEndpointSettings; 20.10's verifyNetworkingConfig). */
export function endpointProblem(x: Exchange, network: string, request: EndpointRequest): string | null {
  if (releaseBelow(x, '26.0')) return oldAddressProblem(request);
  // The network the key names, if the daemon has it: its subnets bound the addresses.
  const found = findNetwork(x, network);
  const problem = endpointSettingsProblem(x, network, request, found !== undefined && 'user' in found ? networkSubnets(x, found) : null);
  return problem === null ? null : `invalid config for network ${network}: ${problem}`;
}

/** 20.10's check of the addresses: the first wrong one only; an unspecified one passes, link-local ones are not read. */
function oldAddressProblem(request: EndpointRequest): string | null {
  const ipv4 = text(request.ipam?.['IPv4Address']);
  const ipv6 = text(request.ipam?.['IPv6Address']);
  const v4 = ipv4 === '' ? undefined : goParseIP(ipv4);
  const v6 = ipv6 === '' ? undefined : goParseIP(ipv6);
  if (v4 === null || v4?.is4 === false) return `invalid IPv4 address: ${ipv4}`;
  if (v6 === null || v6?.is4 === true) return `invalid IPv6 address: ${ipv6}`;
  return null;
}

/**
 * The ranges a network's endpoints may take an address in, per family: 26.x to 28.x the subnets its
 * create configured (taken or not; an entry's IPRange does not narrow it), from 29.0 the pools it
 * took, which a configuration-only network never does.
 */
export interface NetworkSubnets {
  readonly v4: readonly string[];
  readonly v6: readonly string[];
}

/**
 * moby's validateEndpointSettings (from 26.0): every problem of the settings on `network`, joined
 * as its multierror joins them, after "invalid endpoint settings:\n"; or null. `subnets`: those of
 * a user-defined network (null for the daemon's own). Each family's address is checked against
 * that family's ranges: 26.x to 28.x a family without any is "user specified IP address is
 * supported only when connecting to networks with user configured subnets", an address in none
 * "no configured subnet or ip-range contain the IP address X"; from 29.0 an address in none of the
 * pools "no configured subnet contains IP address X" (observed on 26.1.5, 28.5.2 and 29.7.2).
 */
export function endpointSettingsProblem(x: Exchange, network: string, request: EndpointRequest, subnets: NetworkSubnets | null): string | null {
  const ipv4 = text(request.ipam?.['IPv4Address']);
  const ipv6 = text(request.ipam?.['IPv6Address']);
  const links = (request.ipam?.['LinkLocalIPs'] as string[] | undefined) ?? [];
  const v4 = ipv4 === '' ? undefined : goParseIP(ipv4);
  const v6 = ipv6 === '' ? undefined : goParseIP(ipv6);
  const words = releaseBelow(x, '29.0') ? WORDS.old : WORDS.new;
  const errors: string[] = [];
  if (PREDEFINED.has(network)) {
    if (ipv4 !== '' || ipv6 !== '') errors.push(releaseBelow(x, HYPHENATED_USER_WORDS_FROM) ? WORDS.old.ipOnPredefined : WORDS.new.ipOnPredefined);
    if ((request.aliases ?? []).length > 0) errors.push(words.aliasOnPredefined);
  }
  if (v4 !== undefined && (v4 === null || !v4.is4 || v4.unspecified)) errors.push(`invalid IPv4 address: ${ipv4}`);
  if (v6 !== undefined && (v6 === null || v6.is4 || v6.unspecified)) errors.push(`invalid IPv6 address: ${ipv6}`);
  for (const link of links) {
    const parsed = goParseIP(link);
    if (parsed === null || parsed.unspecified) errors.push(`invalid link-local IP address: ${link}`);
  }
  const families: readonly (readonly [string, readonly string[]])[] = [
    [ipv4, subnets?.v4 ?? []],
    [ipv6, subnets?.v6 ?? []],
  ];
  if (subnets !== null && releaseBelow(x, '29.0')) {
    for (const [address, ranges] of families) {
      if (address === '') continue;
      if (ranges.length === 0) errors.push(WORDS.old.noSubnet(address));
      else if (!inSomeSubnet(address, ranges)) errors.push(`no configured subnet or ip-range contain the IP address ${address}`);
    }
  } else if (subnets !== null || predefinedExists(x, network)) {
    // The daemon's own networks hold no address of the user's; from 29.0 a user-defined one only those of its pools.
    for (const [address, ranges] of families) if (address !== '' && !inSomeSubnet(address, ranges)) errors.push(words.noSubnet(address));
  }
  if (errors.length === 0) return null;
  // moby's multierror: one error as it is, several as a list.
  const joined = errors.length === 1 ? errors[0] : errors.map((error) => `* ${error}`).join('\n');
  return `invalid endpoint settings:\n${joined}`;
}

/** Whether an address parses and is in one of `ranges`. */
function inSomeSubnet(address: string, ranges: readonly string[]): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && ranges.some((range) => subnetContains(range, parsed));
}

/** The ranges an endpoint's address may be in (NetworkSubnets): the create's subnets before 29.0, the pools taken from 29.0. */
export function networkSubnets(x: Exchange, network: UserNetwork): NetworkSubnets {
  if (!releaseBelow(x, '29.0')) {
    const pooled = network.bridge ?? network.parentLink;
    const taken = (family: 'IPv4' | 'IPv6'): string[] => (pooled === undefined ? [] : allocationsOf(pooled, family).map((a) => prefixText(a.pool)));
    return { v4: taken('IPv4'), v6: taken('IPv6') };
  }
  // libnetwork's IpamConf.Contains: the subnet, whatever the range (observed on 28.5.2: 10.91.5.5 on 10.91.0.0/16 with the range 10.91.1.0/24).
  const subnets = network.user.ipam.config.map((entry) => String(entry['Subnet'] ?? '')).filter((subnet) => subnet !== '');
  return { v4: subnets.filter((subnet) => !isIPv6Subnet(subnet)), v6: subnets.filter(isIPv6Subnet) };
}

/**
 * A join's check of the endpoint's settings against the network as it is now (moby's
 * updateNetworkConfig at a start: a network made or remade since the create or connect): 20.10 only
 * a family's address without a subnet of that family; later releases validateEndpointSettings.
 * 400 (observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2).
 */
export function joinEndpointProblem(
  x: Exchange,
  network: UserNetwork,
  endpoint: EndpointRequest,
): { readonly status: number; readonly message: string } | null {
  const subnets = networkSubnets(x, network);
  if (releaseBelow(x, '26.0')) {
    const ipv4 = text(endpoint.ipam?.['IPv4Address']);
    const ipv6 = text(endpoint.ipam?.['IPv6Address']);
    const lacking = (ipv4 !== '' && subnets.v4.length === 0) || (ipv6 !== '' && subnets.v6.length === 0);
    return lacking ? { status: 400, message: WORDS.old.noSubnet('') } : null;
  }
  const problem = endpointSettingsProblem(x, network.name, endpoint, subnets);
  return problem === null ? null : { status: 400, message: problem };
}
