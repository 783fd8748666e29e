import type { Baseline } from '../../reports/baselines/baseline.js';
import { baselineOutcome } from '../../reports/baselines/baseline.js';
import { assembleReport } from './assemble-report.js';
import { withCurlAfterRun } from './curl-after-run.js';
import { withEngineDeviations, withKnownDeviations, type DeviationSource } from './known-deviations.js';
import { recordedOptions, targetArgsOf, withRunRecord, type RecordedReport } from './run-record.js';
import { runSuites, type RunOptions, type SuiteRun } from './run-suites.js';

export interface ReportOptions extends RunOptions {
  /** The file the run's transcript (`recorder`) is written to, named by the curl lines of failing cells. */
  readonly recordedTo?: string;
  /** A baseline to gate on: the report records what the gate found (`baseline`). */
  readonly baseline?: { readonly file: string; readonly expected: Baseline };
}

/** A run and its report. */
export interface ReportedRun {
  readonly report: RecordedReport;
  readonly run: SuiteRun;
}

/**
 * Runs the suites and builds the report `run` and `certify` write: the report model, the known
 * deviations the target can show (a real release all of its own; the simulator those whose
 * observed quirk it carries, read from the target's own flags; a bare engine its build's), the curl lines that outlive the
 * run, the run's options and shard, and the baseline gate's outcome.
 */
export async function runToReport(options: ReportOptions): Promise<ReportedRun> {
  const run = await runSuites(options);
  const source: DeviationSource = options.target.simulatorArgs === undefined ? { kind: 'release' } : { kind: 'simulator', quirks: run.target.quirks ?? [] };
  const labelled = withEngineDeviations(withKnownDeviations(assembleReport(run), source));
  const withCurl = withCurlAfterRun(labelled, {
    targetArgs: targetArgsOf(options),
    ...(options.recordedTo === undefined ? {} : { recordedTo: options.recordedTo }),
  });
  const recorded = withRunRecord(withCurl, recordedOptions(options), options.shard);
  const report =
    options.baseline === undefined ? recorded : { ...recorded, baseline: baselineOutcome(recorded, options.baseline.expected, options.baseline.file) };
  return { report, run };
}
