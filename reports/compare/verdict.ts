import type { ResultStatus, RuleResult } from '../model/result.js';
import type { RuleVerdict, VerdictCell } from './comparison.js';

/** When a rule's results differ, the first status in this list is its verdict. */
const PRECEDENCE: readonly ResultStatus[] = ['fail', 'error', 'pass', 'skipped', 'not-applicable'];

const firstLine = (text: string | undefined): string | null => {
  const line = text?.trim().split('\n')[0]?.trim();
  return line === undefined || line === '' ? null : line;
};

/** The distinct API versions of some results, in their order (null: the place not tied to a version). */
const placesOf = (results: readonly RuleResult[]): (string | null)[] => [...new Set(results.map((r) => r.api))];

/**
 * The verdict of one rule on one implementation from the rule's results there (empty: not run),
 * with the link to its evidence (`evidence`, or null).
 */
export function verdictOf(results: readonly RuleResult[], evidence: string | null): VerdictCell {
  const counts: Record<ResultStatus, number> = { pass: 0, fail: 0, error: 0, skipped: 0, 'not-applicable': 0 };
  for (const r of results) counts[r.status] += 1;
  const verdict: RuleVerdict = PRECEDENCE.find((s) => counts[s] > 0) ?? 'not-run';
  const decisive = verdict === 'pass' || verdict === 'not-run' ? undefined : results.find((r) => r.status === verdict);
  const reason =
    decisive === undefined
      ? null
      : verdict === 'fail' || verdict === 'error'
        ? (firstLine(decisive.evidence.summary) ?? firstLine(decisive.evidence.reason))
        : (firstLine(decisive.evidence.reason) ?? firstLine(decisive.evidence.summary));
  return {
    verdict,
    counts,
    failing: placesOf(results.filter((r) => r.status === 'fail')),
    erring: placesOf(results.filter((r) => r.status === 'error')),
    judged: placesOf(results.filter((r) => r.status === 'pass' || r.status === 'fail' || r.status === 'error')).length,
    reason,
    evidence: verdict === 'not-run' ? null : evidence,
  };
}
