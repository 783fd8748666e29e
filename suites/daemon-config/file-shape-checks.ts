import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { HttpExchange } from '../../reports/model/result.js';
import type { Brand } from '../../specs/brands.js';
import type { SuiteContext } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { NotExercised, Violation } from '../harness/verdict.js';
import { documentOf, entriesTheTargetTakes, settingsArb, settingsOf } from './arbitraries/settings.js';
import { suiteName } from '../arbitraries/values.js';
import { CONFIG_FILE_NAME } from './file-facts.js';
import { releaseAtLeast } from '../harness/release-facts.js';
import { describe, excerpt, expectRefused, expectServedInfo, getInfo, startWith, validateRun } from '../harness/start-and-inspect.js';
import { incidentally, notExercisedFor, unknownKeysIn } from '../harness/incidental.js';

const gb = fc.integer({ min: 1, max: 64 }).map((n) => `${n}GB`);

/** A generated valid value of each nested shape (daemon.md › Nested shapes). */
const NESTED: Readonly<Record<string, (brand: Brand) => fc.Arbitrary<unknown>>> = {
  'default-address-pools': () =>
    fc
      .uniqueArray(fc.integer({ min: 11, max: 126 }), { minLength: 1, maxLength: 2 })
      .chain((firsts) => fc.constantFrom(20, 24, 26).map((size) => firsts.map((a) => ({ base: `${a}.0.0.0/16`, size })))),
  'default-ulimits': () =>
    fc
      .uniqueArray(fc.tuple(fc.constantFrom('nofile', 'nproc', 'core', 'memlock'), fc.integer({ min: 0, max: 4096 }), fc.integer({ min: 0, max: 4096 })), {
        minLength: 1,
        maxLength: 3,
        selector: ([n]) => n,
      })
      .map((limits) => Object.fromEntries(limits.map(([n, a, b]) => [n, { Name: n, Soft: Math.min(a, b), Hard: Math.max(a, b) }]))),
  builder: () =>
    fc.record({
      gc: fc.record({
        enabled: fc.boolean(),
        defaultKeepStorage: gb,
        policy: fc.array(fc.record({ keepStorage: gb, filter: fc.constantFrom(['unused-for=2200h'], ['type=source.local'], []), all: fc.boolean() }), {
          minLength: 0,
          maxLength: 2,
        }),
      }),
    }),
  'log-opts': () =>
    fc.record(
      { 'max-size': fc.integer({ min: 1, max: 100 }).map((n) => `${n}m`), 'max-file': fc.integer({ min: 1, max: 9 }).map(String) },
      { requiredKeys: [] },
    ),
  runtimes: () =>
    fc
      .uniqueArray(
        fc.tuple(
          suiteName(),
          fc.oneof(
            fc.record({ path: fc.constant('/bin/true'), runtimeArgs: fc.constantFrom(['--debug'], [], ['--root', '/run/ctc']) }, { requiredKeys: ['path'] }),
            fc.record({ runtimeType: suiteName(5).map((n) => `io.containerd.${n}.v2`), options: fc.constant({}) }, { requiredKeys: ['runtimeType'] }),
          ),
        ),
        { minLength: 1, maxLength: 3, selector: ([n]) => n },
      )
      .map((entries) => Object.fromEntries(entries)),
  'default-network-opts': (brand) => fc.integer({ min: 1280, max: 1500 }).map((mtu) => ({ bridge: { [`com.${brand}.network.driver.mtu`]: String(mtu) } })),
  proxies: () =>
    fc.record(
      {
        'http-proxy': suiteName().map((n) => `http://${n}.example:3128`),
        'https-proxy': suiteName().map((n) => `http://${n}.example:3129`),
        'no-proxy': fc.constant('localhost,127.0.0.1'),
      },
      { requiredKeys: [] },
    ),
  features: () => fc.record({ cdi: fc.boolean() }),
};

export const nestedShapesCheck: RuleCheck = {
  rule: 'config.file.nested-shapes',
  run(ctx, _api, options) {
    // Every documented shape, whatever the release has: a release that refuses one fails the rule.
    const keys = Object.keys(NESTED);
    const arb = fc
      .uniqueArray(fc.constantFrom(...keys), { minLength: 1, maxLength: 3 })
      .chain((chosen) => fc.tuple(...chosen.map((k) => NESTED[k]!(ctx.profile.name).map((v) => [k, v] as const))));
    return checkProperty(
      arb.map((entries) => Object.fromEntries(entries)),
      async (doc) => {
        const outcome = await startWith(ctx, { config: doc }, async () => undefined);
        if (!outcome.served)
          throw new Violation(
            `valid nested shapes: the daemon exited with code ${String(outcome.exitCode)} (${describe({ config: doc })}); output: ${excerpt(outcome.output)}`,
          );
      },
      { ...options, numRuns: ctx.numStarts },
      `valid values of the nested shapes (${keys.join(', ')}) start the daemon`,
      // First, a document with every nested shape.
      [Object.fromEntries(keys.map((k, i) => [k, fc.sample(NESTED[k]!(ctx.profile.name), { numRuns: 1, seed: 20261123 + i })[0]]))],
    );
  },
};

/** First release whose configuration reader refuses invalid UTF-8 (moby 23.0's decoder; config.file.unreadable's reading). */
const INVALID_UTF8_REFUSED_FROM = '23.0';

type Unreadable =
  | { readonly kind: 'missing' | 'directory'; readonly leaf: string }
  | { readonly kind: 'bad-utf8'; readonly at: number; readonly key: string }
  | { readonly kind: 'deep'; readonly depth: number };

/** Writes the case's file in `dir`; returns the path to give --config-file. */
function prepare(dir: string, c: Unreadable): string {
  switch (c.kind) {
    case 'missing':
      return join(dir, `${c.leaf}.json`);
    case 'directory':
      return dir;
    case 'bad-utf8': {
      const path = join(dir, 'bad-utf8.json');
      const value = Buffer.concat([Buffer.from('x'.repeat(c.at)), Buffer.from([0xff, 0xfe])]);
      writeFileSync(path, Buffer.concat([Buffer.from(`{"${c.key}":"`), value, Buffer.from('"}')]));
      return path;
    }
    case 'deep': {
      const path = join(dir, 'deep.json');
      writeFileSync(path, `{"builder":${'{"x":'.repeat(c.depth)}1${'}'.repeat(c.depth)}}`);
      return path;
    }
  }
}

export const unreadableCheck: RuleCheck = {
  rule: 'config.file.unreadable',
  run(ctx, _api, options) {
    const badUtf8: fc.Arbitrary<Unreadable>[] = [
      fc.record({
        kind: fc.constant('bad-utf8' as const),
        at: fc.integer({ min: 0, max: 20 }),
        key: fc.constantFrom('cgroup-parent', 'log-level', 'seccomp-profile'),
      }),
    ];
    const arb: fc.Arbitrary<Unreadable> = fc.oneof(
      fc.record({ kind: fc.constantFrom('missing' as const, 'directory' as const), leaf: suiteName() }),
      ...badUtf8,
      fc.record({ kind: fc.constant('deep' as const), depth: fc.integer({ min: 10_001, max: 12_000 }) }),
    );
    // Each kind once, first: a short run must not leave one out.
    const everyKind: Unreadable[] = [
      { kind: 'missing', leaf: 'ctc-missing' },
      { kind: 'directory', leaf: 'ctc-dir' },
      { kind: 'bad-utf8', at: 3, key: 'log-level' },
      { kind: 'deep', depth: 10_001 },
    ];
    return checkProperty(
      arb,
      async (c) => {
        // The rule's reading: invalid UTF-8 is refused from 23.0 (moby's decoder); 20.10.24 takes it (observed).
        if (c.kind === 'bad-utf8' && !releaseAtLeast(ctx, INVALID_UTF8_REFUSED_FROM))
          throw new NotExercised(`invalid UTF-8 is refused from ${INVALID_UTF8_REFUSED_FROM} by the rule's reading; the target claims an older release`);
        const dir = mkdtempSync(join(tmpdir(), 'ctc-cfg-'));
        try {
          const path = prepare(dir, c);
          await expectRefused(ctx, { args: ['--config-file', path] }, [path], `a configuration file that cannot be read (${c.kind})`);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'missing, directory, invalid UTF-8 and 10 000-deep files are refused naming the file',
      everyKind,
    );
  },
};

/** The defaults GET /info shows when nothing sets them (rule config.file.absent-defaults). */
const DEFAULTS: Readonly<Record<string, unknown>> = {
  Debug: false,
  ExperimentalBuild: false,
  LiveRestoreEnabled: false,
  LoggingDriver: 'json-file',
  DefaultRuntime: 'runc',
  Labels: [],
};

export function expectDefaults(info: Record<string, unknown>, exchanges: readonly HttpExchange[], what: string): void {
  const wrong = Object.entries(DEFAULTS).filter(([field, value]) => JSON.stringify(info[field]) !== JSON.stringify(value));
  if (wrong.length > 0) {
    throw new Violation(
      `${what}: GET /info ${wrong.map(([f, v]) => `${f} is ${JSON.stringify(info[f])}, expected ${JSON.stringify(v)}`).join('; ')}`,
      exchanges,
    );
  }
}

/** Keys that set one of the defaults checked (or the log level, which some daemons tie to Debug). */
const SETS_A_DEFAULT = new Set(['debug', 'experimental', 'live-restore', 'log-driver', 'default-runtime', 'label', 'log-level']);

export const absentDefaultsCheck: RuleCheck = {
  rule: 'config.file.absent-defaults',
  async run(ctx, _api, options) {
    const entries = (await entriesTheTargetTakes(ctx, settingsOf(ctx, 'file'))).filter((e) => !SETS_A_DEFAULT.has(e.option));
    return checkProperty(
      settingsArb(entries, ctx.profile.name, 4, 0).map(documentOf),
      async (doc) => {
        const request = { config: doc };
        const { info, log } = await incidentally(() => expectServedInfo(ctx, request, 'a file of other keys'));
        expectDefaults(info, log, `a file of other keys (${describe(request)})`);
      },
      { ...options, numRuns: ctx.numStarts },
      'options absent from the file keep their defaults in GET /info',
      // The empty file, and a file that sets one other key (its own default), whatever the seed.
      [{}, { 'max-concurrent-uploads': 5 }],
    );
  },
};

const blank = fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n'), { minLength: 0, maxLength: 6 }).map((parts) => parts.join(''));

export const emptyCheck: RuleCheck = {
  rule: 'config.file.empty',
  run(ctx, _api, options) {
    return checkProperty(
      blank,
      async (text) => {
        const request = { config: text };
        const what = `a blank configuration file (${JSON.stringify(text)})`;
        // Either way the releases go: refused naming the file (20.10), or no options at all (23.0 and later).
        const outcome = await startWith(ctx, request, (log) => getInfo(log));
        if (outcome.served) {
          expectDefaults(outcome.value, outcome.exchanges, what);
          return;
        }
        if (outcome.exitCode === null || outcome.exitCode === 0 || !outcome.output.includes(CONFIG_FILE_NAME)) {
          throw new Violation(
            `${what}: neither served with the defaults nor refused naming the file (exit ${String(outcome.exitCode)}; ${describe(request)}); output: ${excerpt(outcome.output)}`,
          );
        }
      },
      { ...options, numRuns: ctx.numStarts },
      'a blank file is refused naming the file, or configures nothing',
      ['', ' \n'],
    );
  },
};

/** Runs `--validate` on a file with unknown keys: exit 1, the file and every unknown key named. */
async function validateUnknown(ctx: SuiteContext, doc: Record<string, unknown>, unknown: readonly string[]): Promise<void> {
  const outcome = await validateRun(ctx, { config: doc });
  const request = { args: ['--validate'], config: doc };
  if (outcome.served) throw new Violation(`--validate with unknown keys: the daemon started and served (${describe(request)})`, outcome.exchanges);
  if (outcome.exitCode !== 1)
    throw new Violation(
      `--validate with unknown keys: exit code ${String(outcome.exitCode)}, expected 1 (${describe(request)}); output: ${excerpt(outcome.output)}`,
    );
  const listed = unknownKeysIn(outcome.output) ?? new Set<string>();
  const missing = unknown.filter((k) => !listed.has(k));
  if (!outcome.output.includes(CONFIG_FILE_NAME) || missing.length > 0) {
    throw new Violation(
      `--validate with unknown keys: the output should name the file and list ${unknown.join(', ')} (${describe(request)}); output: ${excerpt(outcome.output)}`,
    );
  }
}

export const validateCheck: RuleCheck = {
  rule: 'config.file.validate',
  async run(ctx, _api, options) {
    const arb = fc.record({
      doc: settingsArb(await entriesTheTargetTakes(ctx, settingsOf(ctx, 'file')), ctx.profile.name, 4, 0).map(documentOf),
      unknown: fc.uniqueArray(suiteName(10), { minLength: 0, maxLength: 3 }),
    });
    return checkProperty(
      arb,
      async ({ doc, unknown }) => {
        if (unknown.length > 0) return validateUnknown(ctx, { ...doc, ...Object.fromEntries(unknown.map((k) => [k, true])) }, unknown);
        const outcome = await validateRun(ctx, { config: doc });
        const request = { args: ['--validate'], config: doc };
        if (outcome.served) throw new Violation(`--validate with a valid file: the daemon started and served (${describe(request)})`, outcome.exchanges);
        if (/unknown flag: --validate/.test(outcome.output))
          throw new Violation(`absent in this release: --validate is an unknown flag (${describe(request)}); output: ${excerpt(outcome.output)}`);
        if (outcome.exitCode !== 0) notExercisedFor(outcome.output, ['validate']);
        if (outcome.exitCode !== 0 || !/configuration OK/.test(outcome.output)) {
          throw new Violation(
            `--validate with a valid file: exit code ${String(outcome.exitCode)}, expected 0 and "configuration OK" (${describe(request)}); output: ${excerpt(outcome.output)}`,
          );
        }
      },
      { ...options, numRuns: Math.max(ctx.numStarts, 2) },
      '--validate: valid files exit 0 with "configuration OK"; unknown keys exit 1 naming the file and each key',
      [
        { doc: {}, unknown: [] },
        { doc: {}, unknown: ['ctcunknownkey'] },
      ],
    );
  },
};

export const validateAbsentCheck: RuleCheck = {
  rule: 'config.file.validate-absent',
  run(ctx, _api, options) {
    return checkProperty(
      settingsArb(settingsOf(ctx, 'file'), ctx.profile.name, 3, 0).map(documentOf),
      async (doc) => {
        const request = { args: ['--validate'], config: doc };
        const outcome = await validateRun(ctx, { config: doc });
        // A release that has --validate answers it (exit 0 and a success line, whose words are config.file.validate's): nothing of this rule to check.
        if (!outcome.served && outcome.exitCode === 0 && outcome.output.trim() !== '')
          throw new NotExercised('the target answers --validate: the rule speaks of releases without it');
        if (outcome.served)
          throw new Violation(
            `--validate: the daemon started and served, neither checking the file nor refusing the flag (${describe(request)})`,
            outcome.exchanges,
          );
        if (outcome.exitCode === null || outcome.exitCode === 0 || !outcome.output.includes('--validate')) {
          throw new Violation(
            `--validate on a release without it: exit ${String(outcome.exitCode)}, expected ≠ 0 naming --validate (${describe(request)}); output: ${excerpt(outcome.output)}`,
          );
        }
      },
      { ...options, numRuns: Math.min(ctx.numStarts, 3) },
      '--validate is answered, or refused as an unknown option naming it',
    );
  },
};
