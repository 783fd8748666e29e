import fc from 'fast-check';
import { optionNamed } from '../../specs/options.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import type { StartRequest } from '../targets/target.js';
import { notAnInteger, suiteName } from '../arbitraries/values.js';
import { expectRefused, expectServed } from '../harness/start-and-inspect.js';

const ENUM_OPTIONS = ['default-cgroupns-mode', 'default-ipc-mode', 'log-format', 'log-level'] as const;
/**
 * Values outside the document's lists that a release could take while it looks right: the log
 * levels of the logging library every observed release uses (strict reading: refused; the other
 * reading: may be taken), and neighbours of the listed modes.
 */
const NEAR_MISSES: Readonly<Record<(typeof ENUM_OPTIONS)[number], readonly string[]>> = {
  'log-level': ['trace', 'panic', 'warning'],
  'default-cgroupns-mode': ['none', 'container'],
  'default-ipc-mode': ['host', 'none'],
  'log-format': ['logfmt'],
};
/** The library's own log levels: the other reading lets a release take them. */
const LIBRARY_LEVELS: readonly string[] = ['trace', 'panic', 'warning'];
/** Words any release takes for one of the options (generated refusals avoid them). */
const ALSO_TAKEN: readonly string[] = [
  'panic',
  'fatal',
  'error',
  'warn',
  'warning',
  'info',
  'debug',
  'trace',
  'text',
  'json',
  'host',
  'private',
  'shareable',
  'none',
  'container',
];

type Via = 'flag' | 'file';
const requestFor = (option: string, value: string | number, via: Via): StartRequest =>
  via === 'flag' ? { args: [`--${option}=${String(value)}`] } : { config: { [optionNamed(option)?.fileKey ?? option]: value } };

type EnumCase = { readonly option: string; readonly via: Via; readonly v: string; readonly listed: boolean };
const enumItem = (c: EnumCase): string => `${c.listed ? 'listed' : 'outside'}:${c.option}=${ALSO_TAKEN.includes(c.v) || c.listed ? c.v : '<generated>'}`;

export const enumValuesCheck: RuleCheck = {
  rule: 'config.values.enum',
  documentedItems: () => everyEnumCase().map(enumItem),
  run(ctx, _api, options) {
    const other = options.reading === 'other';
    const arb: fc.Arbitrary<EnumCase> = fc.constantFrom(...ENUM_OPTIONS).chain((option) =>
      fc
        .record({
          option: fc.constant(option),
          via: fc.constantFrom<Via>('flag', 'file'),
          value: fc.oneof(
            fc.constantFrom(...(optionNamed(option)?.choices ?? [])).map((v) => ({ v, listed: true })),
            fc.constantFrom(...NEAR_MISSES[option]).map((v) => ({ v, listed: false })),
            suiteName(6)
              .filter((v) => !ALSO_TAKEN.includes(v))
              .map((v) => ({ v, listed: false })),
          ),
        })
        .map(({ option: o, via, value }) => ({ option: o, via, ...value })),
    );
    const examples = everyEnumCase();
    return checkProperty(
      arb,
      async (c) => {
        options.coverage?.hit(enumItem(c));
        const request = requestFor(c.option, c.v, c.via);
        if (c.listed) await expectServed(ctx, request, `${c.option} ${c.v} (a listed value, by ${c.via})`);
        else if (other && c.option === 'log-level' && LIBRARY_LEVELS.includes(c.v)) return;
        else await expectRefused(ctx, request, [c.v], `${c.option} ${c.v} (not a listed value, by ${c.via})`);
      },
      { ...options, numRuns: Math.max(ctx.numStarts, examples.length) },
      other
        ? `${ENUM_OPTIONS.join(', ')}: listed values start; values that name no level or mode are refused naming the value`
        : `${ENUM_OPTIONS.join(', ')}: listed values start, every other value (trace, panic, warning included) is refused naming the value`,
      examples,
    );
  },
};

/** Every listed value and every near miss once, by flag and by file in turn, and one generated word per option. */
function everyEnumCase(): EnumCase[] {
  const cases: EnumCase[] = [];
  let i = 0;
  const via = (): Via => (i++ % 2 === 0 ? 'flag' : 'file');
  for (const option of ENUM_OPTIONS) {
    for (const v of optionNamed(option)?.choices ?? []) cases.push({ option, via: via(), v, listed: true });
    for (const v of NEAR_MISSES[option]) cases.push({ option, via: via(), v, listed: false });
    cases.push({ option, via: via(), v: `ctcnot${option.length}`, listed: false });
  }
  return cases;
}

const COUNTS = ['max-concurrent-downloads', 'max-concurrent-uploads', 'max-download-attempts'] as const;

type NumberCase = { readonly option: string; readonly via: Via; readonly value: number | string; readonly ok: boolean };

/** The document's defaults of the counts (› Limits): boundary values it names, which must start; and -1, the first refused. */
const DOCUMENTED_DEFAULTS: Readonly<Record<(typeof COUNTS)[number], number>> = {
  'max-concurrent-downloads': 3,
  'max-concurrent-uploads': 5,
  'max-download-attempts': 5,
};
const numberItem = (c: NumberCase): string => `boundary:${c.option}=${String(c.value)}:${c.via}`;
const BOUNDARY_CASES: readonly NumberCase[] = COUNTS.flatMap((o, i) => [
  { option: o, via: i % 2 === 0 ? 'flag' : 'file', value: DOCUMENTED_DEFAULTS[o], ok: true },
  { option: o, via: i % 2 === 0 ? 'file' : 'flag', value: -1, ok: false },
]);

export const numbersCheck: RuleCheck = {
  rule: 'config.values.numbers',
  documentedItems: () => BOUNDARY_CASES.map(numberItem),
  run(ctx, _api, options) {
    const option = fc.constantFrom(...COUNTS);
    const via = fc.constantFrom<Via>('flag', 'file');
    const arb: fc.Arbitrary<NumberCase> = fc.oneof(
      fc.tuple(option, via, fc.integer({ min: 1, max: 64 })).map(([o, v, n]): NumberCase => ({ option: o, via: v, value: n, ok: true })),
      fc.tuple(option, via, fc.integer({ min: -1000, max: -1 })).map(([o, v, n]): NumberCase => ({ option: o, via: v, value: n, ok: false })),
      fc.tuple(option, notAnInteger).map(([o, text]): NumberCase => ({ option: o, via: 'flag', value: text, ok: false })),
    );
    return checkProperty(
      arb,
      async (c) => {
        options.coverage?.hit(numberItem(c));
        const request = requestFor(c.option, c.value, c.via);
        if (c.ok) await expectServed(ctx, request, `${c.option} ${String(c.value)} by ${c.via}`);
        else await expectRefused(ctx, request, [], `${c.option} ${JSON.stringify(c.value)} by ${c.via}`);
      },
      { ...options, numRuns: Math.max(ctx.numStarts, BOUNDARY_CASES.length) },
      'counts from 1 start (the documented defaults 3, 5, 5 first); negative counts and non-integers are refused',
      BOUNDARY_CASES,
    );
  },
};
