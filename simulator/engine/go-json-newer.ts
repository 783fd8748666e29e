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

/**
 * How the decoder holds the text: a json.Unmarshal (a file, a platform, a plugin config) holds it
 * whole; a json.Decoder over a request body holds what it has read so far (streamWindowEnd).
 */
export type JsonSource = 'whole' | 'stream';

/** A scanner error met at byte `at` of `bytes` in the release's words. */
export const syntaxWords = (release: string, error: string, bytes: Buffer, at: number, source: JsonSource = 'whole'): string =>
  printsNewerWords(release) ? newerGoWords(error, source === 'stream' ? bytes.subarray(0, streamWindowEnd(at)) : bytes, at) : error;

/**
 * The end of what 28.x's Decoder holds when it meets the byte at `at` of one value: it reads 64
 * bytes, then doubles its buffer each time a value runs past its end (Go's jsontext
 * decodeBuffer.fetch), so the bytes it has end at 64·2^k. What the error names is cut there: a
 * character beyond ASCII whose first byte is the last one held is that byte, `'\xc3'`; a \u
 * escape is `\u12G` (observed on 28.5.2, a body's first value at 62–64, 126–128, 190–192,
 * 254–256, 511 and 1023, in a literal, a number, after a key and at the start of a value).
 */
export function streamWindowEnd(at: number): number {
  let end = 64;
  while (end <= at) end *= 2;
  return end;
}

/**
 * The newer words of a scanner error met at byte `at` of `bytes` (observed on 28.5.2): a bad escape
 * is "invalid escape sequence `\q` in string" (a \u escape with its four bytes, whatever they
 * are), a control character is "in string", every number is "in numeric literal", and a character
 * beyond ASCII is named whole (`é`, where 26.1 names its first byte, `Ã`), or by its first byte
 * (`'\xc3'`) where `bytes` ends inside it.
 */
export function newerGoWords(error: string, bytes: Buffer, at: number): string {
  if (error.endsWith(' in string escape code')) return `invalid escape sequence ${quoteSequence(bytes.subarray(at - 1, at + 1))} in string`;
  if (error.endsWith(' in \\u hexadecimal character escape')) {
    const start = bytes.lastIndexOf(0x5c, at - 2);
    return `invalid escape sequence ${quoteSequence(bytes.subarray(start, start + 6))} in string`;
  }
  const whole = bytes[at]! >= 0x80 ? error.replace(`invalid character ${quoteChar(bytes[at]!)} `, `invalid character ${quoteRuneAt(bytes, at)} `) : error;
  if (whole.endsWith(' in string literal')) return whole.slice(0, -' literal'.length);
  return whole.replace(/ (?:after decimal point in|in exponent of) numeric literal$/, ' in numeric literal');
}

/** Go's jsonwire quoteRune: the rune that starts at `at`, or its first byte as `'\xNN'` where no valid UTF-8 starts there. */
function quoteRuneAt(bytes: Buffer, at: number): string {
  const [rune] = utf8Runes(bytes.subarray(at, at + 4));
  return rune?.valid ? quoteChar(rune.code) : `'\\x${bytes[at]!.toString(16)}'`;
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
