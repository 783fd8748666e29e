import fc from 'fast-check';
import t from 'tap';
import { DAEMON_OPTIONS, type DaemonOption } from '../specs/options.js';
import { KNOWN_OPTIONS, parseArgv, SimError } from '../simulator/index.js';
import { flag, READ_OPTIONS } from '../simulator/config/flags/options.js';

const value = fc.string({ unit: fc.constantFrom(...'abcxyz019/._:=-'), minLength: 1, maxLength: 12 }).filter((s) => !s.startsWith('-'));

interface Occurrence {
  readonly option: DaemonOption;
  readonly value: boolean | string | number;
  readonly argv: string[];
}

/** One flag occurrence rendered in one of the spellings the daemon accepts. */
const occurrence = fc
  .constantFrom(...DAEMON_OPTIONS.filter((o) => o.name !== 'help' && o.name !== 'version'))
  .chain((option: DaemonOption): fc.Arbitrary<Occurrence> => {
    const names = option.short === undefined ? [`--${option.name}`] : [`--${option.name}`, `-${option.short}`];
    const name = fc.constantFrom(...names);
    if (option.kind === 'bool') {
      return fc.tuple(name, fc.option(fc.boolean(), { nil: undefined })).map(([flag, b]) => ({
        option,
        value: b ?? true,
        argv: b === undefined ? [flag] : [`${flag}=${String(b)}`],
      }));
    }
    const raw = option.kind === 'int' ? fc.integer({ min: -5, max: 100000 }).map(String) : value;
    return fc
      .tuple(name, raw, fc.boolean())
      .map(([flag, v, joined]) => ({ option, value: option.kind === 'int' ? Number(v) : v, argv: joined ? [`${flag}=${v}`] : [flag, v] }));
  });

t.test('every generated command line parses to the flags it was made from', async (t) => {
  const details = fc.check(
    fc.property(fc.array(occurrence, { maxLength: 12 }), (occurrences) => {
      const parsed = parseArgv(occurrences.flatMap((o) => o.argv));
      const expected = new Map<string, unknown>();
      for (const o of occurrences) {
        if (o.option.kind === 'list') expected.set(o.option.name, [...((expected.get(o.option.name) as string[] | undefined) ?? []), o.value]);
        else expected.set(o.option.name, o.value);
      }
      return JSON.stringify(Object.fromEntries(parsed)) === JSON.stringify(Object.fromEntries(expected));
    }),
    { numRuns: 500 },
  );
  t.notOk(details.failed, fc.defaultReportMessage(details) ?? 'every command line parsed back');
});

t.test('bad command lines are usage errors, never crashes', async (t) => {
  const cases: [string[], RegExp][] = [
    [['--no-such-flag'], /unknown flag: --no-such-flag/],
    [['-Z'], /unknown shorthand flag: 'Z'/],
    [['--debug=maybe'], /invalid argument "maybe" for "--debug"/],
    [['--mtu', 'big'], /invalid argument "big" for "--mtu"/],
    [['--data-root'], /flag needs an argument: --data-root/],
    [['-H'], /flag needs an argument: -H/],
    [['positional'], /does not take any positional arguments/],
  ];
  for (const [argv, message] of cases) {
    t.throws(() => parseArgv(argv), { code: 'SIM_USAGE', message }, argv.join(' '));
  }
  const details = fc.check(
    fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 6 }), (argv) => {
      try {
        parseArgv(argv);
      } catch (error) {
        if (!(error instanceof SimError)) throw error;
      }
    }),
    { numRuns: 1000 },
  );
  t.notOk(details.failed, fc.defaultReportMessage(details) ?? 'only SimErrors');
});

t.test('--fault takes rule ids, repeatable; --faults-file a path', async (t) => {
  t.same(Object.fromEntries(parseArgv(['--fault', 'api.ping', '--fault=api.not-found', '--faults-file', '/f'])), {
    fault: ['api.ping', 'api.not-found'],
    'faults-file': '/f',
  });
});

t.test('short flag clusters and attached values', async (t) => {
  t.same(Object.fromEntries(parseArgv(['-DHunix:///a', '-H', 'tcp://127.0.0.1:1'])), { debug: true, host: ['unix:///a', 'tcp://127.0.0.1:1'] });
  t.same(Object.fromEntries(parseArgv(['-D=false', '--emulate=28.5'])), { debug: false, emulate: '28.5' });
});

t.test('every typed reader of config/flags/options.ts reads its option as the option table types it', async (t) => {
  for (const [name, kind] of Object.entries(READ_OPTIONS)) {
    t.equal(KNOWN_OPTIONS.find((option) => option.name === name)?.kind, kind, `--${name} is a ${kind} option`);
  }
  const flags = parseArgv(['--debug', '--label', 'a=1', '--mtu', '1400', '--log-level', 'warn']);
  t.equal(flag(flags, 'debug'), true);
  t.same(flag(flags, 'label'), ['a=1']);
  t.equal(flag(flags, 'mtu'), 1400);
  t.equal(flag(flags, 'log-level'), 'warn');
  t.equal(flag(flags, 'experimental'), undefined, 'an option not given reads as undefined');
});
