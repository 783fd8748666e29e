import { goQuotedRune } from './go-json.js';

/** Go's strconv.Quote: `text` in double quotes, each rune as strconv quotes it. */
export const goQuote = (text: string): string => `"${Array.from(text, (char) => goQuotedRune(char.codePointAt(0)!, '"')).join('')}"`;

/**
 * Go's strconv.ParseUint(text, 10, bits): the value, or the error's words. Digits are read in
 * order and the first fault wins, as Go's loop finds it: a value past 2^bits − 1 is "value out of
 * range" even when a character that is no digit follows; no sign, space or underscore is taken.
 */
export function goParseUint(text: string, bits = 64): { readonly value: bigint } | { readonly error: string } {
  const fault = (why: string) => ({ error: `strconv.ParseUint: parsing ${goQuote(text)}: ${why}` });
  if (text === '') return fault('invalid syntax');
  const max = 2n ** BigInt(bits) - 1n;
  let value = 0n;
  for (const char of text) {
    if (char < '0' || char > '9') return fault('invalid syntax');
    value = value * 10n + BigInt(char.charCodeAt(0) - 48);
    if (value > max) return fault('value out of range');
  }
  return { value };
}

const TRUE_WORDS = ['1', 't', 'T', 'TRUE', 'true', 'True'];
const FALSE_WORDS = ['0', 'f', 'F', 'FALSE', 'false', 'False'];

/** Go's strconv.ParseBool: the value, or the error's words. */
export function goParseBool(text: string): { readonly value: boolean } | { readonly error: string } {
  if (TRUE_WORDS.includes(text)) return { value: true };
  if (FALSE_WORDS.includes(text)) return { value: false };
  return { error: `strconv.ParseBool: parsing ${goQuote(text)}: invalid syntax` };
}

const MAX_INT64 = 2n ** 63n - 1n;

/**
 * Go's strconv.ParseInt(text, 10, 64), or Atoi (`func`, which names it in the error's words): an
 * optional sign, then digits read as ParseUint reads them (a syntax error at the first character
 * that is no digit, unless the digits before it already passed 2^64 − 1), then the int64 range.
 */
export function goParseInt(text: string, func: 'ParseInt' | 'Atoi' = 'ParseInt'): { readonly value: bigint } | { readonly error: string } {
  const fault = (why: string) => ({ error: `strconv.${func}: parsing ${goQuote(text)}: ${why}` });
  const negative = text.startsWith('-');
  const unsigned = goParseUint(text.startsWith('+') || negative ? text.slice(1) : text);
  if ('error' in unsigned) return fault(unsigned.error.endsWith('value out of range') ? 'value out of range' : 'invalid syntax');
  if (unsigned.value > MAX_INT64 + (negative ? 1n : 0n)) return fault('value out of range');
  return { value: negative ? -unsigned.value : unsigned.value };
}

/** Go's strconv.Atoi: ParseInt in 64 bits, its errors naming Atoi. */
export const goAtoi = (text: string): { readonly value: bigint } | { readonly error: string } => goParseInt(text, 'Atoi');

const DECIMAL_FLOAT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const HEX_FLOAT = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)$/;

/**
 * Go's underscoreOK: every "_" follows a digit (or a base prefix) and is followed by one. Digits
 * are decimal, and hexadecimal after 0x.
 */
function underscoresWellPlaced(text: string): boolean {
  const body = /^[+-]/.test(text) ? text.slice(1) : text;
  const prefixed = /^0[bBoOxX]/.test(body);
  const hex = /^0[xX]/.test(body);
  let saw: 'start' | 'digit' | 'underscore' | 'other' = prefixed ? 'digit' : 'start';
  for (const char of body.slice(prefixed ? 2 : 0)) {
    if (/[0-9]/.test(char) || (hex && /[a-fA-F]/.test(char))) saw = 'digit';
    else if (char === '_') {
      if (saw !== 'digit') return false;
      saw = 'underscore';
    } else if (saw === 'underscore') return false;
    else saw = 'other';
  }
  return saw !== 'underscore';
}

/** The value of a hexadecimal float `0x<whole>.<fraction>p<exponent>`: the mantissa's digits scaled by 2^(exponent − 4·|fraction|). */
function hexFloat(sign: string, whole: string, fraction: string, exponent: string): number {
  const digits = `${whole}${fraction}`;
  const mantissa = digits === '' ? 0n : BigInt(`0x${digits}`);
  const magnitude = Number(mantissa) * 2 ** (Number(exponent) - 4 * fraction.length);
  return sign === '-' ? -magnitude : magnitude;
}

/**
 * Go's strconv.ParseFloat(text, 64): decimal and hexadecimal (`0x1.8p3`) forms, with underscores
 * between digits, "inf", "infinity" and "nan" in any case (a sign only before inf); a value beyond
 * the float64 range is "value out of range". The value, or the error's words.
 */
export function goParseFloat(text: string): { readonly value: number } | { readonly error: string } {
  const fault = (why: string) => ({ error: `strconv.ParseFloat: parsing ${goQuote(text)}: ${why}` });
  const lower = text.toLowerCase();
  if (lower === 'nan') return { value: Number.NaN };
  const infinite = /^([+-]?)(?:inf|infinity)$/.exec(lower);
  if (infinite !== null) return { value: infinite[1] === '-' ? -Infinity : Infinity };
  if (text.includes('_') && !underscoresWellPlaced(text)) return fault('invalid syntax');
  const plain = text.replaceAll('_', '');
  let value: number;
  if (DECIMAL_FLOAT.test(plain)) value = Number(plain);
  else {
    const hex = HEX_FLOAT.exec(plain);
    if (hex === null || `${hex[2]}${hex[3] ?? ''}` === '') return fault('invalid syntax');
    value = hexFloat(hex[1]!, hex[2]!, hex[3] ?? '', hex[4]!);
  }
  return Number.isFinite(value) ? { value } : fault('value out of range');
}

/** A strconv error's bare reason (its NumError.Err: "invalid syntax", "value out of range"), as moby 29.x unwraps it. */
export const goNumErrorReason = (error: string): string => error.slice(error.lastIndexOf(': ') + 2);
