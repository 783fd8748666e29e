import type { ServerResponse } from 'node:http';
import { isOlder } from '../../common/dotted-version.js';
import { DOCUMENT_MESSAGES, LEGACY_ERROR_API } from '../../specs/messages.js';
import type { Exchange, ServingState } from './exchange.js';

/**
 * The daemon's error answers. JSON `{"message": …}` by default; plain text (Go's http.Error) for
 * clients below API 1.24 on the releases that do so.
 */

const JSON_TYPE = 'application/json';
const TEXT_TYPE = 'text/plain; charset=utf-8';

/** Whether an error to a request at `version` is plain text on this release (`which` names the table column). */
export function plainTextFor(state: ServingState, version: string | null, which: 'legacyPlainTextErrors' | 'legacyPlainTextNotFound'): boolean {
  return version !== null && state.config.release[which] === true && isOlder(version, LEGACY_ERROR_API);
}

/** Sends an error with `headers` first: JSON, or text when `plain`. */
export function sendError(res: ServerResponse, status: number, message: string, headers: readonly string[], plain: boolean): void {
  if (plain) {
    const body = `${message}\n`;
    res.writeHead(status, [...headers, 'Content-Type', TEXT_TYPE, 'X-Content-Type-Options', 'nosniff', 'Content-Length', String(Buffer.byteLength(body))]);
    res.end(body);
    return;
  }
  const body = `${JSON.stringify({ message })}\n`;
  res.writeHead(status, [...headers, 'Content-Type', JSON_TYPE, 'Content-Length', String(Buffer.byteLength(body))]);
  res.end(body);
}

/**
 * An error from a route's handler: after every middleware, so with their headers (experimental
 * included). A 5xx is also logged, as moby's makeHTTPHandler logs it.
 */
export function handlerError(x: Exchange, status: number, message: string): void {
  if (status >= 500)
    x.state.logger.log('error', `Handler for ${x.req.method ?? 'GET'} ${x.version === null ? '' : `/v${x.version}`}${x.path} returned error: ${message}`);
  const headers = x.version === null ? x.state.kit.bare.routed : x.state.kit.versioned.routed;
  sendError(x.res, status, message, headers, plainTextFor(x.state, x.version, 'legacyPlainTextErrors'));
}

const NOT_FOUND_JSON = Buffer.from(`${JSON.stringify({ message: DOCUMENT_MESSAGES.pageNotFound })}\n`);
const NOT_FOUND_TEXT = Buffer.from(`${DOCUMENT_MESSAGES.pageNotFound}\n`);
const NOT_FOUND_JSON_HEADERS = ['Content-Type', JSON_TYPE, 'Content-Length', String(NOT_FOUND_JSON.length)];
const NOT_FOUND_TEXT_HEADERS = ['Content-Type', TEXT_TYPE, 'X-Content-Type-Options', 'nosniff', 'Content-Length', String(NOT_FOUND_TEXT.length)];

/**
 * The router's 404 for a path or method no route serves. It runs before any middleware, so it
 * carries none of their headers (observed: only Content-Type, Date and Content-Length); 20.10
 * answers it as text under a version prefix below 1.24.
 */
export function notFound(res: ServerResponse, plain: boolean): void {
  res.writeHead(404, plain ? NOT_FOUND_TEXT_HEADERS : NOT_FOUND_JSON_HEADERS);
  res.end(plain ? NOT_FOUND_TEXT : NOT_FOUND_JSON);
}

/** The exact bytes of the router's 404, for answers written on the raw socket (unknown methods). */
export function notFoundBytes(plain: boolean, date: string): string {
  const body = plain ? NOT_FOUND_TEXT : NOT_FOUND_JSON;
  const type = plain ? `Content-Type: ${TEXT_TYPE}\r\nX-Content-Type-Options: nosniff` : `Content-Type: ${JSON_TYPE}`;
  return `HTTP/1.1 404 Not Found\r\n${type}\r\nDate: ${date}\r\nContent-Length: ${body.length}\r\n\r\n${body.toString('latin1')}`;
}
