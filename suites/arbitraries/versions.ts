import fc from 'fast-check';
import { DIGITS, LETTERS, word } from './words.js';

const zeros = (n: number): string => '0'.repeat(n);

/**
 * Spellings the daemon must treat as `version` ("1.44"): leading zeros on either segment and
 * trailing ".0" segments. The canonical spelling is the first value fast-check shrinks to.
 */
export function spellingsOf(version: string): fc.Arbitrary<string> {
  const [major = '1', minor = '0'] = version.split('.');
  return fc
    .record({ majorZeros: fc.nat(2), minorZeros: fc.nat(3), tail: fc.nat(2) })
    .map(({ majorZeros, minorZeros, tail }) => `${zeros(majorZeros)}${major}.${zeros(minorZeros)}${minor}${'.0'.repeat(tail)}`);
}

/** One dot-separated segment: small, zero-padded, empty, or too large for 64 bits. */
const segment = fc.oneof(
  { weight: 6, arbitrary: fc.nat(99).map(String) },
  { weight: 2, arbitrary: fc.tuple(fc.nat(3), fc.nat(99)).map(([z, n]) => `${zeros(z)}${n}`) },
  { weight: 1, arbitrary: fc.constant('') },
  { weight: 1, arbitrary: fc.bigInt({ min: 9223372036854775808n, max: 10n ** 30n }).map(String) },
);

/** Any string of digits and dots with at least one character: what the daemon's route accepts. */
export const numericVersion: fc.Arbitrary<string> = fc
  .oneof(
    fc.tuple(fc.constantFrom('1', '01', '0', '2'), segment).map(([a, b]) => `${a}.${b}`),
    fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('.')),
  )
  .filter((text) => text !== '');

/** Version prefixes that are not digits and dots (negative, non-numeric, words, empty). */
export const malformedVersion: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc.nat(60).map((n) => `-1.${n}`),
  fc.tuple(numericVersion, fc.constantFrom('a', 'x', '-', '_', '~', 'beta', 'rc1', 'e5')).map(([v, junk]) => `${v}${junk}`),
  fc.tuple(word(`${LETTERS}_~-`, 1, 1), word(`${LETTERS}${DIGITS}._~-`, 0, 8)).map(([head, tail]) => head + tail),
);

/** A client's newest API version, from far below to far above any daemon's range. */
export const clientVersion: fc.Arbitrary<string> = fc.integer({ min: 0, max: 70 }).map((minor) => `1.${minor}`);
