import { randomBytes } from 'node:crypto';
import { compareVersions } from '../../common/dotted-version.js';
import { fillMessage } from '../../common/messages.js';
import { SIMULATOR_MESSAGES } from '../../specs/messages.js';
import { handlerError } from '../http/replies.js';
import type { Exchange } from '../http/exchange.js';
import { goQueryValue } from './go-query.js';

/** The API version a request is served at: its prefix, or the release's newest when unversioned. */
export const apiOf = (x: Exchange): string => x.version ?? x.state.config.maxApi;

/** Whether the request's API version is below `version`. */
export const apiBelow = (x: Exchange, version: string): boolean => compareVersions(apiOf(x), version) < 0;

/** Whether the emulated release is older than `release`. */
export const releaseBelow = (x: Exchange, release: string): boolean => compareVersions(x.state.config.release.release, release) < 0;

/** The request's query parameters. */
export const queryOf = (x: Exchange): URLSearchParams => new URLSearchParams(x.query.slice(1));

/** The first value of a query parameter in bytes, as Go's url.ParseQuery reads it (go-query.ts), or null. */
export const queryBytes = (x: Exchange, key: string): Buffer | null => goQueryValue(x.query, key);

/** moby's httputils.BoolValue of a query value. */
const goBoolValue = (value: string): boolean => !['', '0', 'no', 'false', 'none'].includes(value.trim().toLowerCase());

/**
 * A query parameter as moby's httputils.BoolValue reads it: anything but "", "0", "no", "false"
 * and "none" (any case, trimmed) is true. Observed for `all` of GET /containers/json on 20.10.24,
 * 26.1.5 and 28.5.2: TRUE, yes, on, x and " 1" list every container; the other routes' flags
 * (force, follow, stdout, stderr) are read by the same helper.
 */
export const boolQuery = (x: Exchange, key: string): boolean => goBoolValue(queryOf(x).get(key) ?? '');

/** moby's httputils.BoolValueOrDefault: `fallback` when the key is absent, else as boolQuery reads it (the stats' `stream`). */
export const boolQueryOrDefault = (x: Exchange, key: string, fallback: boolean): boolean => {
  const value = queryOf(x).get(key);
  return value === null ? fallback : goBoolValue(value);
};

/** The route's headers (Api-Version, Server, …) for this request. */
export const routedHeaders = (x: Exchange): readonly string[] => (x.version === null ? x.state.kit.bare : x.state.kit.versioned).routed;

/** A JSON answer, one document and a newline as the daemon writes it. */
export function sendJson(x: Exchange, status: number, document: unknown): void {
  sendBody(x, status, `${goJsonText(document)}\n`, 'application/json');
}

/** Marks a bigint while JSON.stringify writes the document: a token no string of a request holds. */
const BIGINT_MARK = `\u0000bigint-${randomBytes(8).toString('hex')}:`;
const BIGINT_MARKED = new RegExp(`"${JSON.stringify(BIGINT_MARK).slice(1, -1).replace(/\\/g, '\\\\')}(\\d+)"`, 'g');

/** The document as Go's encoding/json writes it, a bigint (a uint64 past a double's precision) as its digits. */
export function goJsonText(document: unknown): string {
  let marked = false;
  const text = JSON.stringify(document, (_key, value: unknown) => {
    if (typeof value !== 'bigint') return value;
    marked = true;
    return `${BIGINT_MARK}${value}`;
  });
  return marked ? text.replace(BIGINT_MARKED, '$1') : text;
}

/**
 * A stream of JSON messages as moby's streamformatter writes them (image import and load): 200
 * at once, chunked (no length), each message followed by "\r\n". Observed on 20.10.24, 26.1.5 and
 * 28.5.2 for both routes, their error line included.
 */
export function sendJsonMessages(x: Exchange, messages: readonly unknown[]): void {
  x.res.writeHead(200, [...routedHeaders(x), 'Content-Type', 'application/json']);
  for (const message of messages) x.res.write(`${JSON.stringify(message)}\r\n`);
  x.res.end();
}

/** An answer with a body of `type`. */
export function sendBody(x: Exchange, status: number, body: string | Buffer, type: string, extraHeaders: readonly string[] = []): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  x.res.writeHead(status, [...routedHeaders(x), ...extraHeaders, 'Content-Type', type, 'Content-Length', String(bytes.length)]);
  x.res.end(bytes);
}

/** An answer without a body (204, 304). */
export function sendEmpty(x: Exchange, status: number, extraHeaders: readonly string[] = []): void {
  x.res.writeHead(status, [...routedHeaders(x), ...extraHeaders]);
  x.res.end();
}

/** Answers a panic in moby's handler as Go's net/http does: the connection closes without an answer. */
export const dropConnection = (x: Exchange): void => {
  x.res.socket?.destroy();
};

/** Keys in Go's map order (sorted), as encoding/json writes a map. */
export const sortedMap = <T>(map: Readonly<Record<string, T>> | null): Record<string, T> | null =>
  map === null
    ? null
    : Object.fromEntries(
        Object.keys(map)
          .sort()
          .map((key) => [key, map[key]!]),
      );

/** 501 for a form of an endpoint the simulator does not have (a pull, a filter it does not know). */
export function notImplementedHere(x: Exchange, what: string): void {
  handlerError(x, 501, fillMessage(SIMULATOR_MESSAGES.notImplemented, { method: x.req.method ?? 'GET', path: what }));
}
