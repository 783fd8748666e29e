import { goRunes, goUtf8 } from '../plugins/json-spans.js';

/**
 * containerd's filter syntax (filters.Parse, the parser BuildKit reads a prune's filter with):
 * `selector ("," selector)*`, a selector a field path (`.`-separated fields, each a word or a
 * quoted string) with an operator (`==`, `!=`, `~=`) and a value, or alone. Only whether a text
 * parses, and the parser's error where it does not, are modelled: what a parsed filter matches
 * does not matter to a simulator without build cache (a `~=` regexp is compiled only when a record
 * is matched, so one that does not compile is no error here).
 *
 * Go's scanner works on bytes and UTF-8 runes: positions are byte offsets, and the error's marker
 * takes one byte, which may be part of a rune (the message then has U+FFFD for each byte).
 */

const EOF = -1;
const QUOTED = -2;
const VALUE = -3;
const FIELD = -4;
const SEPARATOR = -5;
const OPERATOR = -6;
const ILLEGAL = -7;

const RUNE_ERROR = 0xfffd;
const code = (char: string): number => char.codePointAt(0)!;
/** The digits a `\x`, `\u` and `\U` escape takes. */
const HEX_DIGITS: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };

/** Go's utf8.DecodeRune at `at`: an invalid byte is RuneError of width 1; the end, RuneError of width 0. */
function runeAt(bytes: Buffer, at: number): { readonly rune: number; readonly width: number } {
  if (at >= bytes.length) return { rune: RUNE_ERROR, width: 0 };
  const first = goRunes(bytes.subarray(at, at + 4)).next().value;
  return typeof first === 'string' ? { rune: code(first), width: Buffer.byteLength(first) } : { rune: RUNE_ERROR, width: 1 };
}

const runeText = (rune: number): string => (rune < 0 || rune > 0x10ffff || (rune >= 0xd800 && rune < 0xe000) ? '\ufffd' : String.fromCodePoint(rune));

/** Go's unicode.IsSpace. */
const isSpace = (rune: number): boolean => rune >= 0 && /^\p{White_Space}$/u.test(runeText(rune));
const isFieldRune = (rune: number): boolean => rune >= 0 && /^[A-Za-z0-9_]$/.test(runeText(rune));
const isQuoteRune = (rune: number): boolean => rune === code('/') || rune === code('|') || rune === code('"');
const isSeparatorRune = (rune: number): boolean => rune === code(',') || rune === code('.');
const isOperatorRune = (rune: number): boolean => rune === code('=') || rune === code('!') || rune === code('~');
/** Not a comma nor a space, and a letter, digit, number, punctuation or graphic (Go's IsGraphic covers the others: L, M, N, P, S, Zs). */
const isValueRune = (rune: number): boolean => rune >= 0 && rune !== code(',') && !isSpace(rune) && /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u.test(runeText(rune));

function digitValue(rune: number): number {
  if (rune >= code('0') && rune <= code('9')) return rune - code('0');
  if (rune >= code('a') && rune <= code('f')) return rune - code('a') + 10;
  if (rune >= code('A') && rune <= code('F')) return rune - code('A') + 10;
  return 16;
}

type Token = { readonly at: number; readonly token: number; readonly text: Buffer };

/** containerd's scanner; `err` keeps the first error it met, as Go's does (a later illegal token reports it). */
class Scanner {
  pos = 0;
  ppos = 0;
  value = false;
  err = '';

  constructor(readonly input: Buffer) {}

  next(): number {
    if (this.pos >= this.input.length) return EOF;
    this.pos = this.ppos;
    const { rune, width } = runeAt(this.input, this.ppos);
    this.ppos += width;
    if (rune === RUNE_ERROR) {
      if (width === 0) return EOF;
      this.error('rune error');
      return ILLEGAL;
    }
    if (rune === 0) {
      this.error('unexpected null');
      return ILLEGAL;
    }
    return rune;
  }

  peek(): number {
    const [pos, ppos] = [this.pos, this.ppos];
    const rune = this.next();
    [this.pos, this.ppos] = [pos, ppos];
    return rune;
  }

  scan(): Token {
    let ch = this.next();
    let at = this.pos;
    const token = (kind: number): Token => ({ at, token: kind, text: this.input.subarray(at, this.ppos) });
    for (;;) {
      if (ch === EOF || ch === ILLEGAL) break;
      if (isQuoteRune(ch)) return token(this.scanQuoted(ch) ? QUOTED : ILLEGAL);
      if (isSeparatorRune(ch)) {
        this.value = false;
        return token(SEPARATOR);
      }
      if (isOperatorRune(ch)) {
        while (isOperatorRune(this.peek())) this.next();
        this.value = true;
        return token(OPERATOR);
      }
      if (isSpace(ch)) {
        ch = this.next();
        at = this.pos;
        continue;
      }
      if (this.value) {
        while (isValueRune(this.peek())) this.next();
        this.value = false;
        return token(VALUE);
      }
      if (isFieldRune(ch)) {
        while (isFieldRune(this.peek())) this.next();
        return token(FIELD);
      }
      break;
    }
    return { at: this.pos, token: ch, text: Buffer.alloc(0) };
  }

  private scanQuoted(quote: number): boolean {
    let illegal = false;
    let ch = this.next();
    while (ch !== quote) {
      if (ch === code('\n') || ch < 0) {
        this.error('quoted literal not terminated');
        return false;
      }
      if (ch === code('\\')) {
        const escaped = this.scanEscape(quote);
        ch = escaped.ch;
        if (!escaped.legal) illegal = true;
      } else ch = this.next();
    }
    return !illegal;
  }

  private scanEscape(quote: number): { readonly ch: number; readonly legal: boolean } {
    const ch = this.next();
    if ('abfnrtv\\'.includes(runeText(ch)) || ch === quote) return { ch: this.next(), legal: true };
    if (ch >= code('0') && ch <= code('7')) return this.scanDigits(ch, 8, 3);
    const hex = HEX_DIGITS[runeText(ch)];
    if (hex !== undefined) return this.scanDigits(this.next(), 16, hex);
    this.error('illegal escape sequence');
    return { ch, legal: false };
  }

  private scanDigits(first: number, base: number, count: number): { readonly ch: number; readonly legal: boolean } {
    let ch = first;
    let left = count;
    for (; left > 0 && digitValue(ch) < base; left--) ch = this.next();
    if (left === 0) return { ch, legal: true };
    this.error('illegal numeric escape sequence');
    return { ch, legal: false };
  }

  private error(message: string): void {
    if (this.err === '') this.err = message;
  }
}

/**
 * containerd's unquote (strconv.Unquote's rules, `/` and `|` quoting as `"` does): whether `quoted`
 * is a literal it reads. The scanner only hands it a `"`, `/` or `|` literal without a newline.
 */
function unquotes(quoted: Buffer): boolean {
  const quote = quoted[0]!;
  if (quoted.length < 2 || quoted[quoted.length - 1] !== quote) return false;
  const body = quoted.subarray(1, quoted.length - 1);
  const backslash = 0x5c;
  for (let at = 0; at < body.length; ) {
    const c = body[at]!;
    if (c === quote) return false;
    if (c !== backslash) {
      at += c >= 0x80 ? runeAt(body, at).width : 1;
      continue;
    }
    if (at + 1 >= body.length) return false;
    const escaped = String.fromCharCode(body[at + 1]!);
    at += 2;
    if ('abfnrtv\\'.includes(escaped)) continue;
    if ('"\'|/'.includes(escaped)) {
      if (escaped.charCodeAt(0) !== quote) return false;
      continue;
    }
    const hexDigits = HEX_DIGITS[escaped];
    if (hexDigits !== undefined) {
      const digits = body.subarray(at, at + hexDigits).toString('latin1');
      if (!new RegExp(`^[0-9a-fA-F]{${hexDigits}}$`).test(digits)) return false;
      if (escaped !== 'x' && Number.parseInt(digits, 16) > 0x10ffff) return false;
      at += hexDigits;
      continue;
    }
    if (!/^[0-7]$/.test(escaped)) return false;
    const digits = escaped + body.subarray(at, at + 2).toString('latin1');
    if (!/^[0-7]{3}$/.test(digits) || Number.parseInt(digits, 8) > 255) return false;
    at += 2;
  }
  return true;
}

class ParseError extends Error {}

/** containerd's parser over the scanner; each method throws its parse error. */
class Parser {
  private readonly scanner: Scanner;

  constructor(private readonly input: Buffer) {
    this.scanner = new Scanner(input);
  }

  selectors(): void {
    this.selector();
    for (;;) {
      const tok = this.scanner.peek();
      if (tok === EOF) return;
      if (tok !== code(',')) throw this.error(this.scanner.ppos, `unexpected input: ${runeText(tok)}`);
      const separator = this.scanner.scan();
      if (separator.token !== SEPARATOR) throw this.error(separator.at, 'expected a separator');
      this.selector();
    }
  }

  private selector(): void {
    this.field();
    while (this.scanner.peek() === code('.')) {
      const separator = this.scanner.scan();
      if (separator.token !== SEPARATOR) throw this.error(separator.at, 'expected a field separator (`.`)');
      this.field();
    }
    const after = this.scanner.peek();
    if (after === code(',') || after === EOF) return;
    const operator = this.scanner.scan();
    const text = operator.text.toString('latin1');
    if (operator.token === ILLEGAL) throw this.error(operator.at, this.scanner.err);
    if (operator.token !== OPERATOR) throw this.error(operator.at, 'expected an operator ("=="|"!="|"~=")');
    if (!['==', '!=', '~='].includes(text)) throw this.error(operator.at, `unsupported operator "${text}"`);
    this.value(text === '~=');
  }

  private field(): void {
    const { at, token, text } = this.scanner.scan();
    if (token === FIELD) return;
    if (token === QUOTED) return this.unquote(at, text, false);
    throw this.error(at, token === ILLEGAL ? this.scanner.err : 'expected field or quoted');
  }

  private value(allowAltQuotes: boolean): void {
    const { at, token, text } = this.scanner.scan();
    if (token === VALUE || token === FIELD) return;
    if (token === QUOTED) return this.unquote(at, text, allowAltQuotes);
    throw this.error(at, token === ILLEGAL ? this.scanner.err : 'expected value or quoted');
  }

  private unquote(at: number, quoted: Buffer, allowAlts: boolean): void {
    if (!allowAlts && quoted[0] !== code("'") && quoted[0] !== code('"')) throw this.error(at, 'invalid quote encountered');
    if (!unquotes(quoted)) throw this.error(at, 'unquoting failed: quote syntax error');
  }

  /** parseError's text: the input with the byte at `at` marked, when there is one. */
  private error(at: number, message: string): ParseError {
    const input = this.input;
    const where =
      at < input.length
        ? Buffer.concat([input.subarray(0, at), Buffer.from(' >|'), input.subarray(at, at + 1), Buffer.from('|< '), input.subarray(at + 1)])
        : input;
    return new ParseError(`parse error: [${goUtf8(where)}]: ${message}`);
  }
}

/** containerd's filters.Parse of `filter` (UTF-8): null where it parses (the empty text matches all), else its error ("filters: parse error: …"). */
export function containerdFilterError(filter: Buffer): string | null {
  if (filter.length === 0) return null;
  try {
    new Parser(filter).selectors();
    return null;
  } catch (error) {
    if (error instanceof ParseError) return `filters: ${error.message}`;
    throw error;
  }
}
