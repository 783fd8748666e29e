/** The vocabulary of the rule catalogue. Data only: nothing here behaves. */

/** Where a rule comes from. Reports keep document rules and implementation rules apart. */
export type RuleSource =
  | {
      readonly kind: 'document';
      readonly document: 'daemon.md' | 'model-runner-api.md';
      /** Section path inside the document, e.g. "Versioning › 2". */
      readonly section: string;
      /** The words of the document the rule rests on. */
      readonly quote: string;
    }
  | {
      readonly kind: 'implementation';
      /** Public source (repository, file) or observation the rule rests on. */
      readonly reference: string;
      /** What was observed on real daemons on this machine, when it was. */
      readonly observed?: string;
    };

export type Platform = 'linux' | 'windows';

/** Inclusive bounds; a missing bound is open. Versions are dotted strings ("1.24", "25.0"). */
export interface VersionRange {
  readonly min?: string;
  readonly max?: string;
}

/**
 * Which interface of the target a rule speaks of: the daemon's HTTP API, the model runner's
 * OpenAI-compatible API (inference under one base path, as any OpenAI-compatible server has it),
 * the model runner service as a whole (model management, the /engines routing, the daemon
 * socket's prefix, its store), or the daemon as a process (flags, files, signals, exit codes).
 */
export type Surface = 'daemon-api' | 'model-runner-api' | 'model-runner-service' | 'daemon-process';

/**
 * How strongly the rule binds: a requirement of the document (its MUST-like statements), a
 * descriptive statement of the document, or behaviour observed on the real implementation where
 * the document is silent.
 */
export type RuleLevel = 'must' | 'descriptive' | 'implementation';

/**
 * What a target must be able to do for a rule to be checked on it. A target that lacks one gets
 * the rule `skipped`, with the capability named.
 * - start: start the daemon with flags, environment and a configuration file of the suite's choosing
 * - exit: see how a daemon that does not serve ended (its exit code and its last output)
 * - signal, reload, restart, logs: act on a daemon the suite started, read what it logged
 * - tls: reach a TLS listener with client credentials
 * - netns: start the daemon inside a private network namespace the suite creates, and reach its
 *   TCP listeners there
 * - plugins: start the daemon with a plugin directory of the suite's (authorization plugins)
 * - wire: take raw bytes and unclean paths (a recording cannot)
 * - objects: let the suite create images and containers and read what they became: their answers
 *   change from case to case (new ids, lists, an events window of the moment), which a recording
 *   keyed by request cannot answer
 */
export type Capability = 'start' | 'exit' | 'signal' | 'reload' | 'restart' | 'logs' | 'tls' | 'netns' | 'plugins' | 'wire' | 'objects' | 'umask';

export const CAPABILITIES: readonly Capability[] = [
  'start',
  'exit',
  'signal',
  'reload',
  'restart',
  'logs',
  'tls',
  'netns',
  'plugins',
  'wire',
  'objects',
  'umask',
];

/** The axes of a rule's applicability. A cell is checked only where every axis admits it. */
export interface Applicability {
  /** API versions the rule is checked at (intersected with the target's own range). */
  readonly api?: VersionRange;
  /** Daemon releases the rule applies to (release series such as "20.10", "28.5"). */
  readonly releases?: VersionRange;
  /** Platforms the rule applies to. */
  readonly platforms: readonly Platform[];
  /** The interface the rule speaks of. */
  readonly surface: Surface;
  /** Releases explicitly excluded inside the range, with why. */
  readonly exceptReleases?: readonly { readonly release: string; readonly why: string }[];
}

/** Whether the rule can be checked on this machine; when not, why. */
export type Testability = { readonly testable: true } | { readonly testable: false; readonly why: string };

/** How the rule's expected outcome is tied to API versions in a report. */
export type ApiBinding =
  /** Checked once per API version of the target's range (plus the versions around it). */
  | 'per-version'
  /** Checked once, not tied to one API version. */
  | 'version-independent';

/**
 * A rule area: one folder in specs/rules/, suites/ and simulator/. Open: every area issue adds
 * one (see AREAS in specs/areas.ts).
 */
export type Area = string;

export interface Rule {
  /** Stable id: dotted, lower-case, never reused. */
  readonly id: string;
  readonly title: string;
  readonly area: Area;
  readonly level: RuleLevel;
  readonly source: RuleSource;
  /**
   * How this catalogue reads the source where it is ambiguous, quotes client output, or where
   * the rule is taken from the real implementation because the document is silent.
   */
  readonly reading?: string;
  /**
   * Where the document is ambiguous, the other reading. `reading` is then the stricter one, which
   * decides the verdict; the check is also judged by this one, and the report shows that verdict
   * beside it.
   */
  readonly otherReading?: string;
  readonly applies: Applicability;
  readonly binding: ApiBinding;
  /**
   * API versions from which a per-version rule's expected outcome changes (a field omitted from
   * 1.45 on: ["1.45"]). Reports draw the boundary in the matrix.
   */
  readonly boundaries?: readonly string[];
  /** Target capabilities the check needs. */
  readonly requires: readonly Capability[];
  /**
   * Whether the expected outcome depends on the release (its API range, its messages, its
   * quirks). Such a rule is never judged by a target's own claims: on a release the table does
   * not know it is skipped unless `--release` names one.
   */
  readonly releaseDependent: boolean;
  /** The expected outcome and how it depends on the API version or release. */
  readonly expectation: string;
  readonly testability: Testability;
}
