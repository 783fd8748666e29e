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
 * The release a target claims on the wire (GET /version's Version, or, for another vendor's
 * engine, the dockerd release of the API version it claims): its series, nothing more. What a
 * check generates may turn on the document's own version qualifiers ("28.3.0 and later") read
 * against it, never on what the release is known to have: the per-release facts of specs/ serve
 * the simulator and the report's labels.
 */
export interface ClaimedRelease {
  readonly release: string;
}

/**
 * What real daemons of the series were observed to do, for the expectations of `implementation`
 * rules only (the rule rests on the observation): null for document rules, and where nothing of
 * the series was observed. Never an input: what such a rule generates comes from its own items.
 */
export interface ObservedFacts {
  readonly legacyPlainTextErrors: boolean | null;
  readonly legacyPlainTextNotFound: boolean | null;
  readonly headerLineLimit: number | 'none' | null;
  /** Whether the release has the long option (its observed flag list, else the option's known releases). */
  hasOption(name: string): boolean;
  /** Whether the release's configuration file has the key. */
  hasFileKey(key: string): boolean;
}

/**
 * Everything a check may use. `expectedMin` and `expectedMax` come from the version matrix for the
 * claimed release, else from what the target reports, and throw `Unjudgeable` (the cell is
 * skipped) when it reports nothing either.
 */
export interface SuiteContext {
  readonly target: Target;
  readonly instance: TargetInstance;
  readonly client: CheckClient;
  readonly facts: TargetFacts;
  readonly release: ClaimedRelease | null;
  readonly observed: ObservedFacts | null;
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
