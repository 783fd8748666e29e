import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
// Only what --help needs is loaded here: each command loads its own modules when it runs (the
// suites, the targets and the renderers take about a second to load), an error its classifier.
import { DEFAULT_DEADLINES } from '../suites/run/deadlines.js';
import { TARGET_HELP } from '../suites/targets/registry.js';
import { TOOL_VERSION } from '../suites/run/tool-version.js';
import { terminalSafeLines } from '../common/terminal-text.js';
import { EXIT } from './exit-codes.js';
import type { RunFlags } from './run-command.js';
import type { RulesFlags } from './rules-command.js';
import type { MergeFlags } from './merge-command.js';
import type { CompareFlags } from './compare-command.js';
import type { CertifyFlags } from './certify-command.js';
import type { VerifyFlags } from './verify-command.js';
import type { DiffFlags } from './diff-command.js';
import type { ProfileFlags } from './profile-command.js';

const integer =
  (name: string, min: number, max = Number.MAX_SAFE_INTEGER) =>
  (text: string): number => {
    const value = Number(text);
    if (!Number.isSafeInteger(value) || value < min || value > max || text.trim() === '') {
      throw new InvalidArgumentError(
        max === Number.MAX_SAFE_INTEGER ? `${name} must be an integer ≥ ${min}` : `${name} must be an integer from ${min} to ${max}`,
      );
    }
    return value;
  };
const seconds =
  (name: string) =>
  (text: string): number => {
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || text.trim() === '') throw new InvalidArgumentError(`${name} must be a number of seconds > 0`);
    return value;
  };
const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
const inSeconds = (ms: number): number => ms / 1000;

/**
 * The options of a run, shared by `run` and `certify`. A certification is one whole run written
 * into its bundle, so `certify` has no --out of a report, --shard, --path, --record or baseline.
 */
function withRunOptions(command: Command, kind: 'run' | 'certify'): Command {
  const runOnly = (add: () => void): void => {
    if (kind === 'run') add();
  };
  command.option('--target <target>', TARGET_HELP, 'sim');
  command
    .addOption(new Option('--profile <profile>', 'names the target uses (default: what its headers say; ctr for the simulator)').choices(['ctr', 'docker']))
    .option('--emulate <release>', 'release the simulator emulates (sim targets; default: newest)')
    .option(
      '--release <release>',
      'release to take expectations from; without it, a target whose version the release table does not know gets every release-dependent rule skipped',
    )
    .option('--fault <rule-id>', 'break the simulator for this rule (ctrd-sim --fault; sim targets only; repeatable)', collect)
    .option('--quirk <id>', 'make the simulator carry this quirk of specs/quirks (ctrd-sim --quirk; sim targets only; repeatable)', collect)
    .option(
      '--as-observed',
      'make the simulator carry every observed quirk of the emulated release, i.e. answer as the real release does (ctrd-sim --as-observed; sim targets only)',
    );
  runOnly(() => command.option('--out <dir>', 'report directory (default reports/<target>-<time>/)'));
  command
    .option('--seed <n>', 'run seed, a 32-bit integer (printed with every counterexample)', integer('--seed', -2147483648, 2147483647))
    .option('--num-runs <n>', 'generated cases per property (default 100 on the simulator, 15 on daemons)', integer('--num-runs', 1))
    .option('--num-starts <n>', 'generated cases for properties that start a daemon each', integer('--num-starts', 1))
    .option(
      '--only <rule[@api]>',
      "run only this rule or cell, or every rule of an area (model-runner) or of a glob over rule ids ('mr.*'), each @api or not (repeatable)",
      collect,
    );
  runOnly(() => command.option('--path <path>', 'replay path of a counterexample (with --only)'));
  command
    .option('--concurrency <n>', 'cells checked at once', integer('--concurrency', 1), 4)
    .option('--no-shrink', 'report the first failing case a property finds, unshrunk (faster verdicts; the counterexample may be larger)');
  runOnly(() => command.option('--shard <k/n>', 'run only the k-th of n parts of the cells (each part writes its own report; join them with merge)'));
  command
    .option(
      '--request-timeout <s>',
      'seconds one request may take; a request that takes longer makes its cell an error',
      seconds('--request-timeout'),
      inSeconds(DEFAULT_DEADLINES.requestMs),
    )
    .option(
      '--cell-timeout <s>',
      'seconds one cell may take; a cell that takes longer is an error',
      seconds('--cell-timeout'),
      inSeconds(DEFAULT_DEADLINES.cellMs),
    )
    .option(
      '--run-timeout <s>',
      'seconds the whole run may take; cells left then are errors, the report is still written',
      seconds('--run-timeout'),
      inSeconds(DEFAULT_DEADLINES.runMs),
    )
    .option('--allow-remote', 'allow endpoint targets on non-loopback addresses');
  runOnly(() =>
    command
      .option('--baseline <file>', 'exit 1 only when a cell is worse than this baseline says (a regression gate)')
      .option('--write-baseline <file>', "write this run's statuses as a baseline")
      .option('--record <file>', 'write every answer of the target to a transcript, for --target replay:FILE'),
  );
  return command.option('-q, --quiet', 'no progress bar');
}

/** The target options of the explorer's commands (diff, profile): several --target, the names simulators use, remote endpoints. */
function withTargets(command: Command, howMany: string): Command {
  return command
    .option('--target <target>', `a target, as for run (sim@R, sim-process@R, daemon:PATH, endpoint:URL …); ${howMany}`, collect)
    .addOption(
      new Option('--profile <profile>', 'names the simulator targets use (default: docker when a target is no simulator, else ctr)').choices(['ctr', 'docker']),
    )
    .option('--allow-remote', 'allow endpoint targets on non-loopback addresses');
}

export function buildProgram(): Command {
  const program = new Command('ctr-conformance')
    .description('Conformance suites and reports for ctrd-compatible daemons')
    .version(TOOL_VERSION)
    .exitOverride()
    // Every error line starts with the tool's name, commander's own ("error: unknown option") too.
    .configureOutput({
      writeErr: (text) => process.stderr.write(text),
      outputError: (text, write) => write(`ctr-conformance: ${text.replace(/^error: /, '')}`),
    })
    .addHelpText(
      'after',
      '\nExit codes: 0 no rule fails (for compare: the comparison is written); 1 a rule fails or errors (or a --baseline regression; for verify, a bundle tampered with or a replay that differs); 2 usage error (for merge, shards that are not the parts of one run; for compare, reports that cannot be compared); 3 the target could not be started or reached; 130 interrupted by SIGINT, 143 by SIGTERM (the report of what ran is written).',
    );

  withRunOptions(program.command('run').description('run the suites against a target and write report.json, report.html and junit.xml'), 'run').action(
    async (flags: RunFlags) => {
      const { runCommand } = await import('./run-command.js');
      process.exitCode = await runCommand(flags);
    },
  );

  program
    .command('rules')
    .description('list the rule catalogue with its coverage (or only the rules named)')
    .argument('[rule-id...]', 'rules to show (default: all)')
    .option('--where', 'where each rule is: its document section, the simulator file(s), its fault, its check file')
    .option('--json', 'machine-readable output (every field, the --where ones too)')
    .action(async (ids: string[], flags: RulesFlags) => {
      const { rulesCommand } = await import('./rules-command.js');
      process.stdout.write(await rulesCommand(ids, flags));
    });
  program
    .command('merge')
    .description('join the reports of run --shard K/N (their directories or report.json files) into the report of the whole run')
    .argument('<dir...>', 'the shard report directories (or their report.json files), one per shard')
    .option('--out <dir>', 'report directory (default reports/merged-<time>/)')
    .action(async (dirs: string[], flags: MergeFlags) => {
      const { mergeCommand } = await import('./merge-command.js');
      process.exitCode = await mergeCommand(dirs, flags);
    });
  program
    .command('compare')
    .description('put the reports of several implementations side by side: compare.html, compare.json and compare.md (for a pull-request comment)')
    .argument('<report...>', 'report directories or report.json files, one per implementation (a column each, in this order)')
    .option('--out <dir>', 'output directory (default reports/compare-<time>/)')
    .option('--label <name>', 'a column\'s name, one per report in order (default: the target\'s, e.g. "dockerd 28.5"; repeatable)', collect)
    .action(async (reports: string[], flags: CompareFlags) => {
      const { compareCommand } = await import('./compare-command.js');
      process.exitCode = await compareCommand(reports, flags);
    });

  withRunOptions(
    program
      .command('certify')
      .description('run the suites with every exchange recorded and write a certification bundle a third party can verify')
      .requiredOption('--out <dir>', 'bundle directory (new or empty)')
      .option('--sign-key <file>', 'Ed25519 private key (PEM) to sign the manifest with (manifest.sig)'),
    'certify',
  ).action(async (flags: CertifyFlags) => {
    const { certifyCommand } = await import('./certify-command.js');
    process.exitCode = await certifyCommand(flags);
  });

  program
    .command('verify')
    .description("check a certification bundle: every file's SHA-256 sum, the signature, and a replay of its transcript reaching the report's verdicts")
    .argument('<dir>', 'the bundle directory')
    .option('--public-key <file>', 'Ed25519 public key (PEM) the manifest must be signed with')
    .action(async (dir: string, flags: VerifyFlags) => {
      const { verifyCommand } = await import('./verify-command.js');
      process.exitCode = await verifyCommand(dir, flags);
    });
  withTargets(program.command('diff'), 'give it twice')
    .description(
      'send the same generated requests to two targets and report every difference, labelled (a rule, a known deviation, volatile, or unexplained) and shrunk, in diff.json and diff.html',
    )
    .option('--seed <n>', 'seed of the generated requests, a 32-bit integer', integer('--seed', -2147483648, 2147483647))
    .option('--num-runs <n>', 'generated requests', integer('--num-runs', 1), 200)
    .option(
      '--sequences <n>',
      'generated stateful sequences (import, create, tag, inspect, list, delete images and containers; /events around them)',
      integer('--sequences', 0),
      10,
    )
    .option('--routes <glob>', 'only routes of specs/engine-routes.ts whose path matches (* within a segment, ** across; e.g. "/containers/**")')
    .option('--path <path>', 'send only the request of this replay path (with the --seed it was found with)')
    .option('--sequence-path <path>', 'run only the sequence of this replay path (with the --seed it was found with)')
    .option('--out <dir>', 'directory of diff.json and diff.html (default reports/diff-<A>-<B>-<time>/)')
    .option('--request-timeout <s>', 'seconds one request may take (then it counts as no answer)', seconds('--request-timeout'), 10)
    .option('--shrink-timeout <s>', 'seconds all shrinking may take; differences left keep their smallest generated request', seconds('--shrink-timeout'), 120)
    .option('-q, --quiet', 'no progress bar')
    .action(async (flags: DiffFlags) => {
      const { diffCommand } = await import('./diff-command.js');
      process.exitCode = await diffCommand(flags);
    });
  withTargets(program.command('profile'), 'repeat it for columns side by side')
    .description(
      "a target's version negotiation in one table: the range it advertises and serves, and how it answers versions out of range, malformed and none",
    )
    .option('--json', 'machine-readable output')
    .action(async (flags: ProfileFlags) => {
      const { profileCommand } = await import('./profile-command.js');
      process.exitCode = await profileCommand(flags);
    });
  return program;
}

async function main(): Promise<void> {
  // A reader that stops early (`rules --json | head`) is no error of ours: end quietly.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    // Errors thrown from an action are not commander's (it prints and wraps only its own).
    // Commander's own (--help, --version, a usage error) have been printed; any other is classified by a module loaded only then.
    const { code, line } =
      error instanceof CommanderError
        ? { code: error.exitCode === 0 ? EXIT.PASS : EXIT.USAGE, line: null }
        : (await import('./classify-error.js')).classifyError(error);
    // The line may quote a name from outside (a file's, a report's): no control character of it reaches the terminal.
    if (line !== null) process.stderr.write(`ctr-conformance: ${terminalSafeLines(line)}\n`);
    process.exitCode = code;
  }
}

// If a bug ever left the run waiting on nothing, node would exit 0 silently: make that a failure.
let finished = false;
process.once('beforeExit', () => {
  if (finished) return;
  process.stderr.write('ctr-conformance: internal error: the run stopped before it finished\n');
  process.exitCode = EXIT.FAIL;
});
// No top-level await: the bundle of the CLI (scripts/bundle-cli.mjs) is a script, not a module.
void main().then(() => {
  finished = true;
});
