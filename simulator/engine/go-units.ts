import { goParseFloat } from './go-strconv.js';

/** go-units' binary multipliers, by the unit's letter. */
const BINARY: Readonly<Record<string, number>> = { k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40, p: 2 ** 50 };

const MIN_INT64 = -(2n ** 63n);

/** Go's int64(f) on amd64: the truncated value, or the minimum int64 for NaN and anything out of range. */
function goInt64(value: number): bigint {
  if (!Number.isFinite(value) || Math.abs(value) >= 2 ** 63) return MIN_INT64;
  return BigInt(Math.trunc(value));
}

type Size = { readonly value: bigint } | { readonly error: string };

/** go-units 0.4 (in 20.10): one regular expression, then ParseFloat of its number. */
function ramInBytesRegex(text: string): Size {
  const match = /^(\d+(?:\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?$/.exec(text);
  if (match === null) return { error: `invalid size: '${text}'` };
  const parsed = goParseFloat(match[1]!);
  if ('error' in parsed) return parsed;
  return { value: goInt64(parsed.value * (BINARY[(match[2] ?? '').toLowerCase()] ?? 1)) };
}

/**
 * go-units 0.5 (from 23.0): the number ends at the last digit, dot or space (a space is dropped),
 * the rest is a suffix of at most three bytes: b, or a unit letter with b or ib after it.
 */
function ramInBytesParser(text: string): Size {
  const bytes = Buffer.from(text, 'utf8');
  let sep = -1;
  for (let i = bytes.length - 1; i >= 0; i--)
    if (/[0-9. ]/.test(String.fromCharCode(bytes[i]!))) {
      sep = i;
      break;
    }
  if (sep === -1) return { error: `invalid size: '${text}'` };
  const number = bytes.subarray(0, bytes[sep] === 0x20 ? sep : sep + 1).toString('utf8');
  const suffixBytes = bytes.subarray(sep + 1);
  const parsed = goParseFloat(number);
  if ('error' in parsed) return parsed;
  if (parsed.value < 0) return { error: `invalid size: '${text}'` };
  if (suffixBytes.length === 0) return { value: goInt64(parsed.value) };
  const badSuffix = (suffix: string): Size => ({ error: `invalid suffix: '${suffix}'` });
  if (suffixBytes.length > 3) return badSuffix(suffixBytes.toString('utf8'));
  const suffix = suffixBytes.toString('utf8').toLowerCase();
  if (suffix[0] === 'b') return suffix.length > 1 ? badSuffix(suffix) : { value: goInt64(parsed.value) };
  const multiplier = BINARY[suffix[0]!];
  if (multiplier === undefined) return badSuffix(suffix);
  if ((suffix.length === 2 && suffix[1] !== 'b') || (suffix.length === 3 && suffix.slice(1) !== 'ib')) return badSuffix(suffix);
  return { value: goInt64(parsed.value * multiplier) };
}

/**
 * The first release whose sizes go-units 0.5 reads: 26.1.5 (Debian's build, with Debian's
 * go-units) still words them as 0.4 does ("invalid size: '1q'"), 28.5.2 as 0.5 ("invalid suffix:
 * 'q'"); observed 2026-11-27, the releases between not.
 */
export const REGEX_SIZES_UNTIL = '28.0';

/**
 * go-units RAMInBytes: a size such as "512m" or "1.5 GiB" in bytes (binary units), or the error's
 * words. `regexParser`: the 0.4 parser of the releases before 23.0.
 */
export const ramInBytes = (text: string, regexParser: boolean): Size => (regexParser ? ramInBytesRegex(text) : ramInBytesParser(text));
