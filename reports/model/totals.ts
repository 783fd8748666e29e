import type { ResultStatus, RuleResult } from './result.js';

/** How many results have each status: the `totals` of a report. */
export function totalsOf(results: readonly RuleResult[]): Record<ResultStatus, number> {
  const totals: Record<ResultStatus, number> = { pass: 0, fail: 0, 'not-applicable': 0, skipped: 0, error: 0 };
  for (const result of results) totals[result.status] += 1;
  return totals;
}
