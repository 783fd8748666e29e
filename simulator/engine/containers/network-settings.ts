import type { Container } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { apiBelow, releaseBelow } from '../replies.js';
import { dnsNamesHidden } from '../../quirks/deprecations/dns-names-from-api-1-44.js';
import { topLevelDropped } from '../../quirks/deprecations/top-level-dropped-from-1-52.js';

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

/** NetworkSettings.Networks of a container: its one network's endpoint, or none. */
export function networksOf(x: Exchange, container: Container): Record<string, unknown> {
  const network = networkOf(container.hostConfig['NetworkMode']);
  return network === null ? {} : { [network]: endpointOf(x, container) };
}

/** A container's endpoint before any start (moby network.EndpointSettings, in its field order): empty but for its aliases. */
export function endpointOf(x: Exchange, container: Container): Record<string, unknown> {
  return {
    IPAMConfig: null,
    Links: null,
    Aliases: container.aliases,
    MacAddress: '',
    DriverOpts: null,
    ...(releaseBelow(x, '28.0') ? {} : { GwPriority: 0 }),
    NetworkID: '',
    EndpointID: '',
    Gateway: '',
    IPAddress: '',
    IPPrefixLen: 0,
    IPv6Gateway: '',
    GlobalIPv6Address: '',
    GlobalIPv6PrefixLen: 0,
    // From 25.0 (null on the network none, observed on 26.1.5 and 28.5.2). Fault (deprecated.network.dns-names): left out.
    ...(releaseBelow(x, '25.0') || x.state.config.faults.has('deprecated.network.dns-names') || dnsNamesHidden(x.state.config.quirks, apiBelow(x, '1.44'))
      ? {}
      : { DNSNames: null }),
  };
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
  const topLevel: Record<string, string | number> = topLevelDropped(x.state.config.quirks, apiBelow(x, '1.52')) ? {} : { ...DEPRECATED_TOP_LEVEL };
  // Fault (deprecated.network-settings.top-level): from 1.44 IPAddress and Gateway are gone.
  if (!apiBelow(x, '1.44') && x.state.config.faults.has('deprecated.network-settings.top-level')) {
    delete topLevel['IPAddress'];
    delete topLevel['Gateway'];
  }
  return {
    Bridge: '',
    SandboxID: '',
    HairpinMode: false,
    LinkLocalIPv6Address: '',
    LinkLocalIPv6PrefixLen: 0,
    Ports: {},
    SandboxKey: '',
    SecondaryIPAddresses: null,
    SecondaryIPv6Addresses: null,
    ...topLevel,
    Networks: networksOf(x, container),
  };
}
