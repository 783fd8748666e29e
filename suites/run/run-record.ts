import type { ConformanceReport, RecordedOptions, ShardOfRun } from '../../reports/model/result.js';
import { RULES } from '../../specs/index.js';
import { expandOnly } from './plan.js';
import type { RunOptions } from './run-suites.js';

/** How the target is named on a command line, for the rerun lines and the report's options: `--target <spec>` unless the caller says more. */
export const targetArgsOf = (options: Pick<RunOptions, 'target' | 'targetArgs'>): readonly string[] => options.targetArgs ?? ['--target', options.target.spec];

/** The options of the run that bear on its verdicts, as the report records them (for `merge` and `verify`). */
export function recordedOptions(options: RunOptions): RecordedOptions {
  return {
    targetArgs: targetArgsOf(options),
    profile: options.profile?.name ?? null,
    release: options.release ?? null,
    numStarts: options.numStarts,
    only: expandOnly(options.only, RULES) ?? [],
    path: options.path ?? null,
    shrink: options.shrink !== false,
  };
}

/** A report that records the options of its run: what `run` writes. */
export type RecordedReport = ConformanceReport & { readonly options: RecordedOptions };

/** The report with the run's options and its shard after `numRuns`, where a reader looks for them. */
export function withRunRecord(report: ConformanceReport, options: RecordedOptions, shard: ShardOfRun | undefined): RecordedReport {
  const { tool, target, seed, numRuns, ...rest } = report;
  return { tool, target, seed, numRuns, options, ...(shard === undefined ? {} : { shard }), ...rest };
}
