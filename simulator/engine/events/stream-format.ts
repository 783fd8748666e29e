import type { Exchange } from '../../http/exchange.js';
import { apiBelow, releaseBelow } from '../replies.js';

/**
 * How the 29.x releases write GET /events (moby daemon/server/router/system getEvents and
 * httputils.NewJSONStreamEncoder; read in docker-v29.0.0 … docker-v29.7.2, observed on 29.7.2
 * 2026-12-06). Before 29.0 every stream is application/json, one document per line.
 */

const JSON_TYPE = 'application/json';
const JSON_LINES = 'application/jsonl';
const NDJSON = 'application/x-ndjson';
const JSON_SEQUENCE = 'application/json-seq';

/** The first release that negotiates the stream's media type from Accept (gddo's NegotiateContentType: x-ndjson, json-seq). */
const NEGOTIATED_FROM = '29.0';
/** The first release that offers application/jsonl as well. */
const JSON_LINES_OFFERED_FROM = '29.2';
/** The first release whose default is application/jsonl from API 1.52, and that takes only a type the Accept names exactly. */
const STRICT_FROM = '29.3';
/** The API version from which 29.3 and later answer application/jsonl by default. */
const JSON_LINES_DEFAULT_FROM_API = '1.52';

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
function negotiate(specs: readonly AcceptSpec[], offers: readonly string[], fallback: string): string {
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
function matchStrict(specs: readonly AcceptSpec[], offers: readonly string[]): string | null {
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
function acceptLines(x: Exchange): string[] {
  const raw = x.req.rawHeaders;
  const lines: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'accept') lines.push(raw[i + 1]!);
  return lines;
}

/** The media type the release answers GET /events with. */
export function eventsMediaType(x: Exchange): string {
  if (releaseBelow(x, NEGOTIATED_FROM)) return JSON_TYPE;
  const lines = acceptLines(x);
  if (!releaseBelow(x, STRICT_FROM)) {
    const byDefault = apiBelow(x, JSON_LINES_DEFAULT_FROM_API) ? JSON_TYPE : JSON_LINES;
    // Header.Get: the first Accept line decides whether there is one at all.
    return (lines[0] ?? '') === '' ? byDefault : (matchStrict(parseAccept(lines), [JSON_LINES, NDJSON, JSON_SEQUENCE]) ?? byDefault);
  }
  const offers = releaseBelow(x, JSON_LINES_OFFERED_FROM) ? [NDJSON, JSON_SEQUENCE] : [JSON_LINES, NDJSON, JSON_SEQUENCE];
  return negotiate(parseAccept(lines), offers, JSON_TYPE);
}

/** A record of the stream in its media type: JSON text sequences put an ASCII record separator before each. */
export const framed = (mediaType: string, line: string): string => (mediaType === JSON_SEQUENCE ? `\u001e${line}` : line);

/** From 29.0 an event with legacy fields is written through a Go map (compat.Wrap): keys sorted at every level, numbers as float64. */
export const legacyThroughMap = (x: Exchange): boolean => !releaseBelow(x, NEGOTIATED_FROM);
