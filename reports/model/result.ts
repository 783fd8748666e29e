/** The one result model every renderer reads. Plain data, JSON-serialisable. */

export type ResultStatus = 'pass' | 'fail' | 'not-applicable' | 'skipped' | 'error';

export interface HttpExchange {
  readonly request: string; // e.g. "GET /v1.12/version"
  /** Where the request went: "unix:///path/to.sock" or "http://127.0.0.1:2375". */
  readonly endpoint?: string;
  /** The body sent with the request, when there was one (first bytes). */
  readonly requestBody?: string;
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
  /** A command line that reruns exactly this cell (failing and erring cells). */
  readonly rerun?: string;
  /** A curl command that sends the request that decided the cell again. */
  readonly curl?: string;
  /** When `curl`'s address is gone after the run (a temporary socket, a recording): why, and how to send it again. */
  readonly curlAfterRun?: CurlAfterRun;
}

/** How to send a curl line again once the address it names is gone. */
export interface CurlAfterRun {
  /** One sentence: which address was temporary (or never a daemon), and what the commands do. */
  readonly note: string;
  /** Command lines to paste, in order (a server to start, then the curl line against it); may be empty. */
  readonly commands: readonly string[];
}

/** Which documented items (options, keys, fields, forms) the cell's generator reached. */
export interface Coverage {
  readonly items: number;
  readonly generated: readonly string[];
  readonly missing: readonly string[];
}

/** The verdict of a rule's other reading of an ambiguous document, shown beside the strict one. */
export interface OtherReadingVerdict {
  readonly status: ResultStatus;
  readonly summary: string;
}

export interface RuleResult {
  readonly rule: string;
  /** API version the result is about, or null for rules not tied to one. */
  readonly api: string | null;
  /** Values of the cell's other axes (beyond the API version), when the rule has any. */
  readonly axes?: Readonly<Record<string, string>>;
  readonly status: ResultStatus;
  readonly evidence: Evidence;
  readonly durationMs: number;
  /** Rules whose generator ranges over documented items: which the run generated. */
  readonly coverage?: Coverage;
  /** Rules with two readings of the document: the verdict by the other (less strict) reading. */
  readonly otherReading?: OtherReadingVerdict;
  /**
   * A failing cell that one of its rule's `knownDeviations` covers: still a failure (the totals
   * count it as one), labelled so that a reader sees the release is known to do this.
   */
  readonly knownDeviation?: true;
}

/** A rule's level in the catalogue: the document's requirement, its statement of fact, or what the real releases do. */
export type RuleLevel = 'must' | 'descriptive' | 'implementation';

export interface RuleSummary {
  readonly id: string;
  readonly title: string;
  readonly source: 'document' | 'implementation';
  readonly section: string;
  /** The catalogue's level: must and descriptive rules decide a certification (reports/certification-verdict.ts); absent in older reports. */
  readonly level?: RuleLevel;
  /** The catalogue's area of the rule (absent in older reports: the id's first segment stands in). */
  readonly area?: string;
  /**
   * The catalogue's surface: the interface of the target the rule speaks of (daemon-api,
   * daemon-process, model-runner-api, model-runner-service). Absent in older reports.
   */
  readonly surface?: string;
  readonly reading?: string;
  /** The other reading of an ambiguous document (the verdict follows `reading`, the stricter one). */
  readonly otherReading?: string;
  /** API versions from which the rule's expected outcome changes (the matrix draws the boundary). */
  readonly boundaries?: readonly string[];
  /** Where the target's release is known to break the rule (specs/known-deviations.ts); absent when nowhere. */
  readonly knownDeviations?: readonly KnownDeviationNote[];
}

/** A known deviation of the target's release from one rule, as the report records it. */
export interface KnownDeviationNote {
  /** The implementation it was observed on, e.g. "dockerd" (absent in older reports, which were all dockerd's). */
  readonly implementation?: string;
  /** The release series it was observed on, e.g. "28.5". */
  readonly release: string;
  /** The API versions of the deviating cells; null: every cell of the rule. */
  readonly apis: readonly string[] | null;
  /** What the release does. */
  readonly what: string;
  /** How it was observed (the release's own output where it matters). */
  readonly evidence?: string;
  /** The words the rule rests on: the document's quote, or an implementation rule's expectation. */
  readonly ruleSays: string;
}

/**
 * Whether the target is the implementation its release's known deviations were observed on. An
 * engine judged by the API version it claims (`judgedAs`: Podman judged as dockerd 20.10) is not:
 * dockerd's deviations say nothing of it, and no label of dockerd's may explain its failures.
 */
export const knownDeviationsApply = (target: Pick<TargetDescription, 'judgedAs'>): boolean => target.judgedAs === undefined;

/** "dockerd 28.5": the implementation and release a note was observed on (the release alone in older reports). */
export const observedOn = (note: Pick<KnownDeviationNote, 'implementation' | 'release'>): string =>
  note.implementation === undefined ? note.release : `${note.implementation} ${note.release}`;

/** What a report's known-deviation labels name: the implementations and releases of its notes, else its release. */
export function knownDeviationsObservedOn(report: Pick<ConformanceReport, 'rules' | 'target'>): string {
  const seen = new Set(report.rules.flatMap((rule) => (rule.knownDeviations ?? []).map(observedOn)));
  return seen.size > 0 ? [...seen].join(', ') : (report.target.release ?? 'the release');
}

/** The report without known-deviation labels: what a renderer shows of a target the labels do not apply to (knownDeviationsApply). */
export function withoutKnownDeviations(report: ConformanceReport): ConformanceReport {
  return {
    ...report,
    rules: report.rules.map(({ knownDeviations: _, ...rule }) => rule),
    results: report.results.map(({ knownDeviation: _, ...result }) => result),
  };
}

/** Whether a known deviation covers the cell of `api`. */
export const deviationCovers = (note: Pick<KnownDeviationNote, 'apis'>, api: string | null): boolean =>
  note.apis === null || (api !== null && note.apis.includes(api));

/** How a target is reached or run. The Target adapters (suites/targets) use this very union. */
export const TARGET_KINDS = ['in-process', 'process', 'endpoint', 'replay', 'container', 'openai'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

export interface ApiRange {
  readonly min: string;
  readonly max: string;
}

/** What the target itself said: /version's MinAPIVersion and ApiVersion, or /_ping's Api-Version. */
export interface ObservedApiRange {
  readonly min: string | null;
  readonly max: string | null;
  /** Where it was read: GET /version (MinAPIVersion, ApiVersion) or GET /_ping (Api-Version, the maximum only). */
  readonly source: 'version' | 'ping';
}

export interface TargetDescription {
  /** How the target was named on the command line, e.g. "sim", "daemon:/usr/sbin/dockerd". */
  readonly spec: string;
  readonly kind: TargetKind;
  readonly profile: 'ctr' | 'docker';
  /** Version string the target reports in /version, or null if it could not be read. */
  readonly version: string | null;
  /** Release series the expectations were taken from, or null when unknown. */
  readonly release: string | null;
  /** The API range the release table gives for `release`; null when the release is unknown. */
  readonly apiRange: ApiRange | null;
  /** The API range the target reported itself; null when it reported none. */
  readonly observedApiRange: ObservedApiRange | null;
  /** The interfaces the target has (daemon-api, model-runner-api, daemon-process). */
  readonly surfaces: readonly string[];
  /** What the suites could do with it (start, signal, reload, restart, logs, tls, netns, wire). */
  readonly capabilities: readonly string[];
  /** The quirks the simulator carried (`--quirk`, `--as-observed`: specs/quirks); absent when none. */
  readonly quirks?: readonly string[];
  /**
   * For an engine that is not dockerd (Podman): what it is and the API version it was judged by,
   * as its release is not in the dockerd release table.
   */
  readonly judgedAs?: string;
  /** Present when no real daemon of the release was observed here: its expectations come from moby's source alone. */
  readonly notObserved?: string;
  /** For a target that is only an OpenAI-compatible server: which engine its answers showed. */
  readonly engine?: {
    /** e.g. "llama.cpp (llama-server)"; null when no sign, or conflicting signs, were seen. */
    readonly name: string | null;
    readonly version: string | null;
    /** What was seen, one line per sign. */
    readonly evidence: readonly string[];
  };
}

/** The time limits of the run, in milliseconds. */
export interface Deadlines {
  /** One HTTP request. */
  readonly requestMs: number;
  /** One cell (rule × API version). */
  readonly cellMs: number;
  /** The whole run. */
  readonly runMs: number;
}

/** Which part of a run a report holds (`run --shard K/N`): the K-th (from 1) of N. */
export interface ShardOfRun {
  readonly index: number;
  readonly count: number;
}

/**
 * The options a run was given that bear on its verdicts (besides the seed, numRuns and deadlines,
 * which the report holds already): what `merge` requires to be equal across shards, and what
 * `verify` replays a bundle with. `--concurrency`, `--out` and `-q` are left out: they change how
 * fast a run goes and where it writes, not what a cell finds.
 */
export interface RecordedOptions {
  /** The arguments that named the target: `--target SPEC` and any of --emulate, --fault, --quirk, --as-observed, --allow-remote. */
  readonly targetArgs: readonly string[];
  /** `--profile` as given; null when it was read from the target's headers. */
  readonly profile: 'ctr' | 'docker' | null;
  /** `--release` as given, or null. */
  readonly release: string | null;
  readonly numStarts: number;
  /** The `--only` entries as given; empty for every cell. */
  readonly only: readonly string[];
  /** `--path`, or null. */
  readonly path: string | null;
  /** false with `--no-shrink`. */
  readonly shrink: boolean;
}

/** One cell whose status changed against a baseline. */
export interface BaselineChange {
  readonly rule: string;
  readonly api: string | null;
  /** The baseline's status; null for a cell the baseline does not hold (a new cell). */
  readonly before: ResultStatus | null;
  readonly now: ResultStatus;
  /** The summary of the cell's worst result now. */
  readonly summary: string;
}

/** What a `--baseline` gate found: the run's exit code follows `passed`, and so does junit.xml. */
export interface BaselineOutcome {
  /** The baseline file as given. */
  readonly file: string;
  /** No regression. */
  readonly passed: boolean;
  /** Cells worse than the baseline says, or new cells that fail or err. */
  readonly regressions: readonly BaselineChange[];
  /** Cells better than the baseline says: time to update it. */
  readonly improvements: readonly BaselineChange[];
}

export interface ConformanceReport {
  readonly tool: { readonly name: 'ctr-conformance'; readonly version: string };
  readonly target: TargetDescription;
  readonly seed: number;
  readonly numRuns: number;
  /** The run's options (absent in reports written before they were recorded, and from `assembleReport` alone: `runToReport` records them). */
  readonly options?: RecordedOptions;
  /** The part of the run this report holds; absent for a whole run (and for a merge of the parts). */
  readonly shard?: ShardOfRun;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly deadlines: Deadlines;
  /** API versions that are the columns of the matrix, oldest first. */
  readonly apiVersions: readonly string[];
  readonly rules: readonly RuleSummary[];
  readonly results: readonly RuleResult[];
  readonly totals: Readonly<Record<ResultStatus, number>>;
  /** The regression gate of a run with `--baseline`; absent without one. */
  readonly baseline?: BaselineOutcome;
}

/** How an exchange shows a request body that is not text (a tarball): its size only. */
export const binaryBodyNote = (bytes: number): string => `(${bytes} bytes of binary data)`;
export const isBinaryBodyNote = (body: string): boolean => /^\(\d+ bytes of binary data\)$/.test(body);
