import { randomBytes } from 'node:crypto';
import { nowNanos, rfc3339Nano, type ObjectStore } from '../objects/index.js';
import { type BridgeSettings, bridgeIpamConfig, bridgeIpamStatus, type IpamView } from './bridge-network.js';
import type { ParentLinkSettings } from './parent-link-network.js';
import { endpointAddressesOn } from './endpoint-addresses.js';
import { sortedMap } from '../replies.js';

/**
 * The networks a daemon started with --bridge=none has: `none` (driver null) and `host`, both
 * local, made when the daemon starts with a random ID each (observed on 20.10.24, 26.1.5, 28.5.2).
 */
export interface BuiltinNetwork {
  readonly name: 'none' | 'host';
  readonly driver: 'null' | 'host';
  readonly id: string;
  readonly created: bigint;
}

/** A network a create made: a configuration-only one (driver null), or one the bridge driver made (`bridge`). */
export interface UserNetwork {
  readonly name: string;
  readonly driver: string;
  readonly id: string;
  readonly created: bigint;
  readonly user: UserSettings;
  readonly bridge?: BridgeSettings;
  /** What the macvlan or ipvlan driver made. */
  readonly parentLink?: ParentLinkSettings;
}

/** What a create asked for, as inspect shows it. */
export interface UserSettings {
  readonly configOnly: boolean;
  readonly enableIPv4: boolean;
  readonly enableIPv6: boolean;
  readonly ipam: { readonly driver: string; readonly options: Readonly<Record<string, string>> | null; readonly config: readonly Record<string, unknown>[] };
  readonly options: Readonly<Record<string, string>>;
  readonly labels: Readonly<Record<string, string>>;
}

/** Any network of the daemon: a built-in one or one a create made. */
export type SimNetwork = BuiltinNetwork | UserNetwork;

const isUser = (network: SimNetwork): network is UserNetwork => 'user' in network;

const made = new WeakMap<ObjectStore, readonly BuiltinNetwork[]>();

/** The store's networks in the order the releases list them (none, then host), made on first use. */
export function builtinNetworks(objects: ObjectStore): readonly BuiltinNetwork[] {
  let networks = made.get(objects);
  if (networks === undefined) {
    networks = [
      { name: 'none', driver: 'null', id: randomBytes(32).toString('hex'), created: nowNanos() },
      { name: 'host', driver: 'host', id: randomBytes(32).toString('hex'), created: nowNanos() },
    ];
    made.set(objects, networks);
  }
  return networks;
}

/**
 * The network's `Containers` as inspect shows them: the running containers joined to it, each with
 * its endpoint and, on a bridge network, its addresses. A created or stopped container has no endpoint.
 */
function attachedContainers(objects: ObjectStore, network: SimNetwork): Record<string, unknown> {
  const containers: Record<string, unknown> = {};
  for (const container of objects.allContainers()) {
    const endpoint = [...container.networks.values()].find((candidate) => candidate.networkId === network.id && candidate.endpointId !== null);
    if (container.state !== 'running' || endpoint?.endpointId == null) continue;
    const given = endpoint.addresses ?? null;
    const withLength = (address: string, length: number): string => (address === '' ? '' : `${address}/${length}`);
    containers[container.id] = {
      Name: container.name,
      EndpointID: endpoint.endpointId,
      MacAddress: given?.mac ?? '',
      IPv4Address: withLength(given?.ipv4 ?? '', given?.ipv4PrefixLen ?? 0),
      IPv6Address: withLength(given?.ipv6 ?? '', given?.ipv6PrefixLen ?? 0),
    };
  }
  return containers;
}

/** What a built-in network was made with, in a create's terms. */
const BUILTIN_SETTINGS: UserSettings = {
  configOnly: false,
  enableIPv4: true,
  enableIPv6: false,
  ipam: { driver: 'default', options: null, config: [] },
  options: {},
  labels: {},
};

/** How a release writes a network document (moby NetworkResource, network.Inspect from 29.0). */
export interface NetworkStyle {
  /** 20.10: an empty IPAM.Config is `[]` (null later). */
  readonly old: boolean;
  /** From 28.0: `EnableIPv4`. */
  readonly withIPv4: boolean;
  /**
   * From 29.0 (moby docker-v29.0.0 api/types/network: Inspect embeds Network, then Containers and
   * Status): `Containers` after `Options` and `Labels`, and IPAM.Config lists only the pools the
   * network allocated (daemon/network.go buildIPAMResources), none for a configuration-only one.
   * Observed on 29.7.2 (2026-12-05).
   */
  readonly inspectType: boolean;
  /** Inspect, and from 29.0 a list below API 1.28 (network.Inspect): the attached containers; a list before 29.0: always `{}`; a later list (network.Summary): none. */
  readonly containers: 'attached' | 'empty' | 'none';
  /** From 29.0 at API 1.52: `Status`, the pools' use (`{"IPAM":{}}` for a network without any). */
  readonly withStatus: boolean;
  /** How a bridge network's IPAM.Config is written. */
  readonly ipamView: IpamView;
}

/** The network document in the release's field order. */
export function shapeNetwork(objects: ObjectStore, network: SimNetwork, style: NetworkStyle): Record<string, unknown> {
  const settings = isUser(network) ? network.user : BUILTIN_SETTINGS;
  const { ipam } = settings;
  const bridge = isUser(network) ? (network.bridge ?? network.parentLink) : undefined;
  const allocated = bridge !== undefined ? bridgeIpamConfig(bridge, style.ipamView) : style.inspectType && settings.configOnly ? [] : ipam.config;
  const containers =
    style.containers === 'none' ? {} : { Containers: style.containers === 'attached' && !settings.configOnly ? attachedContainers(objects, network) : {} };
  return {
    Name: network.name,
    Id: network.id,
    Created: rfc3339Nano(network.created),
    Scope: 'local',
    Driver: network.driver,
    ...(style.withIPv4 ? { EnableIPv4: settings.enableIPv4 } : {}),
    EnableIPv6: settings.enableIPv6,
    IPAM: { Driver: ipam.driver, Options: ipam.options, Config: allocated.length === 0 && !style.old ? null : allocated },
    Internal: bridge?.internal ?? false,
    Attachable: bridge?.attachable ?? false,
    Ingress: false,
    ConfigFrom: { Network: '' },
    ConfigOnly: settings.configOnly,
    ...(style.inspectType ? {} : containers),
    Options: sortedMap(settings.options),
    Labels: sortedMap(settings.labels),
    ...(style.inspectType ? containers : {}),
    ...(style.withStatus
      ? { Status: { IPAM: bridge === undefined ? {} : { Subnets: bridgeIpamStatus(bridge, endpointAddressesOn(objects, network.id)) } } }
      : {}),
  };
}
