import fc from 'fast-check';
import { optionNamed } from '../../specs/options.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable } from '../harness/verdict.js';
import type { StartRequest } from '../targets/target.js';
import { notAnInteger, suiteName } from './arbitraries/values.js';
import { hasFileKey, hasFlag } from './release-facts.js';
import { expectRefused, expectServed } from './start-and-inspect.js';

const ENUM_OPTIONS = ['default-cgroupns-mode', 'default-ipc-mode', 'log-format', 'log-level'] as const;
/** Values the real daemons take beyond the document's lists (logrus levels); generated refusals avoid them. */
const ALSO_TAKEN: readonly string[] = ['panic', 'fatal', 'error', 'warn', 'warning', 'info', 'debug', 'trace', 'text', 'json', 'host', 'private', 'shareable', 'none', 'container'];

type Via = 'flag' | 'file';
const requestFor = (option: string, value: string | number, via: Via): StartRequest =>
  via === 'flag' ? { args: [`--${option}=${String(value)}`] } : { config: { [optionNamed(option)?.fileKey ?? option]: value } };

export const enumValuesCheck: RuleCheck = {
  rule: 'config.values.enum',
  run(ctx, _api, options) {
    const usable = ENUM_OPTIONS.flatMap((option) => {
      const vias: Via[] = [...(hasFlag(ctx, option) ? (['flag'] as const) : []), ...(hasFileKey(ctx, optionNamed(option)?.fileKey ?? option) ? (['file'] as const) : [])];
      return vias.length === 0 ? [] : [{ option, vias, choices: optionNamed(option)?.choices ?? [] }];
    });
    if (usable.length === 0) return Promise.resolve(notApplicable('the release has none of the options with listed values'));
    const arb = fc.constantFrom(...usable).chain(({ option, vias, choices }) =>
      fc.record({
        option: fc.constant(option),
        via: fc.constantFrom(...vias),
        value: fc.oneof(fc.constantFrom(...choices).map((v) => ({ v, listed: true })), suiteName(6).filter((v) => !ALSO_TAKEN.includes(v)).map((v) => ({ v, listed: false }))),
      }),
    );
    return checkProperty(
      arb,
      async ({ option, via, value }) => {
        const request = requestFor(option, value.v, via);
        if (value.listed) await expectServed(ctx, request, `${option} ${value.v} (a listed value, by ${via})`);
        else await expectRefused(ctx, request, [value.v], `${option} ${value.v} (not a listed value, by ${via})`);
      },
      { ...options, numRuns: ctx.numStarts },
      `${usable.map((u) => u.option).join(', ')}: listed values start, others are refused naming the value`,
    );
  },
};

const COUNTS = ['max-concurrent-downloads', 'max-concurrent-uploads', 'max-download-attempts'] as const;

type NumberCase = { readonly option: string; readonly via: Via; readonly value: number | string; readonly ok: boolean };

export const numbersCheck: RuleCheck = {
  rule: 'config.values.numbers',
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
      async ({ option: o, via: v, value, ok }) => {
        const request = requestFor(o, value, v);
        if (ok) await expectServed(ctx, request, `${o} ${String(value)} by ${v}`);
        else await expectRefused(ctx, request, [], `${o} ${JSON.stringify(value)} by ${v}`);
      },
      { ...options, numRuns: ctx.numStarts },
      'counts from 1 start; negative counts and non-integers are refused',
    );
  },
};
