/**
 * The comparison model: several reports side by side, one column per implementation, one row per
 * rule. Plain data, JSON-serialisable (no undefined anywhere, so that it round-trips).
 */
import type { ApiRange, ObservedApiRange, ResultStatus, RuleSummary, TargetDescription } from '../model/result.js';

/**
 * A rule's verdict on one implementation, over its API versions: `fail` when any of its results
 * fails, else `error` when one errs, else `pass` when one passes, else `skipped` when one is
 * skipped, else `not-applicable`; `not-run` when the report holds no result of the rule.
 */
export type RuleVerdict = 'pass' | 'fail' | 'error' | 'skipped' | 'not-applicable' | 'not-run';

export const RULE_VERDICTS: readonly RuleVerdict[] = ['pass', 'fail', 'error', 'skipped', 'not-applicable', 'not-run'];

/** The verdicts that judge an implementation's behaviour; skipped, not applicable and not run do not. */
export const isJudged = (verdict: RuleVerdict): boolean => verdict === 'pass' || verdict === 'fail' || verdict === 'error';

/** One cell: a rule on one implementation. */
export interface VerdictCell {
  readonly verdict: RuleVerdict;
  /** The rule's results on this implementation, per status. */
  readonly counts: Readonly<Record<ResultStatus, number>>;
  /** The API versions with a failing result (null: the place not tied to a version), in the report's order. */
  readonly failing: readonly (string | null)[];
  /** The API versions with an erring result. */
  readonly erring: readonly (string | null)[];
  /** The API versions (null included) with a pass, fail or error: what `failing` is counted of. */
  readonly judged: number;
  /** One line: why it failed (its first failing result), erred, was skipped or does not apply; null for pass and not run. */
  readonly reason: string | null;
  /** Where its evidence is: the implementation's report.html at the rule's anchor; null without an HTML report, or when not run. */
  readonly evidence: string | null;
}

/** One compared report. */
export interface ComparedImplementation {
  /** The column's name (unique): given, or made from the target (`dockerd 28.5`, `ctrd-sim 28.5`). */
  readonly label: string;
  /** The report.json it was read from, as given. */
  readonly source: string;
  /** Its report.html, as a link from the comparison's page; null when none sits beside report.json. */
  readonly report: string | null;
  readonly target: {
    readonly spec: string;
    readonly kind: TargetDescription['kind'];
    readonly profile: TargetDescription['profile'];
    readonly version: string | null;
    readonly release: string | null;
    readonly apiRange: ApiRange | null;
    readonly observedApiRange: ObservedApiRange | null;
  };
  readonly toolVersion: string;
  readonly seed: number;
  readonly numRuns: number;
  readonly startedAt: string;
  readonly totals: Readonly<Record<ResultStatus, number>>;
  /** Its rules per verdict, over every rule of the comparison (`not-run`: rules only other reports hold). */
  readonly verdicts: Readonly<Record<RuleVerdict, number>>;
}

/** One row. */
export interface ComparedRule {
  readonly id: string;
  readonly title: string;
  readonly source: RuleSummary['source'];
  readonly area: string;
  /** One per implementation, in column order. */
  readonly cells: readonly VerdictCell[];
  /** The implementations that judged the rule do not all reach the same verdict. */
  readonly differs: boolean;
  /** Every implementation judged it (pass, fail or error): the rule counts in the scores. */
  readonly scored: boolean;
  /** Every implementation passes it. */
  readonly interoperable: boolean;
}

/** The interoperability of a set of rules: of the rules every implementation judged, how many each passes and how many all pass. */
export interface Score {
  /** Rules in the set. */
  readonly rules: number;
  /** Rules every implementation judged: the denominator of the shares. */
  readonly scored: number;
  /** Scored rules every implementation passes. */
  readonly interop: number;
  /** Scored rules each implementation passes, in column order. */
  readonly passed: readonly number[];
  /** interop / scored; null when nothing is scored. */
  readonly interopShare: number | null;
  /** passed / scored per implementation; null when nothing is scored. */
  readonly passedShare: readonly (number | null)[];
}

export interface ComparedArea {
  readonly area: string;
  readonly score: Score;
  /** Rules that differ. */
  readonly differing: number;
  /** The rules that differ first, then the others; each part in the catalogue's order. */
  readonly rules: readonly ComparedRule[];
}

/**
 * The overall score: every scored rule counted once, whatever its area (the headline: an area
 * of two scored rules weighs no more than its two rules), and the mean of the areas' shares, as
 * the web platform's interop dashboards count.
 */
export interface OverallScore {
  readonly rules: Score;
  readonly meanOfAreas: {
    /** Areas with a scored rule: those the means are taken over. */
    readonly areas: number;
    readonly interopShare: number | null;
    readonly passedShare: readonly (number | null)[];
  };
}

export interface Comparison {
  readonly format: 'ctr-conformance-comparison/1';
  readonly implementations: readonly ComparedImplementation[];
  readonly areas: readonly ComparedArea[];
  readonly overall: OverallScore;
  /** What a reader should know before trusting the comparison: tool versions, depths that differ. */
  readonly warnings: readonly string[];
}
