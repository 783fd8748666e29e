import { isOlder } from '../../common/dotted-version.js';
import { goPrints, goQuotedRune, quoteChar } from './go-json.js';

/**
 * The encoding/json 28.x is built with words some of the scanner's syntax errors otherwise than the
 * releases before it, for its configuration file and for request bodies alike (observed on 28.5.2;
 * 20.10.24 and 26.1.5 print the scanner's words, engine/go-json.ts). 29.7.2, built with Go 1.26,
 * prints the scanner's words again (observed 2026-12-05: `\{`, a control character, `1.e5`, in
 * the file and in a body); the 29.x releases emulated from source take its words.
 */

/** The first release built with that Go (28.5.2 observed, 26.1.5 not; the releases between were not). */
export const NEWER_GO_FROM = '28.0';
/** The first release that prints the scanner's words again (29.7.2 observed). */
const SCANNER_WORDS_AGAIN_FROM = '29.0';

/** Whether the release words a syntax error as newerGoWords does. */
export const printsNewerWords = (release: string): boolean => !isOlder(release, NEWER_GO_FROM) && isOlder(release, SCANNER_WORDS_AGAIN_FROM);

/** A scanner error met at byte `at` of `bytes` in the release's words. */
export const syntaxWords = (release: string, error: string, bytes: Buffer, at: number): string =>
  printsNewerWords(release) ? newerGoWords(error, bytes, at) : error;

/**
 * The newer words of a scanner error met at byte `at` of `bytes` (observed on 28.5.2): a bad escape
 * is "invalid escape sequence `\q` in string" (a \u escape with its four bytes, whatever they
 * are), a control character is "in string", every number is "in numeric literal", and a character
 * beyond ASCII is named whole (`é`, where 26.1 names its first byte, `Ã`), but inside a literal as
 * its first byte (`'\xc3'`).
 */
export function newerGoWords(error: string, bytes: Buffer, at: number): string {
  if (error.endsWith(' in string escape code')) return `invalid escape sequence ${quoteSequence(bytes.subarray(at - 1, at + 1))} in string`;
  if (error.endsWith(' in \\u hexadecimal character escape')) {
    const start = bytes.lastIndexOf(0x5c, at - 2);
    return `invalid escape sequence ${quoteSequence(bytes.subarray(start, start + 6))} in string`;
  }
  // Inside a literal (`tr\xc3…`) the byte is named as a byte (observed on 28.5.2: '\xc3' in literal true).
  const named = / in literal \w+ \(expecting /.test(error) ? `'\\x${bytes[at]!.toString(16)}'` : quoteChar(firstRune(bytes, at));
  const whole = bytes[at]! >= 0x80 ? error.replace(`invalid character ${quoteChar(bytes[at]!)} `, `invalid character ${named} `) : error;
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
  if (runes.every(({ code, valid }) => valid && code !== 0x60 && code !== 0x20 && goPrints(code))) return `\`${what.toString('utf8')}\``;
  return `"${runes.map(({ code, valid }) => (valid ? goQuotedRune(code, '"') : `\\x${code.toString(16).padStart(2, '0')}`)).join('')}"`;
}

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

/** The rune whose UTF-8 encoding starts at `at` (U+FFFD where none does). */
const firstRune = (bytes: Buffer, at: number): number =>
  bytes
    .subarray(at, at + 4)
    .toString('utf8')
    .codePointAt(0) ?? 0xfffd;
