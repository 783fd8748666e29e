import { posix } from 'node:path';
import type { Container, ContainerEndpoint } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { apiBelow, releaseBelow } from '../replies.js';
import { networkSettingsVariant } from './network-settings-variant.js';

/**
 * The network a container's NetworkMode names: the default one is `bridge`; `container:<id>`
 * shares another's and has none of its own (observed on 20.10.24, 26.1.5, 28.5.2: inspect's
 * Networks is then `{}`). The network need not exist: the daemon creates the container anyway
 * (observed: `foo`, `host`, `bridge` under --bridge=none) and only its start would fail.
 */
export function networkOf(mode: unknown): string | null {
  const name = typeof mode === 'string' ? mode : '';
  if (name === '' || name === 'default') return 'bridge';
  return name.startsWith('container:') ? null : name;
}

/** NetworkMode as a create stores a blank or `default` one: 20.10 keeps `default`, later releases name the network (observed on 26.1.5, 28.5.2). */
export const storedNetworkMode = (x: Exchange, mode: unknown): unknown =>
  mode === undefined || mode === '' || mode === 'default' ? (releaseBelow(x, '23.0') ? 'default' : 'bridge') : mode;

/** NetworkSettings.Networks of a container: an entry per network it is on, in key order (Go writes a map so). */
export function networksOf(x: Exchange, container: Container): Record<string, unknown> {
  const keys = [...container.networks.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((key) => [key, endpointOf(x, container.networks.get(key)!)]));
}

/**
 * The fields of moby's network.EndpointSettings in each release's order (observed on 20.10.24,
 * 26.1.5, 28.5.2 and 29.7.2; the releases between take the order of the one before them).
 */
const ENDPOINT_HEAD = ['IPAMConfig', 'Links', 'Aliases'];
const ENDPOINT_ADDRESSES = ['NetworkID', 'EndpointID', 'Gateway', 'IPAddress', 'IPPrefixLen', 'IPv6Gateway', 'GlobalIPv6Address', 'GlobalIPv6PrefixLen'];
const ENDPOINT_ORDER_20 = [...ENDPOINT_HEAD, ...ENDPOINT_ADDRESSES, 'MacAddress', 'DriverOpts', 'DNSNames'];
const ENDPOINT_ORDER_26 = [...ENDPOINT_HEAD, 'MacAddress', ...ENDPOINT_ADDRESSES, 'DriverOpts', 'DNSNames'];
const ENDPOINT_ORDER_28 = [...ENDPOINT_HEAD, 'MacAddress', 'DriverOpts', 'GwPriority', ...ENDPOINT_ADDRESSES, 'DNSNames'];
/** From 29.0 (moby docker-v29.0.0 api/types/network/endpoint.go; observed on 29.7.2): MacAddress after IPAddress. */
const ENDPOINT_ORDER_29 = [
  ...ENDPOINT_HEAD,
  'DriverOpts',
  'GwPriority',
  ...ENDPOINT_ADDRESSES.slice(0, 4),
  'MacAddress',
  ...ENDPOINT_ADDRESSES.slice(4),
  'DNSNames',
];

/** `fields` in the order `order` names them (a field it does not name is left out). */
const ordered = (fields: Readonly<Record<string, unknown>>, order: readonly string[]): Record<string, unknown> =>
  Object.fromEntries(order.filter((key) => Object.hasOwn(fields, key)).map((key) => [key, fields[key]]));

/**
 * A container's entry on one network (moby network.EndpointSettings): its settings, the network's
 * ID once it has joined it, the endpoint's ID while it runs, and its addresses on a bridge network
 * (networks/endpoint-addresses.ts).
 */
export function endpointOf(x: Exchange, endpoint: ContainerEndpoint): Record<string, unknown> {
  const variant = networkSettingsVariant(x.state.config);
  const given = endpoint.endpointId === null ? null : (endpoint.addresses ?? null);
  const fields: Record<string, unknown> = {
    IPAMConfig: endpoint.ipam,
    Links: endpoint.links,
    Aliases: endpoint.aliases,
    MacAddress: given?.mac ?? '',
    DriverOpts: endpoint.driverOpts,
    ...(releaseBelow(x, '28.0') ? {} : { GwPriority: 0 }),
    NetworkID: endpoint.networkId ?? '',
    EndpointID: endpoint.endpointId ?? '',
    Gateway: given?.gateway ?? '',
    IPAddress: given?.ipv4 ?? '',
    IPPrefixLen: given?.ipv4PrefixLen ?? 0,
    IPv6Gateway: given?.ipv6Gateway ?? '',
    GlobalIPv6Address: given?.ipv6 ?? '',
    GlobalIPv6PrefixLen: given?.ipv6PrefixLen ?? 0,
    // From 25.0 (null on the network none, observed on 26.1.5 and 28.5.2; network-settings-variant.ts).
    ...(releaseBelow(x, '25.0') || !variant.dnsNamesFrom25 || (apiBelow(x, '1.44') && variant.dnsNamesHiddenBelow144) ? {} : { DNSNames: endpoint.dnsNames }),
  };
  return ordered(
    fields,
    releaseBelow(x, '23.0') ? ENDPOINT_ORDER_20 : releaseBelow(x, '28.0') ? ENDPOINT_ORDER_26 : releaseBelow(x, '29.0') ? ENDPOINT_ORDER_28 : ENDPOINT_ORDER_29,
  );
}

/** The deprecated top-level fields (moby DefaultNetworkSettings): empty before a start. */
const DEPRECATED_TOP_LEVEL: Readonly<Record<string, string | number>> = {
  EndpointID: '',
  Gateway: '',
  GlobalIPv6Address: '',
  GlobalIPv6PrefixLen: 0,
  IPAddress: '',
  IPPrefixLen: 0,
  IPv6Gateway: '',
  MacAddress: '',
};

/** Container inspect's NetworkSettings: the deprecated top-level fields (never removed by the document) at every API version, then Networks. */
export function shapeNetworkSettings(x: Exchange, container: Container): Record<string, unknown> {
  const variant = networkSettingsVariant(x.state.config);
  const topLevel: Record<string, string | number> =
    (!apiBelow(x, '1.52') && variant.topLevelDroppedFrom152) || variant.topLevelDropped ? {} : { ...DEPRECATED_TOP_LEVEL };
  // IPAddress and Gateway from 1.44 too (network-settings-variant.ts).
  if (!apiBelow(x, '1.44') && !variant.addressAndGatewayFrom144) {
    delete topLevel['IPAddress'];
    delete topLevel['Gateway'];
  }
  const sandbox = container.sandboxId ?? '';
  const head = {
    Bridge: '',
    SandboxID: sandbox,
    HairpinMode: false,
    LinkLocalIPv6Address: '',
    LinkLocalIPv6PrefixLen: 0,
    Ports: {},
    SandboxKey: sandbox === '' ? '' : sandboxKeyOf(x, container, sandbox),
    SecondaryIPAddresses: null,
    SecondaryIPv6Addresses: null,
  };
  const order = releaseBelow(x, '23.0') ? SETTINGS_ORDER_20 : releaseBelow(x, '29.0') ? SETTINGS_ORDER : SETTINGS_ORDER_29;
  return { ...ordered(head, order), ...topLevel, Networks: networksOf(x, container) };
}

/** NetworkSettings' leading fields in 20.10's order, and from 26.1.5's on (observed). */
const SETTINGS_ORDER_20 = [
  'Bridge',
  'SandboxID',
  'HairpinMode',
  'LinkLocalIPv6Address',
  'LinkLocalIPv6PrefixLen',
  'Ports',
  'SandboxKey',
  'SecondaryIPAddresses',
  'SecondaryIPv6Addresses',
];
const SETTINGS_ORDER = [
  'Bridge',
  'SandboxID',
  'SandboxKey',
  'Ports',
  'HairpinMode',
  'LinkLocalIPv6Address',
  'LinkLocalIPv6PrefixLen',
  'SecondaryIPAddresses',
  'SecondaryIPv6Addresses',
];

/** 29.0's NetworkSettings (moby docker-v29.0.0: NetworkSettingsBase gone, at every API version; observed on 29.7.2). */
const SETTINGS_ORDER_29 = ['SandboxID', 'SandboxKey', 'Ports'];

/** Where the sandbox's namespace is: the exec root's netns/, the host's own for the network host (observed on all three releases). */
function sandboxKeyOf(x: Exchange, container: Container, sandbox: string): string {
  const onHost = networkOf(container.hostConfig['NetworkMode']) === 'host';
  return posix.join(x.state.config.execRoot, 'netns', onHost ? 'default' : sandbox.slice(0, 12));
}
