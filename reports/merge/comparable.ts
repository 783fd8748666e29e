import type { ConformanceReport } from '../model/result.js';

/**
 * The private directories a run makes for its targets (`/tmp/ctc-XXXXXX`, `/dev/shm/ctc-XXXXXX`,
 * made by mkdtemp): their names differ from run to run, and show in the exchanges' endpoints, the
 * curl lines and what a daemon says of its paths.
 */
const PRIVATE_DIR = /\/ctc-[A-Za-z0-9]{6}(?![A-Za-z0-9-])/g;

/**
 * A report with what differs between two runs of the same seed and options taken out: the fields
 * that name a moment (`startedAt`, `durationMs`, each result's `durationMs`) and the names of the
 * run's private temporary directories (replaced by `/ctc-XXXXXX`). Two reports of the same run,
 * however sharded, are equal in this form, cell by cell; so are a merge and the unsharded run.
 */
export function comparableReport(report: ConformanceReport): Omit<ConformanceReport, 'startedAt' | 'durationMs'> {
  const { startedAt: _s, durationMs: _d, ...rest } = report;
  const timeless = { ...rest, results: rest.results.map(({ durationMs: _r, ...result }) => ({ ...result, durationMs: 0 })) };
  return JSON.parse(JSON.stringify(timeless).replace(PRIVATE_DIR, '/ctc-XXXXXX')) as Omit<ConformanceReport, 'startedAt' | 'durationMs'>;
}
