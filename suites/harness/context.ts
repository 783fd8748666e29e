import type { DaemonRelease } from '../../specs/versions.js';
import type { HttpClient } from '../http/client.js';
import type { Profile } from '../profiles.js';
import type { TargetFacts } from '../targets/facts.js';
import type { Target, TargetInstance } from '../targets/target.js';

/** Everything a check may use. Expectations come from the release table when the release is known. */
export interface SuiteContext {
  readonly target: Target;
  readonly instance: TargetInstance;
  readonly client: HttpClient;
  readonly facts: TargetFacts;
  readonly release: DaemonRelease | null;
  readonly profile: Profile;
  /** Oldest and newest API versions the target must serve. */
  readonly expectedMin: string;
  readonly expectedMax: string;
  readonly numRuns: number;
  /** Runs for properties that start a daemon per case. */
  readonly numStarts: number;
}
