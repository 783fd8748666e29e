import fc from 'fast-check';
import t from 'tap';
import { goAtoi, goParseBool, goParseInt, goParseUint, goQuote } from '../simulator/engine/go-strconv.js';

const MAX = 2n ** 64n - 1n;
const RUNS = { numRuns: 2000 };

/** Go's loop, read plainly: the first character that is no digit is a syntax error, unless the digits before it already overflowed. */
function reference(text: string): 'syntax' | 'range' | bigint {
  if (text === '') return 'syntax';
  let value = 0n;
  for (const char of text) {
    if (!/^[0-9]$/.test(char)) return 'syntax';
    value = value * 10n + BigInt(char);
    if (value > MAX) return 'range';
  }
  return value;
}

const outcome = (text: string): 'syntax' | 'range' | bigint => {
  const parsed = goParseUint(text);
  if ('value' in parsed) return parsed.value;
  return parsed.error.endsWith(': value out of range') ? 'range' : 'syntax';
};

t.test('ParseUint: every unsigned decimal up to 2^64 − 1, out of range past it, leading zeros alike', async (t) => {
  fc.assert(
    fc.property(fc.bigInt({ min: 0n, max: 2n ** 72n }), fc.nat(3), (n, zeros) => outcome(`${'0'.repeat(zeros)}${n}`) === (n > MAX ? 'range' : n)),
    RUNS,
  );
  t.equal(outcome(String(MAX)), MAX, '2^64 − 1 is the largest');
  t.equal(outcome(String(MAX + 1n)), 'range', '2^64 is out of range');
  t.pass('values and range');
});

t.test('ParseUint: signs, spaces, underscores and letters are syntax errors, unless the digits before overflowed first', async (t) => {
  const text = fc.string({ unit: fc.constantFrom(...'0123456789+- _xé9'), maxLength: 25 });
  fc.assert(
    fc.property(text, (s) => outcome(s) === reference(s)),
    RUNS,
  );
  t.equal(outcome('99999999999999999999x'), 'range', 'the overflow is met before the x');
  const parsed = goParseUint('a"b');
  t.same(parsed, { error: 'strconv.ParseUint: parsing "a\\"b": invalid syntax' }, 'the text is quoted as Go quotes it');
});

t.test('ParseBool takes exactly Go’s twelve words', async (t) => {
  const words = ['1', 't', 'T', 'TRUE', 'true', 'True', '0', 'f', 'F', 'FALSE', 'false', 'False'];
  fc.assert(
    fc.property(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 6 })), (s) => {
      const parsed = goParseBool(s);
      if (!words.includes(s)) return 'error' in parsed && parsed.error === `strconv.ParseBool: parsing ${goQuote(s)}: invalid syntax`;
      return 'value' in parsed && parsed.value === words.indexOf(s) < 6;
    }),
    RUNS,
  );
  t.pass('the twelve words, nothing else');
});

t.test('Quote: printable ASCII as it is, the quote and the backslash escaped, controls by name or in hex', async (t) => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...' azAZ09!#~') }), (s) => goQuote(s) === `"${s}"`),
    RUNS,
  );
  t.equal(goQuote('"\\\n\u0001é'), '"\\"\\\\\\n\\x01é"');
});

t.test('ParseInt and Atoi: the int64 range with an optional sign, the function named in the words', async (t) => {
  const MIN = -(2n ** 63n);
  const MAX64 = 2n ** 63n - 1n;
  fc.assert(
    fc.property(fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), fc.boolean(), (n, plus) => {
      const text = n >= 0n && plus ? `+${n}` : String(n);
      const parsed = goParseInt(text);
      const atoi = goAtoi(text);
      if (n < MIN || n > MAX64)
        return (
          'error' in parsed &&
          parsed.error === `strconv.ParseInt: parsing "${text}": value out of range` &&
          'error' in atoi &&
          atoi.error.startsWith('strconv.Atoi: ')
        );
      return 'value' in parsed && parsed.value === n && 'value' in atoi && atoi.value === n;
    }),
    RUNS,
  );
  t.same(goParseInt('+'), { error: 'strconv.ParseInt: parsing "+": invalid syntax' }, 'a sign alone');
  t.same(goAtoi('99999999999999999999x'), { error: 'strconv.Atoi: parsing "99999999999999999999x": value out of range' }, 'the overflow is met first');
});
