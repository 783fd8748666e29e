/**
 * Go's encoding/json scanner, for where a JSON text goes wrong in Go's words ("invalid character
 * 'x' <context>"). json.Unmarshal checks the whole text: at its end the scanner is fed one space,
 * so a document cut in a literal or a number is an invalid character ' ' (`tru` → "… in literal
 * true (expecting 'e')"), and one cut elsewhere "unexpected end of JSON input". json.Decoder
 * reads the first value only: it ends at its closing bracket or at the byte after a scalar, and a
 * value cut short is "unexpected EOF".
 */

type Container = 'object-key' | 'object-value' | 'array';

/** A scanner state: takes one byte, gives the next state. */
type Step = (c: number) => Step;

const MAX_DEPTH = 10_000;

/** JSON's white space (Go's isSpace): space, tab, CR, LF. */
export const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46);

class SyntaxFailure extends Error {}

const NAMED_ESCAPES: Readonly<Record<number, string>> = { 7: '\\a', 8: '\\b', 9: '\\t', 10: '\\n', 11: '\\v', 12: '\\f', 13: '\\r' };

/** What strconv.IsPrint refuses: other and separator characters (but the ASCII space). */
const UNPRINTED = /[\p{C}\p{Z}]/u;

/** Whether Go prints the rune as it is (unicode.IsPrint: letters, marks, numbers, punctuation, symbols, the ASCII space). */
export const goPrints = (rune: number): boolean => rune === 0x20 || !UNPRINTED.test(String.fromCodePoint(rune));

/**
 * One rune as Go's strconv quotes it between `quote` marks (' for QuoteRune, " for Quote), the
 * marks left out: the mark and the backslash escaped, a printed rune as it is, \a…\r by name,
 * other controls as \xNN, any other rune Go does not print as \uNNNN or \UNNNNNNNN.
 */
export function goQuotedRune(rune: number, quote: "'" | '"'): string {
  const char = String.fromCodePoint(rune);
  if (char === quote || char === '\\') return `\\${char}`;
  if (goPrints(rune)) return char;
  const name = NAMED_ESCAPES[rune];
  if (name !== undefined) return name;
  if (rune < 0x20 || rune === 0x7f) return `\\x${rune.toString(16).padStart(2, '0')}`;
  return rune > 0xffff ? `\\U${rune.toString(16).padStart(8, '0')}` : `\\u${rune.toString(16).padStart(4, '0')}`;
}

/** Go's quoteChar: the byte (or, for Go's newer decoder, the whole rune) quoted as strconv.QuoteRune does, in single quotes. */
export const quoteChar = (c: number): string => `'${goQuotedRune(c, "'")}'`;

const fail = (c: number, context: string): never => {
  throw new SyntaxFailure(`invalid character ${quoteChar(c)} ${context}`);
};

/**
 * What the scanner made of a text: its first value's end (a byte offset), a syntax error with the
 * offset of the byte it met (the text's length for the space fed at its end), or a value cut short.
 */
export type ScanOutcome = { readonly end: number } | { readonly error: string; readonly at: number } | { readonly cut: true };

/** The message of the first syntax error in `bytes` as json.Unmarshal reports it, or null when they are one JSON value. */
export function goJsonSyntaxError(bytes: Uint8Array): string | null {
  const outcome = goJsonUnmarshalScan(bytes);
  if ('error' in outcome) return outcome.error;
  return 'cut' in outcome ? 'unexpected end of JSON input' : null;
}

/** What json.Unmarshal's scan of the whole of `bytes` meets first: the end of one value, a syntax error (and where), or the end too soon. */
export const goJsonUnmarshalScan = (bytes: Uint8Array): ScanOutcome => new Scanner(false).scan(bytes);

/** The first JSON value of `bytes` as json.Decoder reads it (nothing but spaces is cut too: the caller tells Go's io.EOF apart). */
export const goJsonFirstValue = (bytes: Uint8Array): ScanOutcome => new Scanner(true).scan(bytes);

/** The first JSON value of `bytes` decoded as json.Decoder decodes it, with the byte after it; or the decoder's words ("unexpected EOF" for a value cut short). */
export function goJsonDecodeFirst(bytes: Buffer): { readonly value: unknown; readonly end: number } | { readonly error: string; readonly at?: number } {
  const first = goJsonFirstValue(bytes);
  if ('error' in first) return first;
  if ('cut' in first) return { error: 'unexpected EOF' };
  return { value: JSON.parse(bytes.subarray(0, first.end).toString('utf8')), end: first.end };
}

/** One pass of Go's scanner (encoding/json scanner.go), state by state. */
class Scanner {
  private readonly stack: Container[] = [];
  /** The top-level value is complete. */
  private endTop = false;
  /** It was completed by the byte just read (a closing bracket), not before it (the byte after a scalar). */
  private closedHere = false;

  constructor(private readonly firstOnly: boolean) {}

  scan(bytes: Uint8Array): ScanOutcome {
    let step: Step = this.beginValue;
    let i = 0;
    try {
      for (; i < bytes.length; i++) {
        step = step(bytes[i]!);
        if (this.firstOnly && this.endTop) return { end: this.closedHere ? i + 1 : i };
      }
      if (this.endTop) return { end: bytes.length };
      // At the end the scanner gets one space: a number ends there; the decoder takes any other miss as a value cut short.
      try {
        step(0x20);
      } catch (error) {
        if (this.firstOnly) return { cut: true };
        throw error;
      }
      return this.endTop ? { end: bytes.length } : { cut: true };
    } catch (error) {
      if (error instanceof SyntaxFailure) return { error: error.message, at: i };
      throw error;
    }
  }

  private push(container: Container): void {
    this.stack.push(container);
    if (this.stack.length > MAX_DEPTH) throw new SyntaxFailure('exceeded max depth');
  }

  private readonly beginValue: Step = (c) => {
    if (isSpace(c)) return this.beginValue;
    switch (c) {
      case 0x7b:
        this.push('object-key');
        return this.beginStringOrEmpty;
      case 0x5b:
        this.push('array');
        return this.beginValueOrEmpty;
      case 0x22:
        return this.inString;
      case 0x2d:
        return this.negative;
      case 0x30:
        return this.zero;
      case 0x74:
        return this.literal('true', 1);
      case 0x66:
        return this.literal('false', 1);
      case 0x6e:
        return this.literal('null', 1);
    }
    if (c >= 0x31 && c <= 0x39) return this.digits;
    return fail(c, 'looking for beginning of value');
  };

  private readonly beginValueOrEmpty: Step = (c) => {
    if (isSpace(c)) return this.beginValueOrEmpty;
    return c === 0x5d ? this.endValue(c) : this.beginValue(c);
  };

  private readonly beginStringOrEmpty: Step = (c) => {
    if (isSpace(c)) return this.beginStringOrEmpty;
    if (c !== 0x7d) return this.beginString(c);
    this.stack[this.stack.length - 1] = 'object-value';
    return this.endValue(c);
  };

  private readonly beginString: Step = (c) => {
    if (isSpace(c)) return this.beginString;
    return c === 0x22 ? this.inString : fail(c, 'looking for beginning of object key string');
  };

  private pop(): Step {
    this.stack.pop();
    if (this.stack.length > 0) return this.endValue;
    this.endTop = true;
    this.closedHere = true;
    return this.endOfTop;
  }

  private readonly endValue: Step = (c) => {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) {
      this.endTop = true;
      // The decoder stops here, before this byte; json.Unmarshal checks it.
      return this.firstOnly ? this.endOfTop : this.endOfTop(c);
    }
    if (isSpace(c)) return this.endValue;
    if (top === 'object-key') {
      if (c !== 0x3a) return fail(c, 'after object key');
      this.stack[this.stack.length - 1] = 'object-value';
      return this.beginValue;
    }
    if (top === 'object-value') {
      if (c === 0x2c) {
        this.stack[this.stack.length - 1] = 'object-key';
        return this.beginString;
      }
      return c === 0x7d ? this.pop() : fail(c, 'after object key:value pair');
    }
    if (c === 0x2c) return this.beginValue;
    return c === 0x5d ? this.pop() : fail(c, 'after array element');
  };

  private readonly endOfTop: Step = (c) => (isSpace(c) ? this.endOfTop : fail(c, 'after top-level value'));

  private readonly inString: Step = (c) => {
    if (c === 0x22) return this.endValue;
    if (c === 0x5c) return this.inEscape;
    return c < 0x20 ? fail(c, 'in string literal') : this.inString;
  };

  private readonly inEscape: Step = (c) => {
    if ([0x62, 0x66, 0x6e, 0x72, 0x74, 0x5c, 0x2f, 0x22].includes(c)) return this.inString;
    return c === 0x75 ? this.hexDigit(0) : fail(c, 'in string escape code');
  };

  private hexDigit(index: number): Step {
    return (c) => {
      if (!isHex(c)) return fail(c, 'in \\u hexadecimal character escape');
      return index === 3 ? this.inString : this.hexDigit(index + 1);
    };
  }

  private literal(word: string, index: number): Step {
    return (c) => {
      const expected = word.charCodeAt(index);
      if (c !== expected) return fail(c, `in literal ${word} (expecting ${quoteChar(expected)})`);
      return index + 1 === word.length ? this.endValue : this.literal(word, index + 1);
    };
  }

  private readonly negative: Step = (c) => {
    if (c === 0x30) return this.zero;
    return c >= 0x31 && c <= 0x39 ? this.digits : fail(c, 'in numeric literal');
  };

  private readonly digits: Step = (c) => (isDigit(c) ? this.digits : this.zero(c));

  private readonly zero: Step = (c) => {
    if (c === 0x2e) return this.dot;
    return c === 0x65 || c === 0x45 ? this.exponent : this.endValue(c);
  };

  private readonly dot: Step = (c) => (isDigit(c) ? this.fraction : fail(c, 'after decimal point in numeric literal'));

  private readonly fraction: Step = (c) => {
    if (isDigit(c)) return this.fraction;
    return c === 0x65 || c === 0x45 ? this.exponent : this.endValue(c);
  };

  private readonly exponent: Step = (c) => (c === 0x2b || c === 0x2d ? this.exponentSign : this.exponentSign(c));

  private readonly exponentSign: Step = (c) => (isDigit(c) ? this.exponentDigits : fail(c, 'in exponent of numeric literal'));

  private readonly exponentDigits: Step = (c) => (isDigit(c) ? this.exponentDigits : this.endValue(c));
}
