import type { Exchange } from '../http/exchange.js';

/**
 * The Accept header as the 29.x releases read it (gddo's httputil and header packages, moby's
 * contenttype): its media ranges, content negotiation, and the strict match of an exact type.
 */

/** The JSON stream types the 29.x releases offer (moby's jsonTypes), in their order. */
export const JSON_LINES = 'application/jsonl';
export const NDJSON = 'application/x-ndjson';
export const JSON_SEQUENCE = 'application/json-seq';
export const JSON_STREAM_TYPES = [JSON_LINES, NDJSON, JSON_SEQUENCE] as const;

/** One media range of an Accept header and its quality (gddo header.AcceptSpec). */
interface AcceptSpec {
  readonly value: string;
  readonly q: number;
}

/** HTTP's separators and controls end a token (gddo's octet types); a media range's token may hold `/` too. */
const TOKEN_OR_SLASH = /^[!#$%&'*+\-.^_`|~0-9A-Za-z/]*/;
const SPACE = /^[ \t\r\n]*/;

/** gddo's expectQuality: 0 or 1, then an optional fraction of any number of digits; -1 for anything else. */
function quality(text: string): { readonly q: number; readonly rest: string } {
  if (text[0] !== '0' && text[0] !== '1') return { q: -1, rest: '' };
  const whole = text[0] === '1' ? 1 : 0;
  if (text[1] !== '.') return { q: whole, rest: text.slice(1) };
  const digits = /^[0-9]*/.exec(text.slice(2))![0];
  return { q: whole + (digits === '' ? 0 : Number(digits) / 10 ** digits.length), rest: text.slice(2 + digits.length) };
}

/**
 * gddo's header.ParseAccept: media ranges separated by commas, each with at most a `q` parameter;
 * the first part it cannot read (another parameter, a bad quality) ends the reading of that line.
 */
export function parseAccept(lines: readonly string[]): AcceptSpec[] {
  const specs: AcceptSpec[] = [];
  for (const line of lines) {
    let rest = line;
    for (;;) {
      const value = TOKEN_OR_SLASH.exec(rest)![0];
      if (value === '') break;
      rest = rest.slice(value.length).replace(SPACE, '');
      let q = 1;
      if (rest.startsWith(';')) {
        rest = rest.slice(1).replace(SPACE, '');
        if (!rest.startsWith('q=')) break;
        const read = quality(rest.slice(2));
        if (read.q < 0) break;
        ({ q, rest } = read);
      }
      specs.push({ value, q });
      rest = rest.replace(SPACE, '');
      if (!rest.startsWith(',')) break;
      rest = rest.slice(1).replace(SPACE, '');
    }
  }
  return specs;
}

/** gddo's httputil.NegotiateContentType: an exact range beats `type/*`, which beats `*\/*`; then the higher quality; then the earlier offer. */
export function negotiate(specs: readonly AcceptSpec[], offers: readonly string[], fallback: string): string {
  let best = fallback;
  let bestQ = -1;
  let bestWild = 3;
  for (const offer of offers) {
    for (const { value, q } of specs) {
      if (q === 0 || q < bestQ) continue;
      const wild = value === '*/*' ? 2 : value.endsWith('/*') ? (offer.startsWith(value.slice(0, -1)) ? 1 : -1) : value === offer ? 0 : -1;
      if (wild >= 0 && (q > bestQ || bestWild > wild)) {
        bestQ = q;
        bestWild = wild;
        best = offer;
      }
    }
  }
  return best;
}

/** moby's contenttype.MatchAcceptStrict: the offer the Accept names exactly with the highest quality (the earlier offer on a tie), or null. */
export function matchStrict(specs: readonly AcceptSpec[], offers: readonly string[]): string | null {
  let best: string | null = null;
  let bestQ = -1;
  for (const offer of offers)
    for (const { value, q } of specs)
      if (q !== 0 && value === offer && q > bestQ) {
        bestQ = q;
        best = offer;
      }
  return best;
}

/** The Accept header's lines as the request sent them (Node joins repeated ones; the raw headers keep them apart). */
export function acceptLines(x: Exchange): string[] {
  const raw = x.req.rawHeaders;
  const lines: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'accept') lines.push(raw[i + 1]!);
  return lines;
}

/** moby's contenttype.MatchAcceptStrict on a request: null without an Accept header (Header.Get reads its first line) or an exact match. */
export function acceptedStrictly(x: Exchange, offers: readonly string[]): string | null {
  const lines = acceptLines(x);
  return (lines[0] ?? '') === '' ? null : matchStrict(parseAccept(lines), offers);
}

/** moby's contenttype.Negotiate on a request: the offer its Accept header prefers, or `fallback`. */
export const negotiated = (x: Exchange, offers: readonly string[], fallback: string): string => negotiate(parseAccept(acceptLines(x)), offers, fallback);
