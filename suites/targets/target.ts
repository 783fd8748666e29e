import type { Endpoint } from '../http/endpoint.js';

/** What a suite may ask of a start beyond the safe defaults. */
export interface StartRequest {
  /** Extra daemon flags. */
  readonly args?: readonly string[];
  /** Extra environment variables. */
  readonly env?: Readonly<Record<string, string>>;
  /** The configuration file's content; `{}` when absent. */
  readonly config?: Readonly<Record<string, unknown>>;
}

/** A daemon instance that is serving. */
export interface TargetInstance {
  readonly endpoint: Endpoint;
  /** What the daemon printed so far (empty for endpoints). */
  output(): string;
  stop(): Promise<void>;
}

export type StartOutcome =
  | { readonly ok: true; readonly instance: TargetInstance }
  /** The daemon refused to start: its exit code and what it printed. */
  | { readonly ok: false; readonly exitCode: number | null; readonly output: string };

/** Something the suites can run against. Adapters: in-process simulator, spawned binary, running endpoint, replayed transcript. */
export interface Target {
  /** As given on the command line: "sim", "sim-process", "daemon:/path", "endpoint:unix:///…". */
  readonly spec: string;
  readonly kind: 'in-process' | 'process' | 'endpoint' | 'replay' | 'container';
  /** Whether `start` honours a StartRequest (endpoints cannot be restarted with other settings). */
  readonly configurable: boolean;
  /** Whether it takes anything a wire takes: raw bytes, paths like "//x" (false for a replayed transcript). */
  readonly wire: boolean;
  start(request?: StartRequest): Promise<StartOutcome>;
}

export class TargetError extends Error {
  override readonly name = 'TargetError';
  constructor(
    readonly code: 'TARGET_SPEC' | 'TARGET_START' | 'TARGET_UNREACHABLE' | 'TARGET_NOT_CONFIGURABLE' | 'TARGET_TRANSCRIPT' | 'TARGET_PROFILE',
    message: string,
  ) {
    super(message);
  }
}
