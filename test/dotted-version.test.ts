import fc from 'fast-check';
import t from 'tap';
import { compareVersions, inRange } from '../common/dotted-version.js';

const segment = fc.oneof(fc.nat(200).map(String), fc.constant(''), fc.bigInt({ min: 0n, max: 10n ** 25n }).map(String));
const version = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.'));
const RUNS = { numRuns: 2000 };

t.test('compareVersions is a total preorder', async (t) => {
  fc.assert(
    fc.property(version, (a) => compareVersions(a, a) === 0),
    RUNS,
  );
  fc.assert(
    fc.property(version, version, (a, b) => compareVersions(a, b) === -compareVersions(b, a)),
    RUNS,
  );
  fc.assert(
    fc.property(version, version, version, (a, b, c) => !(compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) || compareVersions(a, c) <= 0),
    RUNS,
  );
  t.pass('reflexive, antisymmetric, transitive');
});

t.test('leading zeros and trailing zero segments do not change a version', async (t) => {
  fc.assert(
    fc.property(fc.nat(99), fc.nat(99), fc.nat(3), fc.nat(3), (major, minor, zeros, tail) => {
      const canonical = `${major}.${minor}`;
      const padded = `${'0'.repeat(zeros)}${major}.${'0'.repeat(zeros)}${minor}${'.0'.repeat(tail)}`;
      return compareVersions(padded, canonical) === 0;
    }),
    RUNS,
  );
  t.pass();
});

t.test('the cases seen on real daemons', async (t) => {
  t.equal(compareVersions('1.044', '1.44'), 0, '1.044 is 1.44');
  t.equal(compareVersions('1.41.1', '1.41'), 1, '1.41.1 is newer than 1.41');
  t.equal(compareVersions('1.', '1.0'), 0, '"1." is 1.0');
  t.equal(compareVersions('.', '1.12'), -1, '"." is older than anything');
  t.equal(compareVersions('99999999999999999999.1', '1.55'), 1, 'an overflowing segment is the largest');
  t.equal(compareVersions('1.99999999999999999999', '1.100000000000000000000'), 0, 'overflowing segments saturate to the same value');
  t.equal(compareVersions('1.9', '1.10'), -1, 'segments compare as numbers, not text');
  t.ok(inRange('1.24', { min: '1.24', max: '1.51' }));
  t.notOk(inRange('1.52', { min: '1.24', max: '1.51' }));
  t.ok(inRange('5.0', {}), 'open bounds');
});

t.test('segments compare by value on either side of 15 digits, and beyond int64 as int64', async (t) => {
  // The reference: every segment a bigint, capped at int64 (leading zeros kept, so the length varies).
  const INT64_MAX = 9223372036854775807n;
  const value = (text: string | undefined): bigint => (text === undefined || !/^[0-9]+$/.test(text) ? 0n : BigInt(text) > INT64_MAX ? INT64_MAX : BigInt(text));
  const reference = (a: string, b: string): number => {
    const as = a.split('.');
    const bs = b.split('.');
    for (let i = 0; i < Math.max(as.length, bs.length); i++) {
      const [x, y] = [value(as[i]), value(bs[i])];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
  const digits = fc.oneof(
    fc.bigInt({ min: 10n ** 13n, max: 10n ** 17n }).map(String),
    fc.tuple(fc.nat(4), fc.bigInt({ min: 0n, max: 10n ** 20n })).map(([zeros, n]) => `${'0'.repeat(zeros)}${n}`),
    fc.constantFrom('9223372036854775807', '9223372036854775808', '999999999999999', '1000000000000000'),
  );
  const near = fc.array(fc.oneof(digits, segment), { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
  fc.assert(
    fc.property(near, near, (a, b) => compareVersions(a, b) === reference(a, b)),
    RUNS,
  );
  t.pass('as comparing every segment as a bigint');
});
