import { quoteChar } from './go-json.js';

/**
 * Go's newer encoding/json words some of the scanner's syntax errors otherwise than the releases
 * before it; 28.x is built with it, for its configuration file and for request bodies alike
 * (observed on 28.5.2; 20.10.24 and 26.1.5 print the scanner's words, engine/go-json.ts).
 */

/**
 * The newer words of a scanner error met at byte `at` of `bytes` (observed on 28.5.2): a bad escape
 * is "invalid escape sequence `\q` in string" (a \u escape with its four bytes, whatever they
 * are), a control character is "in string", every number is "in numeric literal", and a character
 * beyond ASCII is named whole (`é`, where 26.1 names its first byte, `Ã`).
 */
export function newerGoWords(error: string, bytes: Buffer, at: number): string {
  const met = firstCharacter(bytes, at);
  if (error.endsWith(' in string escape code')) return `invalid escape sequence ${quoteSequence(bytes.subarray(at - 1, at + 1))} in string`;
  if (error.endsWith(' in \\u hexadecimal character escape')) {
    const start = bytes.lastIndexOf(0x5c, at - 2);
    return `invalid escape sequence ${quoteSequence(bytes.subarray(start, start + 6))} in string`;
  }
  const whole =
    bytes[at]! >= 0x80 ? error.replace(`invalid character ${quoteChar(bytes[at]!)} `, `invalid character ${quoteRune(met.codePointAt(0)!)} `) : error;
  if (whole.endsWith(' in string literal')) return whole.slice(0, -' literal'.length);
  return whole.replace(/ (?:after decimal point in|in exponent of) numeric literal$/, ' in numeric literal');
}

/**
 * An escape sequence as 28.x names it: in backquotes, or Go-quoted (strconv.Quote) when it holds a
 * backquote, white space, a character Go does not print or a byte that is no UTF-8 (observed:
 * `\q`, "\\ ", "\\\t", "\\\xc3" for the first byte of é).
 */
function quoteSequence(what: Buffer): string {
  const runes = utf8Runes(what);
  const plain = runes.every((rune) => rune.valid && rune.code !== 0x60 && rune.code !== 0x20 && !NOT_PLAIN.test(String.fromCodePoint(rune.code)));
  if (plain) return `\`${what.toString('utf8')}\``;
  let quoted = '"';
  for (const { code, valid } of runes) {
    const char = String.fromCodePoint(code);
    if (!valid) quoted += `\\x${code.toString(16).padStart(2, '0')}`;
    else if (char === '"' || char === '\\') quoted += `\\${char}`;
    else if (code === 0x20 || !NOT_PLAIN.test(char)) quoted += char;
    else if (NAMED_ESCAPES[code] !== undefined) quoted += NAMED_ESCAPES[code];
    else if (code < 0x20 || code === 0x7f) quoted += `\\x${code.toString(16).padStart(2, '0')}`;
    else quoted += code > 0xffff ? `\\U${code.toString(16).padStart(8, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
  }
  return `${quoted}"`;
}

/** What Go does not print as it is (unicode.IsPrint: letters, marks, numbers, punctuation, symbols, and the ASCII space). */
const NOT_PLAIN = /[\p{C}\p{Z}]/u;
const NAMED_ESCAPES: Readonly<Record<number, string>> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' };

/** The runes of `bytes` as Go ranges over a string: a byte that starts no valid UTF-8 sequence is a rune of its own, invalid. */
function utf8Runes(bytes: Buffer): { readonly code: number; readonly valid: boolean }[] {
  const runes: { code: number; valid: boolean }[] = [];
  const strict = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < bytes.length; ) {
    let length = 0;
    for (let n = 1; n <= 4 && i + n <= bytes.length && length === 0; n++) {
      try {
        const text = strict.decode(bytes.subarray(i, i + n));
        if ([...text].length === 1) length = n;
      } catch {}
    }
    if (length === 0) {
      runes.push({ code: bytes[i]!, valid: false });
      i++;
    } else {
      runes.push({ code: strict.decode(bytes.subarray(i, i + length)).codePointAt(0)!, valid: true });
      i += length;
    }
  }
  return runes;
}

/** The character whose UTF-8 encoding starts at `at`. */
const firstCharacter = (bytes: Buffer, at: number): string =>
  String.fromCodePoint(
    bytes
      .subarray(at, at + 4)
      .toString('utf8')
      .codePointAt(0) ?? 0xfffd,
  );

/** Go's quoting of a whole rune: as its byte below U+0100; escaped where strconv.IsPrint refuses it (other, separator); else itself. */
function quoteRune(rune: number): string {
  if (rune < 0x100) return quoteChar(rune);
  const char = String.fromCodePoint(rune);
  if (!/[\p{C}\p{Z}]/u.test(char)) return `'${char}'`;
  return rune > 0xffff ? `'\\U${rune.toString(16).padStart(8, '0')}'` : `'\\u${rune.toString(16).padStart(4, '0')}'`;
}
