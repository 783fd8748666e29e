import { isOlder } from '../../../common/dotted-version.js';
import type { Shape } from '../../../specs/config-schema.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import { POOL_PREFIXES_FROM } from './address-pools.js';

/**
 * Where each file key's field sits in moby's Config (daemon/config config.go and config_linux.go,
 * v26.1.5 and docker-v29.7.2): the embedded structs Go's decoder names before the key in a type
 * error from 23.0 ("Go struct field Config.CommonConfig.DNSConfig.dns"; observed on 26.1.5 and
 * 29.7.2, 2026-12-07). A key of no row is CommonConfig's own.
 */
const EMBEDDED_PATHS: readonly (readonly [path: string, keys: readonly string[]])[] = [
  [
    '',
    [
      'runtimes',
      'default-init',
      'cgroup-parent',
      'selinux-enabled',
      'userns-remap',
      'default-ulimits',
      'cpu-rt-period',
      'cpu-rt-runtime',
      'init',
      'init-path',
      'seccomp-profile',
      'default-shm-size',
      'no-new-privileges',
      'default-ipc-mode',
      'default-cgroupns-mode',
      'resolv-conf',
      'rootless',
    ],
  ],
  ['CommonConfig.DNSConfig', ['dns', 'dns-opts', 'dns-search', 'host-gateway-ip', 'host-gateway-ips']],
  ['CommonConfig.LogConfig', ['log-driver', 'log-opts']],
  ['CommonConfig.TLSOptions', ['tlscacert', 'tlscert', 'tlskey']],
  ['CommonConfig.NetworkConfig', ['default-address-pools', 'network-control-plane-mtu', 'default-network-opts', 'firewall-backend']],
  [
    'CommonConfig.BridgeConfig',
    [
      'iptables',
      'ip6tables',
      'ip-forward',
      'ip-forward-no-drop',
      'ip-masq',
      'userland-proxy',
      'userland-proxy-path',
      'allow-direct-routing',
      'bridge-accept-fwmark',
    ],
  ],
  ['CommonConfig.BridgeConfig.DefaultBridgeConfig', ['ipv6', 'fixed-cidr-v6', 'mtu', 'ip', 'bip', 'bip6', 'default-gateway', 'default-gateway-v6', 'icc']],
  ['CommonConfig.BridgeConfig.DefaultBridgeConfig.commonBridgeConfig', ['bridge', 'fixed-cidr']],
  ['CommonConfig.ServiceOptions', ['registry-mirrors', 'insecure-registries', 'allow-nondistributable-artifacts']],
];

/** From 29.0 the daemon's own logging options and the containers' defaults are structs of their own. */
const FROM_29: readonly (readonly [path: string, keys: readonly string[]])[] = [
  ['CommonConfig.DaemonLogConfig', ['log-level', 'log-format', 'raw-logs']],
  ['CommonConfig.ContainerDefaults', ['default-stop-timeout']],
];

const SPLIT_FROM = '29.0';

/** The key's field as the decoder names it below Config: its embedded structs, then the key. */
export function goFieldPath(key: string, release: DaemonRelease): string {
  const rows = isOlder(release.release, SPLIT_FROM) ? EMBEDDED_PATHS : [...FROM_29, ...EMBEDDED_PATHS];
  const path = rows.find(([, keys]) => keys.includes(key))?.[0] ?? 'CommonConfig';
  return path === '' ? key : `${path}.${key}`;
}

/** The Go names of the builder's fields, which have no JSON tags: the decoder names them so (observed: "builder.GC.Enabled"). */
const BUILDER_GO_NAMES: Readonly<Record<string, string>> = {
  gc: 'GC',
  enabled: 'Enabled',
  defaultKeepStorage: 'DefaultKeepStorage',
  policy: 'Policy',
  keepStorage: 'KeepStorage',
  filter: 'Filter',
  all: 'All',
  defaultReservedSpace: 'DefaultReservedSpace',
  defaultMaxUsedSpace: 'DefaultMaxUsedSpace',
  defaultMinFreeSpace: 'DefaultMinFreeSpace',
  reservedSpace: 'ReservedSpace',
  maxUsedSpace: 'MaxUsedSpace',
  minFreeSpace: 'MinFreeSpace',
};

/** A field below a key as the decoder names it: its JSON name, or the builder's Go name. */
export const goFieldName = (key: string, field: string): string => (key === 'builder' ? (BUILDER_GO_NAMES[field] ?? field) : field);

/**
 * The Go types of the keys whose type the shape alone does not name (moby daemon/config, the same
 * in v20.10.24, v26.1.5, v28.5.2 and docker-v29.7.2; `dns`: dnsType): a pointer is named as what
 * it points to.
 */
const GO_TYPES: Readonly<Record<string, string>> = {
  'cpu-rt-period': 'int64',
  'cpu-rt-runtime': 'int64',
  'default-address-pools': '[]*ipamutils.NetworkToSplit',
  'default-gateway': 'net.IP',
  'default-gateway-v6': 'net.IP',
  ip: 'net.IP',
  'host-gateway-ip': 'net.IP',
  'host-gateway-ips': '[]netip.Addr',
  'log-format': 'log.OutputFormat',
  'swarm-raft-election-tick': 'uint32',
  'swarm-raft-heartbeat-tick': 'uint32',
};

/** `dns`: strings on 20.10, net.IP from 23.0, netip.Addr from 29.0. */
function dnsType(release: DaemonRelease): string {
  if (isOlder(release.release, '23.0')) return '[]string';
  return isOlder(release.release, SPLIT_FROM) ? '[]net.IP' : '[]netip.Addr';
}

/**
 * The Go type a type error names for a value `depth` elements below the key (an index or a map
 * key each), or null where the shape's own naming holds.
 */
export function goTypeAt(key: string, depth: number, release: DaemonRelease): string | null {
  let type = key === 'dns' ? dnsType(release) : GO_TYPES[key];
  if (type === undefined) return null;
  for (let i = 0; i < depth; i++) type = type.replace(/^(\[\]|map\[string\])/, '');
  return type.replace(/^\*/, '');
}

/** Fields of a key's struct that a release lacks (the decoder passes over them): 20.10's types.Runtime has a path and arguments only. */
const FIELDS_FROM: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  runtimes: { runtimeType: '23.0', options: '23.0' },
};

/** Whether the release's struct for `key` has the field. */
export function hasField(key: string, field: string, release: DaemonRelease): boolean {
  const since = FIELDS_FROM[key]?.[field];
  return since === undefined || !isOlder(release.release, since);
}

/** A string field a release's struct has beyond the document's shape. */
const STRING_FIELD: Shape = { type: 'string' };

/**
 * The fields a release's struct has that the document's shape does not name, by the struct's
 * place below its key: from 28.0 the builder's collection has default sizes and each rule sizes
 * of their own (moby v28.0.0 daemon/config/builder.go), which the decoder reads as strings.
 */
const FIELDS_ADDED: readonly { readonly key: string; readonly place: string; readonly from: string; readonly fields: Readonly<Record<string, Shape>> }[] = [
  {
    key: 'builder',
    place: 'gc',
    from: '28.0',
    fields: { defaultReservedSpace: STRING_FIELD, defaultMaxUsedSpace: STRING_FIELD, defaultMinFreeSpace: STRING_FIELD },
  },
  { key: 'builder', place: 'gc.policy', from: '28.0', fields: { reservedSpace: STRING_FIELD, maxUsedSpace: STRING_FIELD, minFreeSpace: STRING_FIELD } },
];

/** The fields the release's struct adds at `fieldNames` below `key` (none where it adds none). */
export function releaseFields(key: string, fieldNames: readonly string[], release: DaemonRelease): Readonly<Record<string, Shape>> {
  const place = fieldNames.join('.');
  return Object.assign(
    {},
    ...FIELDS_ADDED.filter((row) => row.key === key && row.place === place && !isOlder(release.release, row.from)).map((row) => row.fields),
  );
}

/** A runtime's options are a map[string]interface{}: any value is taken. */
export const takesAnyValues = (key: string, fieldNames: readonly string[]): boolean => key === 'runtimes' && fieldNames.at(-1) === 'options';

/** Go's %v of a struct field's tag `json:",omitempty"`. */
const OMITEMPTY = 'json:\\",omitempty\\"';

/** The struct a builder's garbage collection is read into from 28.0, where it decodes itself (observed on 28.5.2 and 29.7.2). */
const BUILDER_GC_FROM_28 = `struct { Enabled bool "${OMITEMPTY}"; Policy []config.BuilderGCRule "${OMITEMPTY}"; DefaultReservedSpace string "${OMITEMPTY}"; DefaultMaxUsedSpace string "${OMITEMPTY}"; DefaultMinFreeSpace string "${OMITEMPTY}"; DefaultKeepStorage string "${OMITEMPTY}" }`;

/** The struct a garbage-collection rule is read into from 28.0: 29.x's filter field has no tag (observed on 28.5.2 and 29.7.2). */
const builderRuleFrom28 = (release: DaemonRelease): string =>
  `struct { All bool "${OMITEMPTY}"; Filter config.BuilderGCFilter${isOlder(release.release, SPLIT_FROM) ? ` "${OMITEMPTY}"` : ''}; ReservedSpace string "${OMITEMPTY}"; MaxUsedSpace string "${OMITEMPTY}"; MinFreeSpace string "${OMITEMPTY}"; KeepStorage string "${OMITEMPTY}" }`;

/** From it the builder's garbage collection and its rules decode themselves (observed on 28.5.2 and 29.7.2). */
const SELF_DECODING_FROM = '28.0';

export const builderGcDecodesItself = (release: DaemonRelease): boolean => !isOlder(release.release, SELF_DECODING_FROM);

/**
 * A nested field's Go type where the shape alone does not name it: a pool's base is a netip.Prefix
 * from 27.0; a runtime's options a map of anything; the builder's collection and its rules are config structs, read into structs of their
 * own from 28.0.
 */
export function goFieldTypeAt(
  p: { readonly key: string; readonly fieldNames: readonly string[]; readonly below: readonly (string | number)[] },
  release: DaemonRelease,
): string | null {
  const last = p.fieldNames.at(-1);
  if (p.key === 'default-address-pools') return last === 'base' && !isOlder(release.release, POOL_PREFIXES_FROM) ? 'netip.Prefix' : null;
  if (p.key === 'runtimes') return takesAnyValues(p.key, p.fieldNames) ? 'map[string]interface {}' : null;
  if (p.key !== 'builder') return null;
  const selfDecoding = builderGcDecodesItself(release);
  if (last === 'gc') return selfDecoding ? BUILDER_GC_FROM_28 : 'config.BuilderGCConfig';
  if (last !== 'policy') return null;
  if (typeof p.below.at(-1) !== 'number') return '[]config.BuilderGCRule';
  return selfDecoding ? builderRuleFrom28(release) : 'config.BuilderGCRule';
}

/**
 * The struct a nested field's error names: the innermost one (`struct`), but a builder's garbage
 * collection that decodes itself names the builder's config (observed on 29.7.2; 20.10.24 and
 * 26.1.5 name BuilderGCConfig, and BuilderGCRule for a rule's field).
 */
export function goStructOf(
  p: { readonly key: string; readonly fieldNames: readonly string[]; readonly struct: string | null },
  release: DaemonRelease,
): string {
  if (p.key !== 'builder') return p.struct!;
  if (builderGcDecodesItself(release) || p.fieldNames[0] !== 'gc' || p.fieldNames.length === 1) return 'BuilderConfig';
  return p.fieldNames[1] === 'policy' && p.fieldNames.length > 2 ? 'BuilderGCRule' : 'BuilderGCConfig';
}
