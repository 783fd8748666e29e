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

export interface Applicability {
  /** API versions the rule is checked at (intersected with the target's own range). */
  readonly api?: VersionRange;
  /** Daemon releases the rule applies to (release series such as "20.10", "28.5"). */
  readonly releases?: VersionRange;
  /** Platforms the rule applies to. */
  readonly platforms: readonly Platform[];
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

export type Area = 'api-versioning';

export interface Rule {
  /** Stable id: dotted, lower-case, never reused. */
  readonly id: string;
  readonly title: string;
  readonly area: Area;
  readonly source: RuleSource;
  /**
   * How this catalogue reads the source where it is ambiguous, quotes client output, or where
   * the rule is taken from the real implementation because the document is silent.
   */
  readonly reading?: string;
  readonly applies: Applicability;
  readonly binding: ApiBinding;
  /** The expected outcome and how it depends on the API version or release. */
  readonly expectation: string;
  readonly testability: Testability;
}
