import fc from 'fast-check';
import t from 'tap';
import { goParseDuration, goParseDurationOrError, goParseTime, timeQuote } from '../simulator/engine/go-time.js';
import { getTimestamp, parseTimestamps } from '../simulator/engine/timestamps.js';

const UNITS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

t.test('ParseDuration: sums of whole numbers with units, signed; nothing else', async (t) => {
  const part = fc.tuple(fc.nat(10_000), fc.constantFrom(...Object.keys(UNITS)));
  fc.assert(
    fc.property(fc.constantFrom('', '-', '+'), fc.array(part, { minLength: 1, maxLength: 4 }), (sign, parts) => {
      const total = parts.reduce((sum, [n, unit]) => sum + BigInt(n) * UNITS[unit]!, 0n);
      return goParseDuration(`${sign}${parts.map(([n, unit]) => `${n}${unit}`).join('')}`) === (sign === '-' ? -total : total);
    }),
    { numRuns: 2000 },
  );
  t.equal(goParseDuration('1.5h'), 5_400_000_000_000n);
  t.equal(goParseDuration('.5s'), 500_000_000n);
  t.equal(goParseDuration('0'), 0n);
  for (const text of ['', '1', '1d', '1..5h', 'h', '-', '.s', '9999999999h', 'x1h'])
    t.equal(goParseDuration(text), null, `${JSON.stringify(text)} is no duration`);
});

t.test("ParseDuration's words, as 20.10.24 answered them in a build cache prune's until (observed 2026-11-27)", async (t) => {
  const words = (text: string) => {
    const parsed = goParseDurationOrError(text);
    return 'error' in parsed ? parsed.error : parsed.value;
  };
  t.equal(words('x'), 'time: invalid duration "x"');
  t.equal(words('1q'), 'time: unknown unit "q" in duration "1q"');
  t.equal(words('1'), 'time: missing unit in duration "1"');
  t.equal(words('2020-01-01'), 'time: unknown unit "-" in duration "2020-01-01"');
  t.equal(words('99999999999999999999h'), 'time: invalid duration "99999999999999999999h"');
  t.equal(words('99999999999999999999q'), 'time: invalid duration "99999999999999999999q"', 'a number past 1<<63 is refused before its unit is read');
  t.equal(words('é'), 'time: invalid duration "\\xc3\\xa9"', "the time package's quote writes bytes beyond ASCII as \\x");
  t.equal(words('24h'), 86_400_000_000_000n);
  t.equal(timeQuote('a"b\\c\t'), '"a\\"b\\\\c\\x09"');
});

t.test("time.Parse's errors quote with the time package's quote, as the releases answered a prune's until (observed 2026-11-27)", async (t) => {
  const words = (value: string) => {
    const read = getTimestamp(value, 0n, 0, false);
    return 'error' in read ? read.error : read.text;
  };
  t.equal(words('2020-01-0\u00e9'), 'parsing time "2020-01-0\\xc3\\xa9" as "2006-01-02": cannot parse "0\\xc3\\xa9" as "02"');
  t.equal(words('\u00e9'), 'failed to parse value as time or duration: "\u00e9"', "moby's own %q keeps what strconv prints");
  t.equal(words('2020-13-01\u00e9'), 'parsing time "2020-13-01\\xc3\\xa9": month out of range');
  t.equal(words('2020-01-01T00:00:00\t'), 'parsing time "2020-01-01T00:00:00\\x09": extra text: "\\x09"');
  t.equal(words('2020-01-01x\u00ff'), 'parsing time "2020-01-01x\\xc3\\xbf": extra text: "x\\xc3\\xbf"');
});

t.test('Parse: every RFC 3339 time from year 1000 on reads as JavaScript reads it', async (t) => {
  fc.assert(
    fc.property(fc.date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }), (date) => {
      const text = date.toISOString();
      const parsed = goParseTime('2006-01-02T15:04:05.999999999Z07:00', text, 0);
      return 'nanos' in parsed && parsed.nanos === BigInt(date.getTime()) * 1_000_000n;
    }),
    { numRuns: 2000 },
  );
  t.same(goParseTime('2006-01-02', '2020-01-01', 3600), { nanos: BigInt(Date.UTC(2020, 0, 1) / 1000 - 3600) * 1_000_000_000n }, 'in a zone an hour east');
  t.same(goParseTime('2006-01-02', '0001-01-01', 0), { nanos: -62_135_596_800n * 1_000_000_000n }, 'year 1');
});

t.test('GetTimestamp and ParseTimestamps: the text moby passes on', async (t) => {
  const now = 1_800_000_000_500_000_000n;
  t.same(getTimestamp('10m', now, 0), { text: '1799999400' }, 'a duration before now, in whole seconds');
  t.same(getTimestamp('2020-01-01T00:00:00.5Z', now, 0), { text: '1577836800.500000000' });
  t.same(getTimestamp('1.5', now, 0), { text: '1.5' }, 'a Unix timestamp as it is');
  t.same(getTimestamp('x', now, 0), { error: 'failed to parse value as time or duration: "x"' });
  t.same(parseTimestamps('1.5', 0n), { seconds: 1n, nanos: 500_000_000n });
  t.same(parseTimestamps('', -1n), { seconds: -1n, nanos: 0n });
  t.same(parseTimestamps('1.x', 0n), { error: 'strconv.ParseInt: parsing "x": invalid syntax' });
});
