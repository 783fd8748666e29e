import type { DaemonRelease } from '../../specs/versions.js';
import type { HttpExchange } from '../../reports/model/result.js';
import type { HttpReply, RequestOptions } from '../http/client.js';
import type { Endpoint } from '../http/endpoint.js';
import type { Profile } from '../profiles.js';
import type { TargetFacts } from '../targets/facts.js';
import type { Target, TargetInstance } from '../targets/target.js';

/**
 * What a check sends requests with. The runner gives each cell its own: bound to the cell's
 * deadline (a request after it is refused at once) and remembering every exchange, so that a
 * passing cell can show the exchanges of its last generated case.
 */
export interface CheckClient {
  readonly endpoint: Endpoint;
  request(method: string, path: string, options?: RequestOptions): Promise<HttpReply>;
  /** Records an exchange sent outside this client (raw bytes), so that the cell's evidence shows it. */
  note?(exchange: HttpExchange): void;
}

export interface ClosableCheckClient extends CheckClient {
  close(): void;
}

/**
 * Everything a check may use. Expectations come from the release table when the release is
 * known; `expectedMin` and `expectedMax` fall back on what the target reports, and throw
 * `Unjudgeable` (the cell is skipped) when it reports nothing either.
 */
export interface SuiteContext {
  readonly target: Target;
  readonly instance: TargetInstance;
  readonly client: CheckClient;
  readonly facts: TargetFacts;
  readonly release: DaemonRelease | null;
  readonly profile: Profile;
  /** Oldest and newest API versions the target must serve. */
  readonly expectedMin: string;
  readonly expectedMax: string;
  readonly numRuns: number;
  /** Runs for properties that start a daemon per case. */
  readonly numStarts: number;
  /** Aborted when the cell's deadline, or the run's, passes: stop and let go of what was started. */
  readonly signal: AbortSignal;
  /** A client for another instance the check started, bound to the same deadline and journal. */
  clientFor(endpoint: Endpoint): ClosableCheckClient;
}
