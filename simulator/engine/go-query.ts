import { goQuote } from './go-strconv.js';

/** Go's unescape in query mode (url.QueryUnescape): "+" is a space, "%XX" a byte; null for a bad escape (badEscape). */
function queryUnescape(text: string): Buffer | null {
  if (badEscape(text) !== null) return null;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%') {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (char === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(char));
  }
  return Buffer.from(bytes);
}

/** Go's url.PathUnescape of text whose escapes are whole (badEscape): "%XX" a byte, "+" itself. */
export const goPathUnescape = (text: string): string =>
  Buffer.concat(
    text.split(/(%[0-9A-Fa-f]{2})/).map((piece) => (/^%[0-9A-Fa-f]{2}$/.test(piece) ? Buffer.from([Number.parseInt(piece.slice(1), 16)]) : Buffer.from(piece))),
  ).toString('utf8');

/** Every value of `key` in a raw query (`?` and all, or ""), in order, as Go's url.ParseQuery reads them, in bytes: a pair holding ";" or a malformed escape is dropped. */
function goQueryByteValues(rawQuery: string, key: string): Buffer[] {
  const values: Buffer[] = [];
  for (const pair of rawQuery.replace(/^\?/, '').split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const at = pair.indexOf('=');
    const name = queryUnescape(at < 0 ? pair : pair.slice(0, at));
    const value = queryUnescape(at < 0 ? '' : pair.slice(at + 1));
    if (name !== null && value !== null && name.equals(Buffer.from(key))) values.push(value);
  }
  return values;
}

/**
 * The first value of `key` in a raw query (`?` and all, or "") as Go's url.ParseQuery reads it, in
 * bytes (an escaped byte that is no UTF-8 kept, where URLSearchParams would put U+FFFD), or null:
 * a pair holding ";" or a malformed escape is dropped (`seconds=1;x` gives none; observed on
 * 20.10.24 and 28.5.2).
 */
export const goQueryValue = (rawQuery: string, key: string): Buffer | null => goQueryByteValues(rawQuery, key)[0] ?? null;

/** Every value of `key` (Go's r.Form[key]), as text. */
export const goQueryValues = (rawQuery: string, key: string): string[] => goQueryByteValues(rawQuery, key).map((value) => value.toString('utf8'));

/** The first bad escape in `text` as Go's url.EscapeError holds it: "%" and at most the two characters after it; null when every escape is whole. */
export function badEscape(text: string): string | null {
  for (let i = text.indexOf('%'); i >= 0; i = text.indexOf('%', i + 1)) {
    const sequence = text.slice(i, i + 3);
    if (!/^%[0-9a-fA-F]{2}$/.test(sequence)) return sequence;
  }
  return null;
}

/**
 * The error of Go's url.ParseQuery on a raw query (without its "?"), or null: any pair holding
 * ";" makes it "invalid semicolon separator in query" (Go sets that one whatever came before),
 * else the first key or value with a bad escape `invalid URL escape "%zz"`.
 */
export function goParseQueryError(rawQuery: string): string | null {
  let error: string | null = null;
  for (const pair of rawQuery.split('&')) {
    if (pair.includes(';')) {
      error = 'invalid semicolon separator in query';
      continue;
    }
    if (pair === '' || error !== null) continue;
    const at = pair.indexOf('=');
    const bad = badEscape(at < 0 ? pair : pair.slice(0, at)) ?? (at < 0 ? null : badEscape(pair.slice(at + 1)));
    if (bad !== null) error = `invalid URL escape ${goQuote(bad)}`;
  }
  return error;
}
