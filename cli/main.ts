import { Command, CommanderError, InvalidArgumentError, Option } from 'commander';
// Only what --help needs is loaded here: each command loads its own modules when it runs (the
// suites, the targets and the renderers take about a second to load), an error its classifier.
import { DEFAULT_DEADLINES } from '../suites/run/deadlines.js';
import { TOOL_VERSION } from '../suites/run/tool-version.js';
import { EXIT } from './exit-codes.js';
import type { RunFlags } from './run-command.js';
import type { RulesFlags } from './rules-command.js';

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
      '\nExit codes: 0 no rule fails; 1 a rule fails or errors (or a --baseline regression); 2 usage error; 3 the target could not be started or reached; 130 interrupted (the report of what ran is written).',
    );

  program
    .command('run')
    .description('run the suites against a target and write report.json, report.html and junit.xml')
    .option(
      '--target <target>',
      'sim | sim-process | container:ENGINE | daemon:PATH | endpoint:URL (URL defaults to $CTR_HOST / $DOCKER_HOST) | openai:URL | llama-server | replay:TRANSCRIPT',
      'sim',
    )
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
    )
    .option('--out <dir>', 'report directory (default reports/<target>-<time>/)')
    .option('--seed <n>', 'run seed, a 32-bit integer (printed with every counterexample)', integer('--seed', -2147483648, 2147483647))
    .option('--num-runs <n>', 'generated cases per property (default 100 on the simulator, 15 on daemons)', integer('--num-runs', 1))
    .option('--num-starts <n>', 'generated cases for properties that start a daemon each', integer('--num-starts', 1))
    .option('--only <rule[@api]>', 'run only this rule or cell (repeatable)', collect)
    .option('--path <path>', 'replay path of a counterexample (with --only)')
    .option('--concurrency <n>', 'cells checked at once', integer('--concurrency', 1), 4)
    .option('--no-shrink', 'report the first failing case a property finds, unshrunk (faster verdicts; the counterexample may be larger)')
    .option('--shard <k/n>', 'run only the k-th of n parts of the cells (each part writes its own report)')
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
    .option('--allow-remote', 'allow endpoint targets on non-loopback addresses')
    .option('--baseline <file>', 'exit 1 only when a cell is worse than this baseline says (a regression gate)')
    .option('--write-baseline <file>', "write this run's statuses as a baseline")
    .option('--record <file>', 'write every answer of the target to a transcript, for --target replay:FILE')
    .option('-q, --quiet', 'no progress bar')
    .action(async (flags: RunFlags) => {
      const { runCommand } = await import('./run-command.js');
      process.exitCode = await runCommand(flags);
    });

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
    if (line !== null) process.stderr.write(`ctr-conformance: ${line}\n`);
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
await main();
finished = true;
