/**
 * The configuration file's keys and their shapes (daemon.md › Configuration file 6, › Nested
 * shapes), as data. The JSON Schema of the file is generated from it (suites/daemon-config/config-json-schema.ts);
 * the simulator decodes files with it. Data only.
 */
import { DAEMON_OPTIONS } from './options.js';
import type { Platform } from './types.js';

export type Shape =
  | { readonly type: 'bool' }
  | { readonly type: 'int' }
  /** A string; `size` when it holds a size such as `64MiB` or `10GB`. */
  | { readonly type: 'string'; readonly size?: true }
  | { readonly type: 'array'; readonly items: Shape }
  /** An object of named entries (runtimes by name, ulimits by limit name, log options). */
  | { readonly type: 'map'; readonly values: Shape }
  /** An object with the listed fields; `required` ones must be present. */
  | { readonly type: 'object'; readonly fields: Readonly<Record<string, Shape>>; readonly required?: readonly string[] };

const bool: Shape = { type: 'bool' };
const int: Shape = { type: 'int' };
const string: Shape = { type: 'string' };
const size: Shape = { type: 'string', size: true };
const strings: Shape = { type: 'array', items: string };
const stringMap: Shape = { type: 'map', values: string };

/** A runtimes entry: drop-in style (`path`, `runtimeArgs`) or shim style (`runtimeType`, `options`). */
export const RUNTIME_SHAPE: Shape = {
  type: 'object',
  fields: { path: string, runtimeArgs: strings, runtimeType: string, options: { type: 'map', values: { type: 'object', fields: {} } } },
};

export const NESTED_SHAPES = {
  'default-address-pools': { type: 'array', items: { type: 'object', fields: { base: string, size: int }, required: ['base', 'size'] } },
  'default-ulimits': { type: 'map', values: { type: 'object', fields: { Name: string, Hard: int, Soft: int } } },
  builder: {
    type: 'object',
    fields: {
      gc: {
        type: 'object',
        fields: {
          enabled: bool,
          defaultKeepStorage: size,
          policy: { type: 'array', items: { type: 'object', fields: { keepStorage: size, filter: strings, all: bool } } },
        },
      },
    },
  },
  'log-opts': stringMap,
  runtimes: { type: 'map', values: RUNTIME_SHAPE },
  'default-network-opts': { type: 'map', values: stringMap },
  proxies: { type: 'object', fields: { 'http-proxy': string, 'https-proxy': string, 'no-proxy': string } },
  features: { type: 'map', values: bool },
} as const satisfies Readonly<Record<string, Shape>>;

/** The documented log-option keys (› Nested shapes › log-opts keys). Drivers take others too. */
export const DOCUMENTED_LOG_OPTS: readonly string[] = [
  'cache-disabled',
  'cache-max-file',
  'cache-max-size',
  'cache-compress',
  'env',
  'labels',
  'max-file',
  'max-size',
];

export interface FileKey {
  readonly key: string;
  readonly shape: Shape;
  /** The flag that sets the same option, when there is one (a key set both ways is a conflict). */
  readonly flag?: string;
  readonly platforms: readonly Platform[];
  readonly since?: string;
  readonly until?: string;
}

const LINUX_ONLY_WORDS =
  /^(bip|bip6|default-gateway|default-gateway-v6|fixed-cidr-v6|cgroup-parent|default-cgroupns-mode|iptables|ip6tables|ip-masq|ip-forward|ip-forward-no-drop|icc|ip|http-proxy|https-proxy|no-proxy|proxies|userns-remap|seccomp-profile|live-restore|init|init-path|userland-proxy|userland-proxy-path|default-ulimits|default-shm-size|default-ipc-mode|no-new-privileges|selinux-enabled|rootless|cpu-rt-period|cpu-rt-runtime|runtimes|host-gateway-ip|host-gateway-ips|cdi-spec-dirs|allow-direct-routing)$/;

/** Keys of the file listed by type in the document (› Configuration file 6). */
const shapesOfKeys = (): Readonly<Record<string, Shape>> => ({
  ...Object.fromEntries(
    [
      'allow-direct-routing',
      'debug',
      'experimental',
      'icc',
      'init',
      'ip-forward',
      'ip-forward-no-drop',
      'ip-masq',
      'iptables',
      'ip6tables',
      'ipv6',
      'live-restore',
      'no-new-privileges',
      'raw-logs',
      'selinux-enabled',
      'tls',
      'tlsverify',
      'userland-proxy',
      'cri-containerd',
      'rootless',
    ].map((k) => [k, bool]),
  ),
  ...Object.fromEntries(
    [
      'max-concurrent-downloads',
      'max-concurrent-uploads',
      'max-download-attempts',
      'mtu',
      'network-control-plane-mtu',
      'shutdown-timeout',
      'cpu-rt-period',
      'cpu-rt-runtime',
    ].map((k) => [k, int]),
  ),
  ...Object.fromEntries(
    [
      'authorization-plugins',
      'dns',
      'dns-opts',
      'dns-search',
      'exec-opts',
      'hosts',
      'insecure-registries',
      'labels',
      'registry-mirrors',
      'storage-opts',
      'node-generic-resources',
      'host-gateway-ips',
      'cdi-spec-dirs',
    ].map((k) => [k, strings]),
  ),
  'default-shm-size': size,
  ...NESTED_SHAPES,
});

/**
 * Every key of the Linux file: the file key of each option (string where the document lists no
 * other type), plus the keys no flag maps to. Made on first use (a simulator's start reads no key).
 */
export function fileKeys(): readonly FileKey[] {
  madeFileKeys ??= makeFileKeys();
  return madeFileKeys;
}

let madeFileKeys: readonly FileKey[] | undefined;
let fileKeysByName: ReadonlyMap<string, FileKey> | undefined;

function makeFileKeys(): readonly FileKey[] {
  const shapes = shapesOfKeys();
  return [
    ...DAEMON_OPTIONS.flatMap((option): FileKey[] =>
      option.fileKey === undefined
        ? []
        : [
            {
              key: option.fileKey,
              shape: shapes[option.fileKey] ?? string,
              flag: option.name,
              platforms: LINUX_ONLY_WORDS.test(option.fileKey) ? ['linux'] : ['linux', 'windows'],
              // host-gateway-ips is a key from 28.0 (20.10.24 and 26.1.5 call it unknown); the flag is older.
              ...(option.fileKey === 'host-gateway-ips' ? { since: '28.0' } : option.since === undefined ? {} : { since: option.since }),
              ...(option.until === undefined ? {} : { until: option.until }),
            },
          ],
    ),
    // › Other specifics › Host gateway: "a single string in `host-gateway-ip` remains accepted for older daemons".
    { key: 'host-gateway-ip', shape: string, flag: 'host-gateway-ip', platforms: ['linux'] },
    { key: 'proxies', shape: NESTED_SHAPES.proxies, platforms: ['linux'], since: '23.0' },
    { key: 'builder', shape: NESTED_SHAPES.builder, platforms: ['linux', 'windows'] },
  ];
}

/** The file key named `key` (the first, as a search of fileKeys() finds it). */
export function fileKeyNamed(key: string): FileKey | undefined {
  fileKeysByName ??= new Map([...fileKeys()].reverse().map((k) => [k.key, k]));
  return fileKeysByName.get(key);
}
