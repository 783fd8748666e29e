import type { ConfigContent } from './config-file.js';
import type { Capability, Surface } from '../../specs/types.js';
import type { TargetKind } from '../../reports/model/result.js';
import type { Endpoint } from '../http/endpoint.js';
import type { NetnsProbe, NetnsReply, StartRequest } from './types.js';

export type { StartRequest };

/** Where an instance answers: the daemon API, the model runner's OpenAI-compatible API, and every listener. */
export interface InstanceEndpoints {
  /** The daemon's HTTP API (absent for a target that is only an OpenAI-compatible server). */
  readonly daemon?: Endpoint;
  /** The OpenAI-compatible API, with its base path (e.g. /engines/v1). */
  readonly modelRunner?: Endpoint;
  /**
   * The model runner service as a whole (management, /engines routing): its root over TCP, and over
   * the daemon socket under the /exp/vENG4.40 prefix where the socket carries it.
   */
  readonly modelRunnerService?: {
    readonly tcp: Endpoint;
    readonly socket?: Endpoint;
    /** The engine the shortcut /engines/v1 stands for: the document names none, so the target says which. */
    readonly defaultEngine: string;
  };
  /** Every listener the instance has (unix, tcp, tls), the daemon's first. */
  readonly listeners: readonly Endpoint[];
}

/** A daemon instance that is serving. Operations exist where the target's capabilities say so. */
export interface TargetInstance {
  readonly endpoints: InstanceEndpoints;
  /** The daemon API endpoint, or the model runner's when there is no daemon API. */
  readonly endpoint: Endpoint;
  /** Process id of the daemon, when the suite started it as a process. */
  readonly pid?: number;
  /** What the daemon printed so far (empty where logs are not a capability). */
  output(): string;
  /** A position in the log; `logSince(mark)` returns what was printed after it. */
  logMark(): number;
  logSince(mark: number): string;
  /** Rewrites the configuration file in place, or puts a directory there (capability start). */
  writeConfig(config: ConfigContent): Promise<void>;
  /** Sends a signal to the daemon process (capability signal). */
  signal(name: NodeJS.Signals): Promise<void>;
  /** Asks the daemon to reload its configuration file (capability reload). */
  reload(): Promise<void>;
  /** Stops and starts the daemon with the same settings, or new ones (capability restart). */
  restart(request?: StartRequest): Promise<StartOutcome>;
  /** One GET from inside the daemon's private network namespace (capability netns; a start with `netns`). */
  probeInNetns(probe: NetnsProbe): Promise<NetnsReply>;
  /** Kills the daemon without a clean shutdown; resolves with its exit code (capability signal). */
  kill(): Promise<number | null>;
  /** Stops the daemon cleanly (or disconnects, for targets the suite did not start). */
  stop(): Promise<void>;
}

export type StartOutcome =
  | { readonly ok: true; readonly instance: TargetInstance }
  /** The daemon refused to start: its exit code and what it printed. */
  | { readonly ok: false; readonly exitCode: number | null; readonly output: string };

/** The kinds of target, defined once with the report model that records them. */
export type { TargetKind };

/** Something the suites can run against. */
export interface Target {
  /** As given on the command line: "sim", "sim-process", "daemon:/path", "endpoint:unix:///…", "openai:http://…". */
  readonly spec: string;
  readonly kind: TargetKind;
  /** What the suites may do with it; a rule that requires more is skipped, naming what is missing. */
  readonly capabilities: ReadonlySet<Capability>;
  /** The interfaces it has: rules about another surface are skipped on it. */
  readonly surfaces: ReadonlySet<Surface>;
  /** Why it lacks a surface, where that is more than its absence (Podman has a process, but not dockerd's). */
  readonly surfaceGaps?: Readonly<Partial<Record<Surface, string>>>;
  /**
   * For ctrd-sim only: the flags of its own that every start passes (--emulate, --brand, --quirk,
   * --as-observed, --fault…), from which the run reads the quirks it carries. Absent for any other target.
   */
  readonly simulatorArgs?: readonly string[];
  start(request?: StartRequest): Promise<StartOutcome>;
}

export type TargetErrorCode =
  | 'TARGET_SPEC'
  | 'TARGET_START'
  | 'TARGET_UNREACHABLE'
  | 'TARGET_NOT_CONFIGURABLE'
  | 'TARGET_NOT_CAPABLE'
  | 'TARGET_TRANSCRIPT'
  | 'TARGET_PROFILE'
  /** What the target runs was never provisioned on this machine (the message names the script that does it). */
  | 'TARGET_NOT_PROVISIONED';

export class TargetError extends Error {
  override readonly name = 'TargetError';
  constructor(
    readonly code: TargetErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The error an operation raises on a target that lacks the capability for it. */
export const notCapable = (spec: string, capability: Capability, operation: string): TargetError =>
  new TargetError('TARGET_NOT_CAPABLE', `${spec} cannot ${operation} (it lacks the capability "${capability}")`);
