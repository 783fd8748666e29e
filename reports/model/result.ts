/** The one result model every renderer reads. Plain data, JSON-serialisable. */

export type ResultStatus = 'pass' | 'fail' | 'not-applicable' | 'skipped' | 'error';

export interface HttpExchange {
  readonly request: string; // e.g. "GET /v1.12/version"
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** The first bytes of the body. */
  readonly body?: string;
}

export interface Counterexample {
  /** fast-check seed and path: `fc.assert(prop, { seed, path })` replays exactly this case. */
  readonly seed: number;
  readonly path: string;
  /** The generated input, printed. */
  readonly input: string;
  readonly numRuns: number;
}

export interface Evidence {
  /** One sentence: what was expected and what happened. */
  readonly summary: string;
  readonly exchanges?: readonly HttpExchange[];
  readonly counterexample?: Counterexample;
  /** Why a result is not-applicable, skipped or an error. */
  readonly reason?: string;
}

export interface RuleResult {
  readonly rule: string;
  /** API version the result is about, or null for rules not tied to one. */
  readonly api: string | null;
  readonly status: ResultStatus;
  readonly evidence: Evidence;
  readonly durationMs: number;
}

export interface RuleSummary {
  readonly id: string;
  readonly title: string;
  readonly source: 'document' | 'implementation';
  readonly section: string;
  readonly reading?: string;
}

export interface TargetDescription {
  /** How the target was named on the command line, e.g. "sim", "daemon:/usr/sbin/dockerd". */
  readonly spec: string;
  readonly kind: 'in-process' | 'process' | 'endpoint' | 'replay' | 'container';
  readonly profile: 'ctr' | 'docker';
  /** Version string the target reports in /version, or null if it could not be read. */
  readonly version: string | null;
  /** Release series the expectations were taken from, or null when unknown. */
  readonly release: string | null;
  readonly apiRange: { readonly min: string; readonly max: string } | null;
}

export interface ConformanceReport {
  readonly tool: { readonly name: 'ctr-conformance'; readonly version: string };
  readonly target: TargetDescription;
  readonly seed: number;
  readonly numRuns: number;
  readonly startedAt: string;
  readonly durationMs: number;
  /** API versions that are the columns of the matrix, oldest first. */
  readonly apiVersions: readonly string[];
  readonly rules: readonly RuleSummary[];
  readonly results: readonly RuleResult[];
  readonly totals: Readonly<Record<ResultStatus, number>>;
}
