#!/usr/bin/env node
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { baselineOf } from '../reports/baselines/baseline.js';
import { writeReport } from '../reports/write.js';
import { RULES } from '../specs/index.js';
import { runSuites } from '../suites/harness/runner.js';
import { freshSeed } from '../suites/harness/seeds.js';
import { profileFor } from '../suites/profiles.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { TargetError } from '../suites/targets/target.js';
import { ReplayTarget } from '../suites/targets/replay-target.js';
import { TranscriptRecorder, writeTranscript } from '../suites/targets/transcript.js';
import { EndpointError } from '../suites/http/endpoint.js';
import { assembleReport, TOOL_VERSION } from './assemble-report.js';
import { readBaseline, gate } from './baseline-gate.js';
import { progressFor } from './progress.js';
import { formatFailures, formatTotals } from './run-summary.js';
import { UsageError } from './usage-error.js';
import { formatCoverage, ruleCoverage } from './rules-command.js';

/** Exit codes: 0 no rule fails, 1 a rule fails (or the target cannot be run), 2 usage error. */
const EXIT_FAIL = 1;
const EXIT_USAGE = 2;

const integer = (name: string, min: number) => (text: string): number => {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) throw new InvalidArgumentError(`${name} must be an integer ≥ ${min}`);
  return value;
};
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

interface RunFlags {
  target: string;
  profile?: string;
  emulate?: string;
  release?: string;
  out?: string;
  seed?: number;
  numRuns?: number;
  numStarts?: number;
  only?: string[];
  path?: string;
  concurrency: number;
  allowRemote?: boolean;
  record?: string;
  baseline?: string;
  writeBaseline?: string;
  quiet?: boolean;
}

const timestamp = (date: Date): string => date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
const slug = (spec: string): string => spec.replace(/^daemon:.*\/([^/]+)$/, 'daemon-$1').replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-|-$/g, '');

async function runCommand(flags: RunFlags): Promise<number> {
  const profile = flags.profile === undefined ? undefined : profileFor(flags.profile);
  if (flags.profile !== undefined && profile === undefined) throw new UsageError(`--profile must be ctr or docker, got ${flags.profile}`);
  const target = resolveTarget(flags.target, {
    ...(profile === undefined ? {} : { profile }),
    ...(flags.emulate === undefined ? {} : { emulate: flags.emulate }),
    allowRemote: flags.allowRemote === true,
  });
  for (const entry of flags.only ?? []) {
    const rule = entry.split('@')[0];
    if (!RULES.some((r) => r.id === rule)) throw new UsageError(`--only ${entry}: no rule ${JSON.stringify(rule)} in the catalogue (see: ctr-conformance rules)`);
  }
  const isSim = target.kind === 'in-process' || target.kind === 'container' || flags.target === 'sim-process';
  // A transcript answers only the requests it was recorded with: same seed, same number of runs.
  const recorded = target instanceof ReplayTarget ? target.transcript : undefined;
  const seed = flags.seed ?? recorded?.seed ?? freshSeed();
  const numRuns = flags.numRuns ?? recorded?.numRuns ?? (isSim ? 100 : 15);
  const recorder = flags.record === undefined ? undefined : new TranscriptRecorder();
  const numStarts = flags.numStarts ?? (isSim ? 5 : 2);
  // Read before the run, so that a bad file is a usage error and costs no daemon start.
  const baseline = flags.baseline === undefined ? undefined : await readBaseline(flags.baseline);
  const startedAt = new Date();
  const progress = progressFor(process.stderr, flags.quiet === true);
  let run;
  try {
    run = await runSuites({
      target,
      ...(profile === undefined ? {} : { profile }),
      seed,
      numRuns,
      numStarts,
      concurrency: flags.concurrency,
      ...(recorder === undefined ? {} : { recorder }),
      ...(flags.release === undefined ? {} : { release: flags.release }),
      ...(flags.only === undefined ? {} : { only: flags.only }),
      ...(flags.path === undefined ? {} : { path: flags.path }),
      onProgress: (done, total, label) => progress.update(done, total, label),
    });
  } finally {
    progress.stop();
  }
  if (recorder !== undefined && flags.record !== undefined) {
    const transcript = recorder.transcript({ recordedFrom: flags.target, profile: run.target.profile, seed, numRuns });
    writeTranscript(flags.record, transcript);
    process.stdout.write(`transcript: ${flags.record} (${transcript.exchanges.length} exchanges)\n`);
  }
  const report = assembleReport(run, { seed, numRuns, startedAt, durationMs: Date.now() - startedAt.getTime() });
  const dir = flags.out ?? join('reports', `${slug(flags.target)}-${timestamp(startedAt)}`);
  const paths = await writeReport(dir, report);
  process.stdout.write(formatFailures(report) + formatTotals(report, paths.html));
  if (flags.writeBaseline !== undefined) {
    await writeFile(flags.writeBaseline, `${JSON.stringify(baselineOf(report), null, 1)}\n`);
    process.stdout.write(`baseline: ${flags.writeBaseline}\n`);
  }
  if (baseline !== undefined) {
    const verdict = gate(report, baseline, flags.baseline!);
    process.stdout.write(verdict.text);
    return verdict.passed ? 0 : EXIT_FAIL;
  }
  return report.totals.fail > 0 || report.totals.error > 0 ? EXIT_FAIL : 0;
}

export function buildProgram(): Command {
  const program = new Command('ctr-conformance')
    .description('Conformance suites and reports for ctrd-compatible daemons')
    .version(TOOL_VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text) });

  program
    .command('run')
    .description('run the suites against a target and write report.json, report.html and junit.xml')
    .option('--target <target>', 'sim | sim-process | container:ENGINE | daemon:PATH | endpoint:URL (URL defaults to $CTR_HOST / $DOCKER_HOST) | replay:TRANSCRIPT', 'sim')
    .addOption(new Option('--profile <profile>', 'names the target uses (default: what its headers say; ctr for the simulator)').choices(['ctr', 'docker']))
    .option('--emulate <release>', 'release the simulator emulates (sim targets; default: newest)')
    .option('--release <release>', 'release to take expectations from when the target does not name one')
    .option('--out <dir>', 'report directory (default reports/<target>-<time>/)')
    .option('--seed <n>', 'run seed (printed with every counterexample)', integer('--seed', -2147483648))
    .option('--num-runs <n>', 'generated cases per property (default 100 on the simulator, 15 on daemons)', integer('--num-runs', 1))
    .option('--num-starts <n>', 'generated cases for properties that start a daemon each', integer('--num-starts', 1))
    .option('--only <rule[@api]>', 'run only this rule or cell (repeatable)', collect)
    .option('--path <path>', 'replay path of a counterexample (with --only)')
    .option('--concurrency <n>', 'cells checked at once', integer('--concurrency', 1), 4)
    .option('--allow-remote', 'allow endpoint targets on non-loopback addresses')
    .option('--baseline <file>', 'exit 1 only when a cell is worse than this baseline says (a regression gate)')
    .option('--write-baseline <file>', "write this run's statuses as a baseline")
    .option('--record <file>', 'write every answer of the target to a transcript, for --target replay:FILE')
    .option('-q, --quiet', 'no progress bar')
    .action(async (flags: RunFlags) => {
      process.exitCode = await runCommand(flags);
    });

  program
    .command('rules')
    .description('list the rule catalogue with its coverage')
    .option('--json', 'machine-readable output')
    .action((flags: { json?: boolean }) => {
      const rows = ruleCoverage();
      process.stdout.write(flags.json === true ? `${JSON.stringify(rows, null, 2)}\n` : formatCoverage(rows));
    });
  return program;
}

async function main(): Promise<void> {
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    // Errors thrown from an action are not commander's (it prints and wraps only its own).
    if (error instanceof UsageError) {
      process.stderr.write(`ctr-conformance: ${error.message}\n`);
      process.exitCode = EXIT_USAGE;
    } else if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
    } else if (error instanceof EndpointError || (error instanceof TargetError && (error.code === 'TARGET_SPEC' || error.code === 'TARGET_PROFILE'))) {
      process.stderr.write(`ctr-conformance: ${error.message}\n`);
      process.exitCode = EXIT_USAGE;
    } else if (error instanceof TargetError) {
      process.stderr.write(`ctr-conformance: ${error.message}\n`);
      process.exitCode = EXIT_FAIL;
    } else {
      process.stderr.write(`ctr-conformance: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_FAIL;
    }
  }
}

// An interrupted run exits through process.exit, so that the targets' exit hooks stop every daemon
// it started (by PID) and remove their directories; a signal's default action would skip them.
for (const [name, code] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
  process.once(name, () => {
    process.stderr.write(`ctr-conformance: ${name}: stopping the daemons this run started\n`);
    process.exit(code);
  });
}

// If a bug ever left the run waiting on nothing, node would exit 0 silently: make that a failure.
let finished = false;
process.once('beforeExit', () => {
  if (finished) return;
  process.stderr.write('ctr-conformance: internal error: the run stopped before it finished\n');
  process.exitCode = EXIT_FAIL;
});
await main();
finished = true;
