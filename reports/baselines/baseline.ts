import type { BaselineChange, BaselineOutcome, ConformanceReport, ResultStatus } from '../model/result.js';

/**
 * The statuses a target is known to have, cell by cell: a regression gate fails when a result
 * changes for the worse, not on a known gap (a vendor's accepted deviation stays `fail` in the
 * report and passes the gate).
 */
export interface Baseline {
  readonly format: 'ctr-conformance-baseline/1';
  readonly target: string;
  /** "rule@api" (api "none" for rules not tied to one) → status. */
  readonly cells: Readonly<Record<string, ResultStatus>>;
}

export interface BaselineComparison {
  /** Cells now worse than the baseline says (or new cells that fail). */
  readonly regressions: readonly string[];
  /** Cells now better than the baseline says: time to update it. */
  readonly improvements: readonly string[];
}

const cellKey = (rule: string, api: string | null): string => `${rule}@${api ?? 'none'}`;

/** How bad a status is for a gate: a failure or error is worse than anything that did not fail. */
const BADNESS: Readonly<Record<ResultStatus, number>> = { pass: 0, 'not-applicable': 0, skipped: 1, fail: 2, error: 2 };

interface WorstCell {
  readonly rule: string;
  readonly api: string | null;
  readonly status: ResultStatus;
  readonly summary: string;
}

/** Each cell's worst status (a cell may hold several results) and that result's summary. */
function worstByCell(report: ConformanceReport): Map<string, WorstCell> {
  const cells = new Map<string, WorstCell>();
  for (const result of report.results) {
    const key = cellKey(result.rule, result.api);
    const seen = cells.get(key);
    if (seen === undefined || BADNESS[result.status] > BADNESS[seen.status])
      cells.set(key, { rule: result.rule, api: result.api, status: result.status, summary: result.evidence.summary });
  }
  return cells;
}

/** Whether a cell with `status` now is a regression against a baseline that says `before` (undefined: a new cell). */
export const isRegression = (before: ResultStatus | undefined, now: ResultStatus): boolean =>
  before === undefined ? BADNESS[now] === 2 : BADNESS[now] > BADNESS[before];

/** The gate's outcome, cell by cell: what report.json, report.html, junit.xml and the console all show. */
export function baselineOutcome(report: ConformanceReport, baseline: Baseline, file: string): BaselineOutcome {
  const regressions: BaselineChange[] = [];
  const improvements: BaselineChange[] = [];
  for (const [key, cell] of worstByCell(report)) {
    const before = baseline.cells[key];
    const change = { rule: cell.rule, api: cell.api, before: before ?? null, now: cell.status, summary: cell.summary };
    if (isRegression(before, cell.status)) regressions.push(change);
    else if (before !== undefined && BADNESS[cell.status] < BADNESS[before]) improvements.push(change);
  }
  return { file, passed: regressions.length === 0, regressions, improvements };
}

/** A change as the console prints it: "rule@api: pass → fail — summary" ("fail (new)" for a new cell). */
export function changeText(change: BaselineChange, withSummary = true): string {
  const key = cellKey(change.rule, change.api);
  const what = change.before === null ? `${change.now} (new)` : `${change.before} → ${change.now}`;
  return `${key}: ${what}${withSummary ? ` — ${change.summary}` : ''}`;
}

export function baselineOf(report: ConformanceReport): Baseline {
  const cells: Record<string, ResultStatus> = {};
  for (const [key, { status }] of worstByCell(report)) cells[key] = status;
  return { format: 'ctr-conformance-baseline/1', target: report.target.spec, cells };
}

export function compareWithBaseline(report: ConformanceReport, baseline: Baseline): BaselineComparison {
  const outcome = baselineOutcome(report, baseline, '');
  return { regressions: outcome.regressions.map((c) => changeText(c)), improvements: outcome.improvements.map((c) => changeText(c, false)) };
}

export function isBaseline(value: unknown): value is Baseline {
  const b = value as Partial<Baseline> | null;
  return (
    typeof b === 'object' &&
    b !== null &&
    b.format === 'ctr-conformance-baseline/1' &&
    typeof b.cells === 'object' &&
    b.cells !== null &&
    Object.values(b.cells).every((s) => typeof s === 'string' && s in BADNESS)
  );
}
