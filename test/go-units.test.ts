import fc from 'fast-check';
import t from 'tap';
import { goParseFloat } from '../simulator/engine/go-strconv.js';
import { ramInBytes } from '../simulator/engine/go-units.js';
import { goUrlPort } from '../simulator/engine/go-url.js';

const RUNS = { numRuns: 2000 };
const UNITS: Readonly<Record<string, number>> = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

t.test('ParseFloat: every double written by JavaScript reads back, with underscores between its digits too', async (t) => {
  fc.assert(
    fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
      const parsed = goParseFloat(Object.is(value, -0) ? '-0' : String(value));
      return 'value' in parsed && Object.is(parsed.value, value);
    }),
    RUNS,
  );
  fc.assert(
    fc.property(fc.nat(), fc.nat(), (whole, fraction) => {
      const spaced = `${String(whole).split('').join('_')}.${String(fraction).split('').join('_')}`;
      const parsed = goParseFloat(spaced);
      return 'value' in parsed && parsed.value === Number(`${whole}.${fraction}`);
    }),
    RUNS,
  );
  for (const [text, expected] of [
    ['0x1p-2', 0.25],
    ['0x_1.8p1', 3],
    ['-Inf', -Infinity],
    ['infinity', Infinity],
  ] as const)
    t.same(goParseFloat(text), { value: expected }, text);
  t.ok(Number.isNaN((goParseFloat('NaN') as { value: number }).value), 'NaN');
  for (const text of ['', '.', ' 1', '1_', '_1', '1__0', '0x10', '1e', '+nan', '1.5.5', '0x'])
    t.same(goParseFloat(text), { error: `strconv.ParseFloat: parsing ${JSON.stringify(text)}: invalid syntax` }, `${JSON.stringify(text)} is no float`);
  t.same(goParseFloat('1e400'), { error: 'strconv.ParseFloat: parsing "1e400": value out of range' });
});

t.test('RAMInBytes: a number and a binary unit, in both parsers', async (t) => {
  const unit = fc.constantFrom(...Object.keys(UNITS));
  const spelled = fc.tuple(unit, fc.constantFrom('', 'i', 'I'), fc.constantFrom('', 'b', 'B'), fc.boolean(), fc.boolean()).map(([u, i, b, upper, space]) => {
    const suffix = u === '' || u === 'b' ? u : `${u}${i}${i === '' ? b : b === '' ? 'b' : b}`;
    return { suffix: `${space && suffix !== '' ? ' ' : ''}${upper ? suffix.toUpperCase() : suffix}`, multiplier: UNITS[u]! };
  });
  fc.assert(
    fc.property(fc.nat(1_000_000), spelled, fc.boolean(), (n, { suffix, multiplier }, regexParser) => {
      const parsed = ramInBytes(`${n}${suffix}`, regexParser);
      return 'value' in parsed && parsed.value === BigInt(n * multiplier);
    }),
    RUNS,
  );
  // Observed on 20.10.24 and 26.1.5 (0.4) and 28.5.2 (0.5) through a volume's size option.
  for (const [text, old, current] of [
    ['1q', "invalid size: '1q'", "invalid suffix: 'q'"],
    ['1bb', "invalid size: '1bb'", "invalid suffix: 'bb'"],
    ['.', "invalid size: '.'", 'strconv.ParseFloat: parsing ".": invalid syntax'],
    ['-1', "invalid size: '-1'", "invalid size: '-1'"],
    ['inf', "invalid size: 'inf'", "invalid size: 'inf'"],
    ['1.5.5', 'strconv.ParseFloat: parsing "1.5.5": invalid syntax', 'strconv.ParseFloat: parsing "1.5.5": invalid syntax'],
  ] as const) {
    t.same(ramInBytes(text, true), { error: old }, `0.4: ${text}`);
    t.same(ramInBytes(text, false), { error: current }, `0.5: ${text}`);
  }
  t.same(ramInBytes('1e3', false), { value: 1000n }, '0.5 takes what ParseFloat takes');
  t.same(ramInBytes('0.4', true), { value: 0n }, 'truncated toward zero');
});

t.test("url.Parse for a CIFS device: its port, or Go's words", async (t) => {
  for (const [device, expected] of [
    ['//h/s', { port: '' }],
    ['//h:445/s', { port: '445' }],
    ['//h:/s', { port: '' }],
    ['cifs://h:1/s', { port: '1' }],
    ['%zz', { error: 'parse "%zz": invalid URL escape "%zz"' }],
    ['//h:x/s', { error: 'parse "//h:x/s": invalid port ":x" after host' }],
    [':/x', { error: 'parse ":/x": missing protocol scheme' }],
    ['a:b/c', { port: '' }],
    ['1a:b', { error: 'parse "1a:b": first path segment in URL cannot contain colon' }],
    ['//h /s', { error: 'parse "//h /s": invalid character " " in host name' }],
    ['a#%zz', { error: 'parse "a#%zz": invalid URL escape "%zz"' }],
  ] as const)
    t.same(goUrlPort(device), expected, device);
});
