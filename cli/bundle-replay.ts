import type { ConformanceReport, RecordedOptions, RuleResult } from '../reports/model/result.js';
import { profileFor } from '../suites/profiles.js';
import { runSuites } from '../suites/run/index.js';
import { ReplayTarget } from '../suites/targets/replay-target.js';
import type { Transcript } from '../suites/targets/transcript.js';

/** What a replay of a bundle's transcript found, cell by cell, beside the bundle's report. */
export interface ReplayOutcome {
  /** Cells the replay judged as the report did. */
  readonly agreeing: number;
  /** Cells the replay could not judge (a transcript carries no restart, raw bytes, daemon process…): the report's verdict, the replay's reason. */
  readonly notReplayable: readonly { readonly cell: string; readonly status: string; readonly reason: string }[];
  /** Cells whose verdicts differ, or that one side lacks, each in one line. */
  readonly differing: readonly string[];
}

const cellOf = (r: Pick<RuleResult, 'rule' | 'api' | 'axes'>): string =>
  `${r.rule}@${r.api ?? 'none'}${
    r.axes === undefined
      ? ''
      : ` [${Object.entries(r.axes)
          .map(([k, v]) => `${k}=${v}`)
          .join(', ')}]`
  }`;

/**
 * Replays `transcript` (read from `path`) through the suites with the report's seed, numRuns, deadlines and options
 * (as `run --target replay:FILE` does) and compares each cell's verdict with the report's.
 * A cell the replay skips where the report has a verdict is not a difference: a recording cannot
 * carry it, and it is listed apart with the replay's reason.
 */
export async function replayVerdicts(path: string, transcript: Transcript, report: ConformanceReport, options: RecordedOptions): Promise<ReplayOutcome> {
  const profile = profileFor(report.target.profile)!;
  const run = await runSuites({
    // The transcript as verify read it (bounded, no link followed): the same target `replay:PATH` resolves to.
    target: new ReplayTarget(`replay:${path}`, transcript),
    profile,
    seed: report.seed,
    numRuns: report.numRuns,
    numStarts: options.numStarts,
    deadlines: report.deadlines,
    ...(options.release === null ? {} : { release: options.release }),
    ...(options.only.length === 0 ? {} : { only: options.only }),
    ...(options.path === null ? {} : { path: options.path }),
    ...(options.shrink ? {} : { shrink: false }),
  });
  const replayed = new Map(run.results.map((r) => [cellOf(r), r]));
  const notReplayable: { cell: string; status: string; reason: string }[] = [];
  const differing: string[] = [];
  let agreeing = 0;
  for (const expected of report.results) {
    const cell = cellOf(expected);
    const found = replayed.get(cell);
    replayed.delete(cell);
    if (found === undefined) differing.push(`${cell}: the report has it (${expected.status}), the replay has no such cell`);
    else if (found.status === expected.status) agreeing++;
    else if (found.status === 'skipped') notReplayable.push({ cell, status: expected.status, reason: found.evidence.reason ?? found.evidence.summary });
    else differing.push(`${cell}: the report says ${expected.status}, the replay finds ${found.status} (${found.evidence.summary})`);
  }
  for (const [cell, extra] of replayed) differing.push(`${cell}: the replay has it (${extra.status}), the report does not`);
  return { agreeing, notReplayable, differing };
}
