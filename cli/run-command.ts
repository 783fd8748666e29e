import { join } from 'node:path';
import { baselineOf } from '../reports/baselines/baseline.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { ReportError, writeReport } from '../reports/write.js';
import { RULES } from '../specs/index.js';
import { findQuirk } from '../specs/quirks/index.js';
import {
  checkOnly,
  expandOnly,
  parseShard,
  replaySelection,
  runToReport,
  withStartArgs,
  type Deadlines,
  type RecordedReport,
  type ReportedRun,
  type Shard,
  type SuiteRun,
} from '../suites/run/index.js';
import { freshSeed } from '../suites/harness/seeds.js';
import { profileFor } from '../suites/profiles.js';
import { releaseOf } from '../suites/targets/facts.js';
import { isSimulatorSpec, resolveTarget, type TargetChoice } from '../suites/targets/resolve.js';
import { SIMULATOR_KINDS } from '../suites/targets/registry.js';
import { ReplayTarget } from '../suites/targets/replay-target.js';
import { encodeTranscript, TranscriptRecorder } from '../suites/targets/transcript.js';
import { gateText, readBaseline } from './baseline-gate.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import { takeNextInterrupt, type StopSignal } from './interrupts.js';
import { checkOutputDir, checkOutputFile, reason, writeOutputFile } from './preflight.js';
import { targetSlug, timestamp } from './out-dir.js';
import { progressFor } from './progress.js';
import { formatFailures, formatTotals } from './run-summary.js';
import { terminalSafe } from '../common/terminal-text.js';
import { UsageError } from './usage-error.js';

export interface RunFlags {
  target: string;
  profile?: string;
  emulate?: string;
  release?: string;
  fault?: string[];
  quirk?: string[];
  asObserved?: boolean;
  out?: string;
  seed?: number;
  numRuns?: number;
  numStarts?: number;
  only?: string[];
  path?: string;
  concurrency: number;
  /** false with --no-shrink. */
  shrink?: boolean;
  shard?: string;
  requestTimeout: number;
  cellTimeout: number;
  runTimeout: number;
  allowRemote?: boolean;
  record?: string;
  baseline?: string;
  writeBaseline?: string;
  quiet?: boolean;
}

/** Everything that can be refused before a target starts: a usage error costs no daemon start. */
function checkFlags(flags: RunFlags): void {
  checkOnly(flags.only, RULES);
  if (flags.release !== undefined && releaseOf(flags.release) === null)
    throw new UsageError(`--release ${flags.release}: not a release of the table (see specs/versions.ts)`);
  for (const fault of flags.fault ?? []) {
    const rule = RULES.find((r) => r.id === fault);
    if (rule === undefined) throw new UsageError(`--fault ${fault}: no rule ${JSON.stringify(fault)} in the catalogue (see: ctr-conformance rules)`);
    // The simulator has a fault for every rule this machine can check, and for no other.
    if (!rule.testability.testable)
      throw new UsageError(`--fault ${fault}: the rule is not testable here (${rule.testability.why}), so the simulator has no fault for it`);
  }
  if (flags.fault !== undefined && !isSimulatorSpec(flags.target))
    throw new UsageError(`--fault applies to the simulator targets (${SIMULATOR_KINDS}) only, not ${flags.target}`);
  for (const quirk of flags.quirk ?? []) {
    if (findQuirk(quirk) === undefined)
      throw new UsageError(`--quirk ${quirk}: no quirk ${JSON.stringify(quirk)} (see specs/quirks: observed.<rule> or hypothetical.<rule>.<name>)`);
  }
  if (flags.quirk !== undefined && !isSimulatorSpec(flags.target))
    throw new UsageError(`--quirk applies to the simulator targets (${SIMULATOR_KINDS}) only, not ${flags.target}`);
  if (flags.asObserved === true && !isSimulatorSpec(flags.target))
    throw new UsageError(`--as-observed applies to the simulator targets (${SIMULATOR_KINDS}) only, not ${flags.target}`);
  if (flags.path !== undefined && (flags.only === undefined || flags.only.length === 0))
    throw new UsageError('--path replays one counterexample: name its cell with --only rule@api');
}

/** ctrd-sim's own flags of the run, given to every start of the simulator: --fault, --quirk, --as-observed. */
const simArgs = (flags: RunFlags): string[] => [
  ...(flags.fault ?? []).flatMap((fault) => ['--fault', fault]),
  ...(flags.quirk ?? []).flatMap((quirk) => ['--quirk', quirk]),
  ...(flags.asObserved === true ? ['--as-observed'] : []),
];

/** The arguments that name the target on a command line, for the rerun lines of failing cells. */
function targetArgs(flags: RunFlags): string[] {
  return [
    '--target',
    flags.target,
    ...(flags.emulate === undefined ? [] : ['--emulate', flags.emulate]),
    ...simArgs(flags),
    ...(flags.allowRemote === true ? ['--allow-remote'] : []),
  ];
}

/** `ctr-conformance run`: the exit code (see exit-codes.ts). */
export async function runCommand(given: RunFlags): Promise<ExitCode> {
  return (await runAndWrite(given)).code;
}

/** What `run` did: its exit code, and its report (absent when the run never began); certify builds its bundle around it. */
export interface RunOutcome {
  readonly code: ExitCode;
  readonly report?: RecordedReport;
}

/** `run` itself: parses and checks the flags, runs with runToReport, writes the outputs and prints. */
export async function runAndWrite(given: RunFlags): Promise<RunOutcome> {
  // `--only model-runner` and `--only 'mr.*'` become the rule ids they name here, once: the report's
  // options, a transcript's selection and the rerun lines then name rules, as they always did.
  const expanded = expandOnly(given.only, RULES);
  const flags: RunFlags = expanded === undefined ? given : { ...given, only: expanded };
  const profile = flags.profile === undefined ? undefined : profileFor(flags.profile);
  if (flags.profile !== undefined && profile === undefined) throw new UsageError(`--profile must be ctr or docker, got ${flags.profile}`);
  checkFlags(flags);
  const shard: Shard | undefined = flags.shard === undefined ? undefined : parseShard(flags.shard);
  const choice: TargetChoice = {
    ...(profile === undefined ? {} : { profile }),
    ...(flags.emulate === undefined ? {} : { emulate: flags.emulate }),
    allowRemote: flags.allowRemote === true,
  };
  const resolved = resolveTarget(flags.target, choice);
  // ctrd-sim's own flags (`--fault RULE`, `--quirk ID`, `--as-observed`) on every start of the simulator (checkFlags made sure of them).
  const target = withStartArgs(resolved, simArgs(flags));
  const isSim = isSimulatorSpec(flags.target);
  // A transcript answers only the requests it was recorded with: same seed, same number of runs.
  const recorded = resolved instanceof ReplayTarget ? resolved.transcript : undefined;
  const seed = flags.seed ?? recorded?.seed ?? freshSeed();
  const numRuns = flags.numRuns ?? recorded?.numRuns ?? (isSim ? 100 : 15);
  const numStarts = flags.numStarts ?? (isSim ? 5 : 2);
  // ... and only the cells it was recorded with: without --only, a replay runs the transcript's selection.
  const selection = replaySelection(flags.target.slice('replay:'.length), recorded?.only, flags.only);
  const only = selection.only;
  if (selection.fromTranscript) {
    try {
      checkOnly(only, RULES);
    } catch (error) {
      throw new UsageError(`${flags.target}: the selection it was recorded with is not one this tool can run: ${reason(error)}`);
    }
  }
  if (selection.fromTranscript && only !== undefined)
    process.stdout.write(`replaying the selection the transcript was recorded with: ${terminalSafe(only.map((entry) => `--only ${entry}`).join(' '))}\n`);
  const startedAt = new Date();
  const dir =
    flags.out ?? join('reports', `${targetSlug(flags.target)}-${timestamp(startedAt)}${shard === undefined ? '' : `-shard-${shard.index}-of-${shard.count}`}`);
  // Read and checked before the run, so that a bad file is a usage error and costs no daemon start.
  const baseline = flags.baseline === undefined ? undefined : { file: flags.baseline, expected: await readBaseline(flags.baseline) };
  await checkOutputDir(flags.out === undefined ? 'report directory' : '--out', dir);
  if (flags.record !== undefined) await checkOutputFile('--record', flags.record);
  if (flags.writeBaseline !== undefined) await checkOutputFile('--write-baseline', flags.writeBaseline);

  const recorder = flags.record === undefined ? undefined : new TranscriptRecorder();
  const deadlines: Deadlines = { requestMs: flags.requestTimeout * 1000, cellMs: flags.cellTimeout * 1000, runMs: flags.runTimeout * 1000 };
  const progress = progressFor(process.stderr, flags.quiet === true);
  // The first Ctrl-C stops the run but keeps its results: the target is stopped, the report written.
  // SIGTERM (a CI job's timeout, `timeout`, `kill`) likewise: the report of what ran is written.
  const interrupt = new AbortController();
  let stoppedBy: StopSignal = 'SIGINT';
  const giveBack = takeNextInterrupt((signal) => {
    stoppedBy = signal;
    process.stderr.write(
      `ctr-conformance: ${signal}: stopping the run and writing its report (${signal === 'SIGINT' ? 'Ctrl-C' : 'a signal'} again quits at once)\n`,
    );
    interrupt.abort(new Error(`interrupted by ${signal}`));
  });
  let reported: ReportedRun;
  try {
    reported = await runToReport({
      target,
      ...(profile === undefined ? {} : { profile }),
      seed,
      numRuns,
      numStarts,
      concurrency: flags.concurrency,
      ...(flags.shrink === false ? { shrink: false } : {}),
      ...(shard === undefined ? {} : { shard }),
      deadlines,
      targetArgs: targetArgs(flags),
      ...(recorder === undefined ? {} : { recorder }),
      ...(flags.record === undefined ? {} : { recordedTo: flags.record }),
      ...(baseline === undefined ? {} : { baseline }),
      ...(flags.release === undefined ? {} : { release: flags.release }),
      ...(only === undefined ? {} : { only }),
      ...(flags.path === undefined ? {} : { path: flags.path }),
      signal: interrupt.signal,
      onProgress: (done, total, label) => progress.update(done, total, label),
    });
  } catch (error) {
    // Stopped by a signal before the run began (the target still starting or being reached): the signal's exit code, not a target error.
    if (!interrupt.signal.aborted) throw error;
    process.stderr.write(`ctr-conformance: ${terminalSafe(reason(error))}\n`);
    process.stdout.write(`${stoppedBy === 'SIGINT' ? 'interrupted' : 'terminated'} before the run began: nothing was judged, no report written\n`);
    return { code: stoppedBy === 'SIGINT' ? EXIT.INTERRUPTED : EXIT.TERMINATED };
  } finally {
    progress.stop();
    giveBack();
  }
  const { run, report } = reported;
  // Each output is written whatever became of the others: a failure is reported, never a loss of the rest.
  const unwritten: string[] = [];
  const output = async (what: string, write: () => Promise<string | null>): Promise<void> => {
    try {
      const line = await write();
      if (line !== null) process.stdout.write(line);
    } catch (error) {
      unwritten.push(error instanceof ReportError ? `${what}: ${error.problems.join('; ')}` : `${what}: ${reason(error)}`);
    }
  };
  if (recorder !== undefined && flags.record !== undefined) {
    const file = flags.record;
    await output(`--record ${file}`, async () => {
      const transcript = recorder.transcript({
        recordedFrom: flags.target,
        profile: run.target.profile,
        seed,
        numRuns,
        ...(only === undefined || only.length === 0 ? {} : { only }),
      });
      await writeOutputFile(file, encodeTranscript(file, transcript));
      return `transcript: ${file} (${transcript.exchanges.length} exchanges)\n`;
    });
  }
  // The gate's outcome is in the report (runToReport), so report.json, report.html and junit.xml say what the exit code says.
  let html: string | undefined;
  await output(`report ${dir}`, async () => {
    html = (await writeReport(dir, report)).html;
    return null;
  });
  process.stdout.write(formatFailures(report) + formatTotals(report, html ?? `not written (see below)`));
  if (run.unresponsive !== null) process.stdout.write(`${run.unresponsive}: the cells not judged are errors\n`);
  if (run.runDeadlinePassed) process.stdout.write(`run deadline of ${flags.runTimeout} s passed: the cells it cut short are errors\n`);
  if (flags.writeBaseline !== undefined && !run.stopped) {
    const file = flags.writeBaseline;
    await output(`--write-baseline ${file}`, async () => {
      await writeOutputFile(file, `${JSON.stringify(baselineOf(report), null, 1)}\n`);
      return `baseline: ${file}\n`;
    });
  }
  for (const line of unwritten) process.stderr.write(`ctr-conformance: could not write ${line}\n`);
  const outcome = verdictOf(run, report, only, stoppedBy);
  return { code: unwritten.length > 0 && outcome === EXIT.PASS ? EXIT.FAIL : outcome, report };
}

/** Why a `--only` selection judged nothing (every cell not applicable here, or skipped): it must not pass. Null when it judged a cell. */
function judgedNothing(report: ConformanceReport, only: readonly string[] | undefined): string | null {
  if (only === undefined || only.length === 0) return null;
  if (report.results.some((r) => r.status !== 'not-applicable' && r.status !== 'skipped')) return null;
  const [first, ...rest] = report.results;
  const why =
    first !== undefined && rest.length === 0
      ? `${first.evidence.summary}${first.evidence.reason === undefined ? '' : ` (${first.evidence.reason})`}`
      : `all ${report.results.length} cells are not applicable or skipped`;
  return `--only ${only.join(' --only ')} judged nothing on this target: ${why}`;
}

/** The exit code the run's results give (see exit-codes.ts), printing what a baseline gate found. */
function verdictOf(run: SuiteRun, report: ConformanceReport, only: readonly string[] | undefined, stoppedBy: StopSignal): ExitCode {
  if (run.stopped) {
    process.stdout.write(`${stoppedBy === 'SIGINT' ? 'interrupted' : 'terminated'}: the cells not judged are errors\n`);
    return stoppedBy === 'SIGINT' ? EXIT.INTERRUPTED : EXIT.TERMINATED;
  }
  if (run.unresponsive !== null) return EXIT.TARGET;
  const nothing = judgedNothing(report, only);
  if (nothing !== null) {
    process.stderr.write(`ctr-conformance: ${terminalSafe(nothing)}\n`);
    return EXIT.USAGE;
  }
  if (report.baseline !== undefined) {
    process.stdout.write(gateText(report.baseline));
    return report.baseline.passed ? EXIT.PASS : EXIT.FAIL;
  }
  return report.totals.fail > 0 || report.totals.error > 0 ? EXIT.FAIL : EXIT.PASS;
}
