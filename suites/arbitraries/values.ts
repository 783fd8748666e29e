import fc from 'fast-check';
import { LOWER_DIGITS, word } from './words.js';

const LOWER = 'abcdefghijklmnopqrstuvwxyz';

/** A lower-case name: a letter, then letters and digits. */
export const name = (maxLength = 8): fc.Arbitrary<string> =>
  fc.tuple(word(LOWER, 1, 1), word(LOWER_DIGITS, 0, maxLength - 1)).map(([head, tail]) => head + tail);

/** A name that no release uses for anything: the suite's own prefix. */
export const suiteName = (maxLength = 8): fc.Arbitrary<string> => name(maxLength).map((n) => `ctc${n}`);

/** A label key outside every reserved namespace (it starts with `k`), one to three dotted parts. */
export const labelKey: fc.Arbitrary<string> = fc.array(name(6), { minLength: 1, maxLength: 3 }).map((parts) => `k${parts.join('.')}`);
export const labelValue: fc.Arbitrary<string> = word(LOWER_DIGITS, 1, 8);

/** `key=value` labels with distinct keys. */
export const distinctLabels = (minLength: number, maxLength: number): fc.Arbitrary<string[]> =>
  fc.uniqueArray(fc.tuple(labelKey, labelValue), { minLength, maxLength, selector: ([key]) => key }).map((pairs) => pairs.map(([k, v]) => `${k}=${v}`));

export const octet = fc.integer({ min: 1, max: 254 });
export const ipv4: fc.Arbitrary<string> = fc.tuple(octet, octet, octet, octet).map((parts) => parts.join('.'));
/** A global unicast IPv6 address in the documentation range. */
export const ipv6: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 1, max: 0xffff }), fc.integer({ min: 1, max: 0xffff }))
  .map(([a, b]) => `2001:db8::${a.toString(16)}:${b.toString(16)}`);
/** A CIDR in canonical form (the network address of its prefix). */
export const cidr: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 11, max: 126 }), fc.integer({ min: 0, max: 255 }), fc.constantFrom(8, 16, 24))
  .map(([a, b, prefix]) => (prefix === 8 ? `${a}.0.0.0/8` : prefix === 16 ? `${a}.${b}.0.0/16` : `${a}.${b}.7.0/24`));
export const port = fc.integer({ min: 1025, max: 65000 });
/** A registry name `host:port` under the reserved `.example` domain. */
export const registryName: fc.Arbitrary<string> = fc.tuple(name(8), port).map(([host, p]) => `${host}.example:${p}`);
export const mirrorUrl: fc.Arbitrary<string> = fc
  .tuple(name(8), fc.option(port, { nil: undefined }))
  .map(([host, p]) => `https://${host}.example${p === undefined ? '' : `:${String(p)}`}`);
export const domain: fc.Arbitrary<string> = fc.tuple(name(8), fc.constantFrom('example', 'example.org', 'test')).map(([a, b]) => `${a}.${b}`);

/** The spellings Go's strconv.ParseBool takes. */
export const TRUE_SPELLINGS = ['1', 't', 'T', 'TRUE', 'true', 'True'] as const;
export const FALSE_SPELLINGS = ['0', 'f', 'F', 'FALSE', 'false', 'False'] as const;
const BOOL_SPELLINGS: readonly string[] = [...TRUE_SPELLINGS, ...FALSE_SPELLINGS];
/** A word strconv.ParseBool refuses. */
export const notABool: fc.Arbitrary<string> = fc
  .oneof(fc.constantFrom('maybe', 'yes', 'no', 'on', 'off', 'tRUE', '2', 'truee'), word(`${LOWER_DIGITS}TF`, 1, 6))
  .filter((w) => !BOOL_SPELLINGS.includes(w));

/** A number written some way that is not an integer. */
export const notAnInteger: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('1.5', '2e3', 'abc', '3x', '0x', 'one', ''),
  fc.tuple(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 1, max: 9 })).map(([a, b]) => `${a}.${b}`),
  name(5),
);
