import { goQuotedRune } from './go-json.js';

/** Go's strconv.Quote: `text` in double quotes, each rune as strconv quotes it. */
export const goQuote = (text: string): string => `"${Array.from(text, (char) => goQuotedRune(char.codePointAt(0)!, '"')).join('')}"`;

const MAX_UINT64 = 2n ** 64n - 1n;

/**
 * Go's strconv.ParseUint(text, 10, 64): the value, or the error's words. Digits are read in
 * order and the first fault wins, as Go's loop finds it: a value past 2^64 − 1 is "value out of
 * range" even when a character that is no digit follows; no sign, space or underscore is taken.
 */
export function goParseUint(text: string): { readonly value: bigint } | { readonly error: string } {
  const fault = (why: string) => ({ error: `strconv.ParseUint: parsing ${goQuote(text)}: ${why}` });
  if (text === '') return fault('invalid syntax');
  let value = 0n;
  for (const char of text) {
    if (char < '0' || char > '9') return fault('invalid syntax');
    value = value * 10n + BigInt(char.charCodeAt(0) - 48);
    if (value > MAX_UINT64) return fault('value out of range');
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
