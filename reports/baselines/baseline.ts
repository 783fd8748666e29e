import type { ConformanceReport, ResultStatus } from '../model/result.js';

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

/** Each cell's worst status (a cell may hold several results) and that result's summary. */
function worstByCell(report: ConformanceReport): Map<string, { status: ResultStatus; summary: string }> {
  const cells = new Map<string, { status: ResultStatus; summary: string }>();
  for (const result of report.results) {
    const key = cellKey(result.rule, result.api);
    const seen = cells.get(key);
    if (seen === undefined || BADNESS[result.status] > BADNESS[seen.status]) cells.set(key, { status: result.status, summary: result.evidence.summary });
  }
  return cells;
}

export function baselineOf(report: ConformanceReport): Baseline {
  const cells: Record<string, ResultStatus> = {};
  for (const [key, { status }] of worstByCell(report)) cells[key] = status;
  return { format: 'ctr-conformance-baseline/1', target: report.target.spec, cells };
}

export function compareWithBaseline(report: ConformanceReport, baseline: Baseline): BaselineComparison {
  const regressions: string[] = [];
  const improvements: string[] = [];
  for (const [key, { status, summary }] of worstByCell(report)) {
    const before = baseline.cells[key];
    const now = BADNESS[status];
    if (before === undefined) {
      if (now === 2) regressions.push(`${key}: ${status} (new) — ${summary}`);
    } else if (now > BADNESS[before]) {
      regressions.push(`${key}: ${before} → ${status} — ${summary}`);
    } else if (now < BADNESS[before]) {
      improvements.push(`${key}: ${before} → ${status}`);
    }
  }
  return { regressions, improvements };
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
