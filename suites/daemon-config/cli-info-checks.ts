import fc from 'fast-check';
import { escapeRegExp } from '../../common/regexp.js';
import { DAEMON_OPTIONS } from '../../specs/options.js';
import type { SuiteContext } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { skipped, Violation } from '../harness/verdict.js';
import { RELEASE_UNKNOWN } from '../harness/cells.js';
import { name } from '../arbitraries/values.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';

/** Runs a command that must print and quit: exit 0 without serving; returns its output. */
async function printAndQuit(ctx: SuiteContext, args: readonly string[]): Promise<string> {
  const outcome = await startWith(ctx, { args }, async () => undefined);
  if (outcome.served) throw new Violation(`${args.join(' ')}: the daemon started and served instead of printing and quitting`, outcome.exchanges);
  if (outcome.exitCode !== 0) throw new Violation(`${args.join(' ')}: exit code ${String(outcome.exitCode)}, expected 0; output: ${excerpt(outcome.output)}`);
  return outcome.output;
}

export const versionCheck: RuleCheck = {
  rule: 'config.cli.version',
  run(ctx, _api, options) {
    const release = ctx.release;
    if (release === null) return Promise.resolve(skipped(RELEASE_UNKNOWN));
    const product = ctx.profile.names.product;
    return checkProperty(
      fc.constantFrom(['--version'], ['-v'], ['--debug', '--version'], ['-v', '--debug']),
      async (args) => {
        const output = await printAndQuit(ctx, args);
        const lines = output.trim().split('\n');
        const match = /^(\S+) version (\S+), build (\S+)$/.exec(lines[0] ?? '');
        if (lines.length !== 1 || match === null)
          throw new Violation(
            `${args.join(' ')}: expected one line "${product} version <version>, build <commit>", got ${JSON.stringify(output.slice(0, 300))}`,
          );
        if (match[1] !== product)
          throw new Violation(`${args.join(' ')}: the line names the product ${JSON.stringify(match[1])}, expected ${product}: ${lines[0]}`);
        if (!(match[2] ?? '').startsWith(`${release.release}.`))
          throw new Violation(`${args.join(' ')}: version ${String(match[2])} is not of the ${release.release} series: ${lines[0]}`);
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 4) },
      `--version and -v print "${product} version ${release.release}.…, build …" and quit`,
    );
  },
};

/** Whether the usage text lists `--name` as an option (not as the prefix of a longer one). */
const listsFlag = (usage: string, flag: string): boolean => new RegExp(`(^|[\\s,])--${escapeRegExp(flag)}(?=[\\s=,]|$)`, 'm').test(usage);

/** The options the usage must list: every documented Linux option (the document gives them no release). */
const documentedLinuxOptions = (): string[] => DAEMON_OPTIONS.filter((o) => o.platforms.includes('linux')).map((o) => o.name);

export const helpCheck: RuleCheck = {
  rule: 'config.cli.help',
  documentedItems: () => documentedLinuxOptions().map((o) => `option:${o}`),
  run(ctx, _api, options) {
    const listed = documentedLinuxOptions();
    return checkProperty(
      fc.constantFrom(['--help'], ['--debug', '--help']),
      async (args) => {
        const usage = await printAndQuit(ctx, args);
        for (const f of listed) options.coverage?.hit(`option:${f}`);
        const missing = listed.filter((f) => !listsFlag(usage, f));
        if (missing.length > 0) throw new Violation(`${args.join(' ')}: the usage does not list ${missing.map((f) => `--${f}`).join(', ')}`);
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 2) },
      `--help lists the ${listed.length} documented options`,
    );
  },
};

export const positionalCheck: RuleCheck = {
  rule: 'config.cli.positional',
  run(ctx, _api, options) {
    const word = name(8);
    const arb = fc.oneof(
      word.map((w) => [w]),
      word.map((w) => ['--debug', w]),
      word.map((w) => [w, '--debug']),
      fc.constantFrom('false', 'true').map((b) => ['--debug', b]),
      fc.tuple(word, word).map(([a, b]) => ['--log-level=info', a, b]),
    );
    return checkProperty(
      arb,
      async (args) => {
        await expectRefused(ctx, { args }, [], `positional arguments in ${describe({ args })}`);
      },
      { ...options, numRuns: ctx.numStarts },
      'positional words, alone or after a switch, are refused',
      [['--debug', 'false']],
    );
  },
};
