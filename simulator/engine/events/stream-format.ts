import type { Exchange } from '../../http/exchange.js';
import { apiBelow, releaseBelow } from '../replies.js';
import { acceptedStrictly, JSON_LINES, JSON_SEQUENCE, JSON_STREAM_TYPES, NDJSON, negotiated } from '../accept-header.js';

/**
 * How the 29.x releases write GET /events (moby daemon/server/router/system getEvents and
 * httputils.NewJSONStreamEncoder; read in docker-v29.0.0 … docker-v29.7.2, observed on 29.7.2
 * 2026-12-06). Before 29.0 every stream is application/json, one document per line.
 */

const JSON_TYPE = 'application/json';

/** The first release that negotiates the stream's media type from Accept (gddo's NegotiateContentType: x-ndjson, json-seq). */
const NEGOTIATED_FROM = '29.0';
/** The first release that offers application/jsonl as well. */
const JSON_LINES_OFFERED_FROM = '29.2';
/** The first release whose default is application/jsonl from API 1.52, and that takes only a type the Accept names exactly. */
const STRICT_FROM = '29.3';
/** The API version from which 29.3 and later answer application/jsonl by default. */
const JSON_LINES_DEFAULT_FROM_API = '1.52';

/** The media type the release answers GET /events with. */
export function eventsMediaType(x: Exchange): string {
  if (releaseBelow(x, NEGOTIATED_FROM)) return JSON_TYPE;
  if (!releaseBelow(x, STRICT_FROM)) {
    const byDefault = apiBelow(x, JSON_LINES_DEFAULT_FROM_API) ? JSON_TYPE : JSON_LINES;
    return acceptedStrictly(x, JSON_STREAM_TYPES) ?? byDefault;
  }
  const offers = releaseBelow(x, JSON_LINES_OFFERED_FROM) ? [NDJSON, JSON_SEQUENCE] : JSON_STREAM_TYPES;
  return negotiated(x, offers, JSON_TYPE);
}

/** A record of the stream in its media type: JSON text sequences put an ASCII record separator before each. */
export const framed = (mediaType: string, line: string): string => (mediaType === JSON_SEQUENCE ? `\u001e${line}` : line);

/** From 29.0 an event with legacy fields is written through a Go map (compat.Wrap): keys sorted at every level, numbers as float64. */
export const legacyThroughMap = (x: Exchange): boolean => !releaseBelow(x, NEGOTIATED_FROM);
