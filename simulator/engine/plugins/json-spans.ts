import { isSpace } from '../go-json.js';

/**
 * A JSON document whose syntax Go's scanner has already accepted, as a tree of its values with
 * the bytes each spans: Go's decoder hands an Unmarshaler the value's bytes as they are written
 * (escapes included), and 20.10's plugin interface type reads one byte past them.
 */

interface Span {
  readonly start: number;
  /** The offset after the value's last byte. */
  readonly end: number;
}

export type JsonSpan =
  | (Span & { readonly kind: 'object'; readonly members: readonly { readonly key: string; readonly value: JsonSpan }[] })
  | (Span & { readonly kind: 'array'; readonly items: readonly JsonSpan[] })
  | (Span & { readonly kind: 'string'; readonly text: string })
  | (Span & { readonly kind: 'number'; readonly literal: string })
  | (Span & { readonly kind: 'bool'; readonly value: boolean })
  | (Span & { readonly kind: 'null' });

/** Go's decoding of a string literal's bytes: escapes read, a lone surrogate or a byte that is no UTF-8 made U+FFFD. */
function goStringLiteral(raw: Buffer): string {
  const text = goUtf8(raw.subarray(1, -1));
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = text[++i]!;
    if (next !== 'u') {
      out += ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' } as Readonly<Record<string, string>>)[next] ?? next;
      continue;
    }
    const unit = Number.parseInt(text.slice(i + 1, i + 5), 16);
    i += 4;
    if (unit >= 0xd800 && unit < 0xdc00 && text.slice(i + 1, i + 3) === '\\u') {
      const low = Number.parseInt(text.slice(i + 3, i + 7), 16);
      if (low >= 0xdc00 && low < 0xe000) {
        out += String.fromCharCode(unit, low);
        i += 6;
        continue;
      }
    }
    out += unit >= 0xd800 && unit < 0xe000 ? '\ufffd' : String.fromCharCode(unit);
  }
  return out;
}

/** The runes of bytes as Go ranges over them: each byte that starts no valid UTF-8 sequence is one rune of its own, null. */
export function* goRunes(bytes: Buffer): Generator<string | null> {
  const strict = new TextDecoder('utf-8', { fatal: true });
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf5 ? 4 : 0;
    let rune: string | null = null;
    if (length > 0 && i + length <= bytes.length) {
      try {
        rune = strict.decode(bytes.subarray(i, i + length));
      } catch {
        rune = null;
      }
    }
    yield rune;
    i += rune === null ? 1 : length;
  }
}

/** Bytes as a Go string reads: each byte that is no UTF-8 is U+FFFD. */
export const goUtf8 = (bytes: Buffer): string => Array.from(goRunes(bytes), (rune) => rune ?? '\ufffd').join('');

/** The tree of a document Go's scanner accepted. */
export function jsonSpans(bytes: Buffer): JsonSpan {
  let at = 0;
  const skipSpace = (): void => {
    while (at < bytes.length && isSpace(bytes[at]!)) at++;
  };
  const stringEnd = (from: number): number => {
    let i = from + 1;
    while (bytes[i] !== 0x22) i += bytes[i] === 0x5c ? 2 : 1;
    return i + 1;
  };
  const value = (): JsonSpan => {
    skipSpace();
    const start = at;
    const first = bytes[at]!;
    if (first === 0x7b) {
      at++;
      const members: { key: string; value: JsonSpan }[] = [];
      skipSpace();
      if (bytes[at] === 0x7d) return { kind: 'object', start, end: ++at, members };
      for (;;) {
        skipSpace();
        const keyEnd = stringEnd(at);
        const key = goStringLiteral(bytes.subarray(at, keyEnd));
        at = keyEnd;
        skipSpace();
        at++; // the colon
        members.push({ key, value: value() });
        skipSpace();
        if (bytes[at++] === 0x7d) return { kind: 'object', start, end: at, members };
      }
    }
    if (first === 0x5b) {
      at++;
      const items: JsonSpan[] = [];
      skipSpace();
      if (bytes[at] === 0x5d) return { kind: 'array', start, end: ++at, items };
      for (;;) {
        items.push(value());
        skipSpace();
        if (bytes[at++] === 0x5d) return { kind: 'array', start, end: at, items };
      }
    }
    if (first === 0x22) {
      at = stringEnd(at);
      return { kind: 'string', start, end: at, text: goStringLiteral(bytes.subarray(start, at)) };
    }
    if (first === 0x74 || first === 0x66) {
      at += first === 0x74 ? 4 : 5;
      return { kind: 'bool', start, end: at, value: first === 0x74 };
    }
    if (first === 0x6e) {
      at += 4;
      return { kind: 'null', start, end: at };
    }
    while (at < bytes.length && /[-+.eE0-9]/.test(String.fromCharCode(bytes[at]!))) at++;
    return { kind: 'number', start, end: at, literal: bytes.toString('latin1', start, at) };
  };
  return value();
}
