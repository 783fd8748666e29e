import { routedHeaders } from '../replies.js';
import type { Exchange } from '../../http/exchange.js';

/**
 * A net/http handler's answer as Go frames it: a body of at most 2048 bytes (the response writer's
 * buffer) gets a Content-Length, a longer one is chunked (observed on every /debug route of the
 * four releases: the 1218-byte block profile has a length, the 2169-byte index is chunked).
 */

/** The most a Go handler's body may be to be sent with a Content-Length. */
const GO_WRITE_BUFFER = 2048;

export const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Headers as name, value pairs, in the order Go writes them (sorted). */
export type HeaderPairs = readonly (readonly [string, string])[];

export function sendGoAnswer(x: Exchange, status: number, headers: HeaderPairs, body: string | Buffer): void {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const length: HeaderPairs = bytes.length <= GO_WRITE_BUFFER ? [['Content-Length', String(bytes.length)]] : [];
  x.res.writeHead(status, [...routedHeaders(x), ...[...headers, ...length].flat()]);
  x.res.end(bytes);
}

/** net/http/pprof's serveError: the text and a newline, X-Go-Pprof set, after the handler's nosniff. */
export const servePprofError = (x: Exchange, status: number, text: string): void =>
  sendGoAnswer(
    x,
    status,
    [
      ['Content-Type', TEXT_TYPE],
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Go-Pprof', '1'],
    ],
    `${text}\n`,
  );

/** The headers of a profile sent as a file (`attachment; filename="heap"`). */
export const attachmentHeaders = (filename: string): HeaderPairs => [
  ['Content-Disposition', `attachment; filename="${filename}"`],
  ['Content-Type', 'application/octet-stream'],
  ['X-Content-Type-Options', 'nosniff'],
];

/** The headers of a text answer of net/http/pprof. */
export const PPROF_TEXT_HEADERS: HeaderPairs = [
  ['Content-Type', TEXT_TYPE],
  ['X-Content-Type-Options', 'nosniff'],
];

/**
 * Waits `ms`, or less if the client goes away first (Go's handlers sleep on the request's
 * context). Resolves true when the whole wait passed.
 */
export function waitWhileConnected(x: Exchange, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const gone = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      x.res.off('close', gone);
      resolve(true);
    }, ms);
    timer.unref();
    x.res.once('close', gone);
  });
}
