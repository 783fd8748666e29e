import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import type { StartRequest } from '../targets/target.js';
import { suiteName } from '../arbitraries/values.js';
import { describe, expectServedInfo } from '../harness/start-and-inspect.js';

type Runtime = { readonly name: string } & (
  | { readonly path: string; readonly runtimeArgs?: readonly string[] }
  | { readonly runtimeType: string; readonly options?: Record<string, unknown> }
);

const dropIn = (name: string): fc.Arbitrary<Runtime> =>
  fc
    .record({ path: fc.constantFrom('/bin/true', '/usr/bin/true'), args: fc.option(fc.constantFrom(['--debug'], ['--root', '/run/ctc']), { nil: undefined }) })
    .map(({ path, args }) => ({ name, path, ...(args === undefined ? {} : { runtimeArgs: args }) }));
/** A shim entry; several may share one runtimeType (runtimes rule 1). */
const shim = (name: string, sharedType: string): fc.Arbitrary<Runtime> =>
  fc.record({ own: fc.boolean(), typeName: suiteName(5), major: fc.constantFrom(1, 2), options: fc.boolean() }).map(({ own, typeName, major, options }) => ({
    name,
    runtimeType: own ? `io.containerd.${typeName}.v${major}` : sharedType,
    ...(options ? { options: {} } : {}),
  }));

const fileEntry = (r: Runtime): Record<string, unknown> => {
  const { name: _name, ...rest } = r;
  return rest;
};

export const runtimesRegisterCheck: RuleCheck = {
  rule: 'config.runtimes.register',
  run(ctx, _api, options) {
    // Shim entries on every release (the document gives them no release).
    const shims = true;
    const arb = fc
      .record({
        names: fc.uniqueArray(suiteName(), { minLength: 1, maxLength: 3 }),
        sharedType: suiteName(5).map((n) => `io.containerd.${n}.v2`),
        byFlag: fc.boolean(),
      })
      .chain(({ names, sharedType, byFlag }) =>
        fc.tuple(fc.constant(byFlag), fc.tuple(...names.map((n) => (byFlag || !shims ? dropIn(n) : fc.oneof(dropIn(n), shim(n, sharedType)))))),
      );
    return checkProperty(
      arb,
      async ([byFlag, runtimes]) => {
        const request: StartRequest = byFlag
          ? { args: runtimes.flatMap((r) => ['--add-runtime', `${r.name}=${'path' in r ? r.path : ''}`]) }
          : { config: { runtimes: Object.fromEntries(runtimes.map((r) => [r.name, fileEntry(r)])) } };
        const { info, log } = await expectServedInfo(ctx, request, 'registered runtimes');
        const shown = info['Runtimes'];
        const table = typeof shown === 'object' && shown !== null ? (shown as Record<string, Record<string, unknown> | undefined>) : {};
        for (const r of runtimes) {
          const entry = table[r.name];
          if (entry === undefined) throw new Violation(`runtime ${r.name} is not in GET /info Runtimes (${describe(request)})`, log);
          if ('path' in r && entry['path'] !== r.path)
            throw new Violation(`runtime ${r.name}: GET /info shows path ${JSON.stringify(entry['path'])}, expected ${r.path} (${describe(request)})`, log);
        }
      },
      { ...options, numRuns: Math.max(ctx.numStarts, 2) },
      'runtimes registered by --add-runtime or the file (drop-in and shim entries) are listed (drop-in ones with their path)',
      // First, two shim entries sharing one runtimeType beside a drop-in one (runtimes rules 1 and 2).
      [
        [
          false,
          [
            { name: 'ctcshima', runtimeType: 'io.containerd.ctcs.v2' },
            { name: 'ctcshimb', runtimeType: 'io.containerd.ctcs.v2', options: {} },
            { name: 'ctcdrop', path: '/bin/true' },
          ],
        ] as [boolean, Runtime[]],
      ],
    );
  },
};

type DefaultCase = { readonly kind: 'registered' | 'runc' | 'shim'; readonly value: string; readonly byFlag: boolean };

export const runtimesDefaultCheck: RuleCheck = {
  rule: 'config.runtimes.default',
  run(ctx, _api, options) {
    // Both kinds of name on every release (20.10.24 refuses a shim's name, "does not exist": it fails the rule).
    const kinds = ['registered', 'runc', 'shim'] as const;
    const arb: fc.Arbitrary<DefaultCase> = fc
      .record({ kind: fc.constantFrom(...kinds), byFlag: fc.boolean(), n: suiteName(5), major: fc.constantFrom(1, 2) })
      .map(({ kind, byFlag, n, major }) => ({
        kind,
        byFlag,
        value: kind === 'runc' ? 'runc' : kind === 'shim' ? `io.containerd.${n}.v${major}` : n,
      }));
    return checkProperty(
      arb,
      async ({ kind, value, byFlag }) => {
        const runtimes = kind === 'registered' ? { runtimes: { [value]: { path: '/bin/true' } } } : {};
        const request: StartRequest = byFlag ? { args: ['--default-runtime', value], config: runtimes } : { config: { ...runtimes, 'default-runtime': value } };
        const { info, log } = await expectServedInfo(ctx, request, `default-runtime ${value} (${kind})`);
        if (info['DefaultRuntime'] !== value)
          throw new Violation(`default-runtime ${value}: GET /info DefaultRuntime is ${JSON.stringify(info['DefaultRuntime'])} (${describe(request)})`, log);
      },
      { ...options, numRuns: Math.max(ctx.numStarts, 2) },
      "default-runtime takes a registered name or a shim's fully qualified name; DefaultRuntime shows it",
      [
        { kind: 'shim', value: 'io.containerd.ctcshim.v2', byFlag: false },
        { kind: 'registered', value: 'ctcreg', byFlag: true },
      ],
    );
  },
};
