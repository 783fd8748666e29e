import type { ConformanceReport, RuleResult } from '../reports/model/result.js';

/**
 * What a cell's own evidence contradicts in its status, by how the suite writes evidence
 * (suites/harness/property.ts, suites/run/evaluate-cell.ts): a pass never carries a
 * counterexample, a reason or a rerun line, and a pass that ranges over documented items reached
 * at least one; a cell that was not judged (not applicable, skipped, error) says why, and carries no
 * counterexample of a failure; only a failure is a known deviation; only a judged cell has a
 * verdict by the other reading. A status edited in a report without its evidence breaks one of
 * these (a failure relabelled as a pass keeps its counterexample). Returns one line per
 * contradicting cell, empty when there is none.
 */
export function evidenceContradictions(report: ConformanceReport): string[] {
  return report.results.flatMap((result) => {
    const found = contradictions(result);
    return found.length === 0 ? [] : [`${cellName(result)} is ${result.status}, but ${found.join('; ')}`];
  });
}

function contradictions(result: RuleResult): string[] {
  const { status, evidence, coverage } = result;
  const found: string[] = [];
  const judged = status === 'pass' || status === 'fail';
  if (status === 'pass') {
    if (evidence.counterexample !== undefined) found.push('its evidence holds a counterexample');
    if (evidence.reason !== undefined) found.push(`its evidence gives a reason for not judging it (${JSON.stringify(evidence.reason)})`);
    if (evidence.rerun !== undefined) found.push('its evidence holds the rerun line of a failing cell');
    if (coverage !== undefined && coverage.generated.length === 0)
      found.push(`its coverage says no case reached any of its ${coverage.items} documented items`);
  }
  if (!judged) {
    if (evidence.reason === undefined || evidence.reason.trim() === '') found.push('its evidence gives no reason');
    if (status !== 'error' && evidence.counterexample !== undefined) found.push('its evidence holds a counterexample');
    if (result.otherReading !== undefined) found.push('it has a verdict by the other reading');
  }
  if (result.knownDeviation === true && status !== 'fail') found.push('it is labelled a known deviation, which only a failure is');
  return found;
}

const cellName = (result: RuleResult): string =>
  `${result.rule}${result.api === null ? '' : ` at API ${result.api}`}${
    result.axes === undefined
      ? ''
      : ` (${Object.entries(result.axes)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')})`
  }`;
