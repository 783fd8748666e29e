import type { TestableRuleId } from '../../specs/catalogue.js';
import type { Brand, BrandNames } from '../../specs/brands.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { SocketGroup } from '../listeners/socket-group.js';
import type { TlsPlan } from '../listeners/tls-plan.js';
import type { DaemonSettings } from './file/settings.js';
import type { FlagValue } from './flags/argv.js';
import type { RegistryMode } from '../model-runner/store/registry.js';
import type { ClientFaultsSource } from '../client-faults/source.js';

/** Everything the running simulator needs, resolved once from flags, file and environment. */
export interface SimConfig {
  readonly brand: Brand;
  readonly names: BrandNames;
  readonly release: DaemonRelease;
  readonly minApi: string;
  readonly maxApi: string;
  readonly hosts: readonly string[];
  /** What the TLS options add up to (the TCP listeners use it). */
  readonly tls: TlsPlan;
  /** The group of the unix sockets (`-G`, `group`, else the brand's). */
  readonly socketGroup: SocketGroup;
  /** --metrics-addr / `metrics-addr`, or null. */
  readonly metricsAddress: string | null;
  /** --authorization-plugin / `authorization-plugins`, in order. */
  readonly authorizationPlugins: readonly string[];
  /** Where plugins are looked for (the brand's directories, or ctrd-sim's --plugin-dir). */
  readonly pluginDirs: readonly string[];
  /** The first wait of the plugin retries, doubled each time (dockerd: 1 s; ctrd-sim's --plugin-retry-ms). */
  readonly pluginRetryMs: number;
  /** The deadline of a plugin's whole answer to one call (30 s; ctrd-sim's --plugin-timeout-ms). */
  readonly pluginTimeoutMs: number;
  /** How long after its log line a reloaded configuration is served (0; ctrd-sim's --reload-store-delay-ms). */
  readonly reloadStoreDelayMs: number;
  /** --api-cors-header / `api-cors-header`, or null (the releases that still have it). */
  readonly corsHeader: string | null;
  readonly debug: boolean;
  readonly experimental: boolean;
  readonly dataRoot: string;
  readonly execRoot: string;
  readonly pidfile: string;
  /** The configuration file that was read, or null when none exists at the default path. */
  readonly configFile: string | null;
  /** --config-file as given, or null (what a reload reads; null: the default path). */
  readonly configFileGiven: string | null;
  /** The model runner's TCP access: --model-runner-tcp's port, 'default' (12434) with --model-runner, else null. */
  readonly modelRunnerTcp: number | 'default' | null;
  /** The model runner's registry: --model-registry (`catalogue` when not given). */
  readonly modelRegistry: RegistryMode;
  /** --validate: check the configuration, print the verdict and end instead of serving. */
  readonly validateOnly: boolean;
  /** What the command line gave, as the running daemon still needs it (a reload, /info under a quirk). */
  readonly startFlags: StartFlags;
  /** The effective daemon settings: flags, file and environment merged (what /info shows). */
  readonly settings: DaemonSettings;
  /** Rules whose behaviour is deliberately broken (`--fault`, `--faults-file`): empty normally. */
  readonly faults: ReadonlySet<TestableRuleId>;
  /** --client-faults: the file of faults for client authors and its seed flag, or null (then no request pays for them). */
  readonly clientFaults: ClientFaultsSource | null;
  /** Quirks the simulator carries (`--quirk`, `--as-observed`; specs/quirks): empty normally. */
  readonly quirks: ReadonlySet<string>;
}

/** The command line as the running daemon still reads it (config/resolve.ts computes it once). */
export interface StartFlags {
  /**
   * The daemon's options given on the command line (not the simulator's own), by long name, with
   * their values as parsed: a reload checks the file against them (a directive also given as a
   * flag is refused: reload/read.ts) and keeps the settings they gave (reload.flags.kept).
   */
  readonly daemonOptions: ReadonlyMap<string, FlagValue>;
  /** The three switches as the flags alone set them (false when not given). */
  readonly switches: FlagSwitches;
}

/** Debug, experimental and live-restore as the flags alone set them. */
export interface FlagSwitches {
  readonly debug: boolean;
  readonly experimental: boolean;
  readonly liveRestore: boolean;
}
