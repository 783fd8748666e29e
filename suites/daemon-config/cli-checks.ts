import fc from 'fast-check';
import { DAEMON_OPTIONS, optionNamed } from '../../specs/options.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable, Violation } from '../harness/verdict.js';
import { FALSE_SPELLINGS, TRUE_SPELLINGS, distinctLabels, notABool, suiteName } from '../arbitraries/values.js';
import {
  documentedSettings,
  flagForm,
  flagWords,
  optionsOf,
  settingsArb,
  settingsOf,
  everySetting,
  type FlagForm,
  type Setting,
} from './arbitraries/settings.js';
import { describe, excerpt, expectAccepted, expectRefused, expectServedInfo, startWith } from '../harness/start-and-inspect.js';

/** Whether the output names a one-letter flag: quoted (pflag's `'q' in -q`) or as `-q`. */
export const namesShort = (output: string, letter: string): boolean => new RegExp(`['"\`]${letter}['"\`]|(^|\\s)-${letter}(\\s|=|$)`, 'm').test(output);

/** Options of the document the suite never sets (the target sets them, or they leave the sandbox). */
const SANDBOX_OPTIONS = new Set([
  'host',
  'data-root',
  'exec-root',
  'pidfile',
  'bridge',
  'iptables',
  'ip6tables',
  'ip-forward',
  'config-file',
  'help',
  'version',
]);

/**
 * Documented options outside the generated ones (whatever the release has): each is tried once as
 * `--name=<value> --version`, which parses every flag and starts nothing; an unknown flag there is
 * an option absent in this release.
 */
const probedOptions = (): string[] => {
  const generated = new Set(optionsOf(documentedSettings()));
  return DAEMON_OPTIONS.filter((o) => o.platforms.includes('linux') && !generated.has(o.name) && !SANDBOX_OPTIONS.has(o.name)).map((o) => o.name);
};
const PROBE_VALUE: Readonly<Record<string, string>> = { bip6: 'fd00:ca7::1/64' };

/** Command lines of `entries`, every one first in the `--name value` form. */
function optionsProperty(
  ctx: Parameters<RuleCheck['run']>[0],
  options: Parameters<RuleCheck['run']>[2],
  entries: ReturnType<typeof settingsOf>,
  summary: string,
  absent: readonly string[],
) {
  type Case = { readonly settings: Setting[]; readonly forms: FlagForm[] } | { readonly probe: string };
  const arb: fc.Arbitrary<Case> = settingsArb(entries, ctx.profile.name).chain((settings) =>
    fc.array(flagForm, { minLength: settings.length, maxLength: settings.length }).map((forms) => ({ settings, forms })),
  );
  const examples: Case[] = [
    { settings: everySetting(entries, ctx.profile.name), forms: entries.map((): FlagForm => 'separate') },
    ...absent.map((probe) => ({ probe })),
  ];
  return checkProperty(
    arb,
    async (c) => {
      if ('probe' in c) {
        options.coverage?.hit(`option:${c.probe}`);
        const kind = optionNamed(c.probe)?.kind;
        const word = kind === 'bool' ? `--${c.probe}=true` : `--${c.probe}=${PROBE_VALUE[c.probe] ?? (kind === 'int' ? '1' : 'ctc')}`;
        const outcome = await startWith(ctx, { args: [word, '--version'] }, async () => undefined);
        if (!outcome.served && /unknown (shorthand )?flag/.test(outcome.output) && outcome.output.includes(`--${c.probe}`)) {
          throw new Violation(
            `absent in this release: the documented option --${c.probe} is an unknown flag (args: ${JSON.stringify([word, '--version'])}); output: ${excerpt(outcome.output)}`,
          );
        }
        return;
      }
      for (const s of c.settings) options.coverage?.hit(`option:${s.option}`);
      const args = c.settings.flatMap((s, i) => flagWords(s, c.forms[i] ?? 'equals'));
      await expectAccepted(ctx, { args }, 'options of the table with valid values');
    },
    { ...options, numRuns: Math.max(ctx.numStarts, examples.length) },
    summary,
    examples,
  );
}

export const optionsCheck: RuleCheck = {
  rule: 'config.cli.options',
  documentedItems: () => [...optionsOf(documentedSettings()), ...probedOptions()].map((o) => `option:${o}`),
  run(ctx, _api, options) {
    const entries = documentedSettings();
    return optionsProperty(
      ctx,
      options,
      entries,
      `command lines of the ${entries.length} documented options the suite may set, in long, \`=\` and short forms, are accepted; no documented option is unknown`,
      probedOptions(),
    );
  },
};

export const optionsReleaseCheck: RuleCheck = {
  rule: 'config.cli.options.release',
  documentedItems: (ctx) => optionsOf(settingsOf(ctx, 'flag')).map((o) => `option:${o}`),
  run(ctx, _api, options) {
    const entries = settingsOf(ctx, 'flag');
    return optionsProperty(
      ctx,
      options,
      entries,
      `command lines of ${entries.length} options of the release, in long, \`=\` and short forms, are accepted`,
      [],
    );
  },
};

/** Letters no release uses as a short option. */
const UNUSED_SHORT = 'jkqwxyzJKQWXYZ';

export const unknownOptionCheck: RuleCheck = {
  rule: 'config.cli.unknown-option',
  run(ctx, _api, options) {
    const arb = fc.oneof(
      fc
        .tuple(suiteName(10), fc.option(suiteName(4), { nil: undefined }))
        .map(([n, value]) => ({ word: value === undefined ? `--${n}` : `--${n}=${value}`, long: n })),
      fc.constantFrom(...UNUSED_SHORT).map((letter) => ({ word: `-${letter}`, short: letter })),
    );
    return checkProperty(
      arb,
      async (unknown) => {
        const named = 'long' in unknown ? `--${unknown.long}` : unknown.short;
        await expectRefused(ctx, { args: ['--debug', unknown.word] }, [named], `the unknown option ${unknown.word}`, (output, n) =>
          'long' in unknown ? output.includes(n) : namesShort(output, n),
        );
      },
      { ...options, numRuns: ctx.numStarts },
      'unknown long and short options are refused, naming the flag',
    );
  },
};

/**
 * The output without the usage's option lines (`  -l, --log-level string   Set…`): 28.x prints the
 * whole usage after a usage error, which lists every flag; the error itself must name the flag.
 */
export const withoutUsageOptions = (output: string): string =>
  output
    .split('\n')
    .filter((line) => !/^\s+(-[A-Za-z], )?--[A-Za-z0-9-]+/.test(line))
    .join('\n');

export const valueRequiredCheck: RuleCheck = {
  rule: 'config.cli.value-required',
  run(ctx, _api, options) {
    const valued = settingsOf(ctx, 'flag').filter((e) => optionNamed(e.option)?.kind !== 'bool');
    if (valued.length === 0) return Promise.resolve(notApplicable('the release has no value option the suite may set'));
    const arb = fc.record({
      before: settingsArb(settingsOf(ctx, 'flag'), ctx.profile.name, 2, 0),
      last: fc.constantFrom(...valued.map((e) => e.option)),
      short: fc.boolean(),
    });
    return checkProperty(
      arb,
      async ({ before, last, short }) => {
        const letter = optionNamed(last)?.short;
        const useShort = short && letter !== undefined;
        const rest = before.filter((s) => s.option !== last);
        const args = [...rest.flatMap((s) => flagWords(s, 'equals')), useShort ? `-${letter}` : `--${last}`];
        await expectRefused(ctx, { args }, [useShort ? letter : `--${last}`], `--${last} last without its value`, (output, n) =>
          useShort ? namesShort(withoutUsageOptions(output), n) : withoutUsageOptions(output).includes(n),
        );
      },
      { ...options, numRuns: ctx.numStarts },
      'a value option last without its value is refused, naming the flag',
    );
  },
};

type BoolCase = { readonly words: readonly string[]; readonly expected: boolean | 'refused' };

export const boolFormsCheck: RuleCheck = {
  rule: 'config.cli.bool-forms',
  run(ctx, _api, options) {
    const arb: fc.Arbitrary<BoolCase> = fc.oneof(
      fc.constant<BoolCase>({ words: ['--debug'], expected: true }),
      fc.constant<BoolCase>({ words: ['-D'], expected: true }),
      fc.constantFrom(...TRUE_SPELLINGS).map((s): BoolCase => ({ words: [`--debug=${s}`], expected: true })),
      fc.constantFrom(...FALSE_SPELLINGS).map((s): BoolCase => ({ words: [`--debug=${s}`], expected: false })),
      notABool.map((s): BoolCase => ({ words: [`--debug=${s}`], expected: 'refused' })),
    );
    return checkProperty(
      arb,
      async ({ words, expected }) => {
        const request = { args: [...words] };
        if (expected === 'refused') {
          await expectRefused(ctx, request, [], `the malformed switch ${words.join(' ')}`);
          return;
        }
        const { info, log } = await expectServedInfo(ctx, request, `the switch ${words.join(' ')}`);
        if (info['Debug'] !== expected)
          throw new Violation(
            `${words.join(' ')}: GET /info Debug is ${JSON.stringify(info['Debug'])}, expected ${String(expected)} (${describe(request)})`,
            log,
          );
      },
      { ...options, numRuns: ctx.numStarts },
      '--debug, -D and --debug=<bool> set Debug; a malformed bool is refused',
      // Whatever the seed (the first generated cases lean to --debug and -D): false, a true spelling other than `true`, and a word that is no bool.
      [
        { words: ['--debug=false'], expected: false },
        { words: ['--debug=1'], expected: true },
        { words: ['--debug=yes'], expected: 'refused' },
      ],
    );
  },
};

export const repeatableCheck: RuleCheck = {
  rule: 'config.cli.repeatable',
  run(ctx, _api, options) {
    return checkProperty(
      distinctLabels(1, 5),
      async (labels) => {
        const request = { args: labels.flatMap((l) => ['--label', l]) };
        const { info, log } = await expectServedInfo(ctx, request, `--label given ${labels.length} times`);
        const shown = info['Labels'];
        // Every value, in any order: 28.5.2 lists daemon labels sorted (observed), the document says nothing of order.
        const sameSet = Array.isArray(shown) && shown.length === labels.length && labels.every((l) => shown.includes(l));
        if (!sameSet) {
          throw new Violation(
            `--label given ${labels.length} times: GET /info Labels is ${JSON.stringify(shown)}, expected each of ${JSON.stringify(labels)}`,
            log,
          );
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'every --label is kept',
      // A value with a comma is one value: a flag that splits values at commas (a string slice) does not keep it.
      [
        ['ctc-a=1', 'ctc-b=2', 'ctc-c=3'],
        ['ctc-a=1', 'ctc-b=2,3'],
      ],
    );
  },
};

const CDI_DEFAULT_DIRS = ['/etc/cdi', '/var/run/cdi'];

export const featureValueCheck: RuleCheck = {
  rule: 'config.cli.feature-value',
  run(ctx, _api, options) {
    type FeatureCase = { readonly value: string; readonly expected: boolean | 'refused' };
    const arb: fc.Arbitrary<FeatureCase> = fc.oneof(
      fc.constant<FeatureCase>({ value: 'cdi', expected: true }),
      fc.constantFrom(...TRUE_SPELLINGS).map((s): FeatureCase => ({ value: `cdi=${s}`, expected: true })),
      fc.constantFrom(...FALSE_SPELLINGS).map((s): FeatureCase => ({ value: `cdi=${s}`, expected: false })),
      notABool.map((s): FeatureCase => ({ value: `cdi=${s}`, expected: 'refused' })),
    );
    return checkProperty(
      arb,
      async ({ value, expected }) => {
        const request = { args: ['--feature', value] };
        if (expected === 'refused') {
          await expectRefused(ctx, request, [], `--feature ${value}`);
          return;
        }
        const { info, log } = await expectServedInfo(ctx, request, `--feature ${value}`);
        const want = expected ? CDI_DEFAULT_DIRS : [];
        if (JSON.stringify(info['CDISpecDirs']) !== JSON.stringify(want)) {
          throw new Violation(`--feature ${value}: GET /info CDISpecDirs is ${JSON.stringify(info['CDISpecDirs'])}, expected ${JSON.stringify(want)}`, log);
        }
      },
      { ...options, numRuns: ctx.numStarts },
      '--feature cdi and cdi=<bool> turn CDI on and off; a non-bool is refused',
      [
        { value: 'cdi', expected: true },
        { value: 'cdi=false', expected: false },
      ],
    );
  },
};
