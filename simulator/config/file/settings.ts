/**
 * The daemon's effective settings: the command line, the configuration file and the environment
 * merged and checked (config/file/merge.ts). What `GET /info` shows and what a reload changes.
 */

/** A runtime as registered with `--add-runtime` or the file's `runtimes` (both styles). */
export interface RuntimeSetting {
  /** Drop-in style: absolute path or an executable name on PATH. */
  readonly path?: string;
  readonly runtimeArgs?: readonly string[];
  /** Shim style: fully qualified shim name or path of a shim binary. */
  readonly runtimeType?: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

export interface UlimitSetting {
  readonly Name: string;
  readonly Hard: number;
  readonly Soft: number;
}

export interface AddressPoolSetting {
  readonly base: string;
  readonly size: number;
}

export type CgroupDriver = 'cgroupfs' | 'systemd';

export interface DaemonSettings {
  readonly debug: boolean;
  readonly experimental: boolean;
  readonly liveRestore: boolean;
  /** Daemon labels in the order given, duplicates (same key and value) removed. */
  readonly labels: readonly string[];
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'fatal';
  readonly logFormat: 'text' | 'json';
  readonly rawLogs: boolean;
  /** Default log driver of containers and its options. */
  readonly logDriver: string;
  readonly logOpts: Readonly<Record<string, string>>;
  readonly insecureRegistries: readonly string[];
  readonly registryMirrors: readonly string[];
  readonly allowNondistributableArtifacts: readonly string[];
  /** Registered runtimes by name (not including the built-in ones). */
  readonly runtimes: Readonly<Record<string, RuntimeSetting>>;
  readonly defaultRuntime: string;
  readonly cgroupDriver: CgroupDriver;
  readonly cgroupParent: string | null;
  readonly execOpts: readonly string[];
  readonly storageDriver: string;
  readonly storageOpts: readonly string[];
  /** CDI spec directories; empty when the `cdi` feature is off. */
  readonly cdiSpecDirs: readonly string[];
  readonly features: Readonly<Record<string, boolean>>;
  readonly httpProxy: string;
  readonly httpsProxy: string;
  readonly noProxy: string;
  readonly nodeGenericResources: readonly string[];
  readonly defaultUlimits: Readonly<Record<string, UlimitSetting>>;
  readonly defaultAddressPools: readonly AddressPoolSetting[];
  readonly dns: readonly string[];
  readonly dnsOpts: readonly string[];
  readonly dnsSearch: readonly string[];
  readonly maxConcurrentDownloads: number;
  readonly maxConcurrentUploads: number;
  readonly maxDownloadAttempts: number;
  readonly shutdownTimeout: number;
  readonly mtu: number;
  readonly defaultShmSize: string;
  readonly defaultCgroupnsMode: 'host' | 'private';
  readonly defaultIpcMode: 'shareable' | 'private';
  readonly hostGatewayIps: readonly string[];
  readonly init: boolean;
  readonly initPath: string | null;
  readonly noNewPrivileges: boolean;
  readonly selinuxEnabled: boolean;
  readonly seccompProfile: string;
  readonly rootless: boolean;
  readonly userlandProxy: boolean;
  readonly ipv6: boolean;
  readonly icc: boolean;
  readonly ipForward: boolean;
  readonly ipMasq: boolean;
  readonly iptables: boolean;
  readonly ip6tables: boolean;
  readonly containerdNamespace: string;
  readonly containerdPluginsNamespace: string;
  /** The file's `builder` object as given (null: none), read when BuildKit starts (builder-gc-policy.ts). */
  readonly builder: Readonly<Record<string, unknown>> | null;
  /** 20.10 after a reload that set runtimes: its built-in containerd shim names are gone from the table. */
  readonly builtinShimsDropped?: boolean;
}
