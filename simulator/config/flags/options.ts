import type { OptionKind } from '../../../specs/options.js';
import type { FlagValue, ParsedFlags } from './argv.js';

/** The value type of each option kind, as parseArgv stores it. */
interface KindValues {
  bool: boolean;
  string: string;
  int: number;
  list: readonly string[];
}

/** One reader per kind: the value when it has the kind's type, else undefined (never a cast). */
const READ: { readonly [K in OptionKind]: (value: FlagValue | undefined) => KindValues[K] | undefined } = {
  bool: (value) => (typeof value === 'boolean' ? value : undefined),
  string: (value) => (typeof value === 'string' ? value : undefined),
  int: (value) => (typeof value === 'number' ? value : undefined),
  list: (value) => (Array.isArray(value) ? (value as readonly string[]) : undefined),
};

/**
 * The options the simulator reads by name, with their kind in the option table (test/sim-argv
 * checks each against KNOWN_OPTIONS): reading another name, or reading one as another type, does
 * not compile.
 */
export const READ_OPTIONS = {
  emulate: 'string',
  brand: 'string',
  fault: 'list',
  'faults-file': 'string',
  'fault-trace': 'string',
  'client-faults': 'string',
  'client-faults-seed': 'int',
  quirk: 'list',
  'as-observed': 'bool',
  help: 'bool',
  version: 'bool',
  validate: 'bool',
  'config-file': 'string',
  host: 'list',
  group: 'string',
  'metrics-addr': 'string',
  'authorization-plugin': 'list',
  'api-cors-header': 'string',
  'data-root': 'string',
  'exec-root': 'string',
  pidfile: 'string',
  debug: 'bool',
  experimental: 'bool',
  'live-restore': 'bool',
  label: 'list',
  feature: 'list',
  'add-runtime': 'list',
  'default-ulimit': 'list',
  'default-address-pool': 'list',
  'log-opt': 'list',
  'model-runner': 'bool',
  'model-runner-tcp': 'int',
  'model-registry': 'string',
  'plugin-dir': 'string',
  'plugin-retry-ms': 'int',
  'plugin-timeout-ms': 'int',
  'reload-store-delay-ms': 'int',
  // The settings the merge takes from a flag or the file (config/file/merge.ts), and the TLS options (listeners/tls-plan.ts).
  'allow-nondistributable-artifacts': 'list',
  'cdi-spec-dir': 'list',
  'cgroup-parent': 'string',
  'containerd-namespace': 'string',
  'containerd-plugins-namespace': 'string',
  'default-cgroupns-mode': 'string',
  'default-ipc-mode': 'string',
  'default-runtime': 'string',
  'default-shm-size': 'string',
  dns: 'list',
  'dns-opt': 'list',
  'dns-search': 'list',
  'exec-opt': 'list',
  'host-gateway-ip': 'list',
  icc: 'bool',
  init: 'bool',
  'init-path': 'string',
  'insecure-registry': 'list',
  'ip-forward': 'bool',
  'ip-masq': 'bool',
  iptables: 'bool',
  'log-driver': 'string',
  'log-format': 'string',
  'log-level': 'string',
  'max-concurrent-downloads': 'int',
  'max-concurrent-uploads': 'int',
  'max-download-attempts': 'int',
  mtu: 'int',
  'no-new-privileges': 'bool',
  'node-generic-resource': 'list',
  'raw-logs': 'bool',
  'registry-mirror': 'list',
  rootless: 'bool',
  'seccomp-profile': 'string',
  'selinux-enabled': 'bool',
  'shutdown-timeout': 'int',
  'storage-driver': 'string',
  'storage-opt': 'list',
  'userland-proxy': 'bool',
  ipv6: 'bool',
  ip6tables: 'bool',
  tls: 'bool',
  tlsverify: 'bool',
  tlscacert: 'string',
  tlscert: 'string',
  tlskey: 'string',
} as const satisfies Readonly<Record<string, OptionKind>>;

/** An option the simulator reads by name. */
export type ReadOption = keyof typeof READ_OPTIONS;
/** The type of an option's value. */
export type OptionValue<K extends ReadOption> = KindValues[(typeof READ_OPTIONS)[K]];

/** The value of an option given on the command line, typed by its kind; undefined when it was not given. */
export function flag<K extends ReadOption>(flags: ParsedFlags, name: K): OptionValue<K> | undefined {
  return READ[READ_OPTIONS[name]](flags.get(name));
}

/** The value of an option named at run time (the merge's tables), when it is a string. */
export const stringFlag = (flags: ParsedFlags, name: string): string | undefined => READ.string(flags.get(name));
