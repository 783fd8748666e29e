import type { Socket } from 'node:net';
import { cleanPath, decodePath, escapePath } from './middleware/clean-path.js';
import type { ServingState } from './exchange.js';
import { parseRequestLine } from './raw-request.js';
import { afterOwedAnswers } from './in-flight.js';
import { isHijacked } from './hijack.js';
import { notFoundBytes, plainTextFor } from './replies.js';
import { versionPrefixOf } from './middleware/version-prefix.js';
import type { Implementation } from '../implementation.js';

export const CLIENT_ERRORS: Implementation = {
  where: 'simulator/http/client-errors.ts: answerClientError (parser refusals: 400, 431, unknown methods)',
  rules: ['api.robustness'],
};

/** Go's net/http answer to a request it cannot read, then it closes (observed, exact bytes). */
const goError = (status: string): string => `HTTP/1.1 ${status}\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n${status}`;
const BAD_REQUEST = goError('400 Bad Request');
export const HEADERS_TOO_LARGE = goError('431 Request Header Fields Too Large');

/**
 * What the daemon's router answers to a method node's parser does not know (FOO, PURGE in lower
 * case): observed on every release, `FOO /_ping` is 404 page not found like any unrouted method,
 * and an unclean path is redirected first.
 */
function unknownMethodAnswer(target: string, state: ServingState): string {
  const queryAt = target.indexOf('?');
  const path = decodePath(queryAt < 0 ? target : target.slice(0, queryAt));
  if (path === null) return BAD_REQUEST;
  const clean = cleanPath(path);
  const date = new Date().toUTCString();
  if (clean !== path)
    return `HTTP/1.1 301 Moved Permanently\r\nLocation: ${escapePath(clean)}${queryAt < 0 ? '' : target.slice(queryAt)}\r\nDate: ${date}\r\nContent-Length: 0\r\n\r\n`;
  const version = versionPrefixOf(path, state.variants.requestPath)?.[1] ?? null;
  return notFoundBytes(plainTextFor(state, version, 'legacyPlainTextNotFound'), date);
}

/**
 * Answers a request node's HTTP parser refused, then closes the connection and releases its
 * descriptor. dockerd keeps the connection open after answering an unknown method; node's parser
 * cannot go on after an error, so the simulator closes it (the answer is the same).
 */
/** Sockets already given their refusal (it is being written, then they close). */
const answered = new WeakSet<Socket>();

export function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket, state: ServingState): void {
  // Over TLS node reports the error again for each record of the request that follows (a head over
  // 16 KiB): the refusal is still being written, and a destroy now would close without it.
  if (answered.has(socket)) return;
  // A hijacked connection carries a stream (an attach's stdin), not requests.
  if (isHijacked(socket)) return;
  // A head not complete in time: Go closes without a word (observed, 300 s).
  if (!socket.writable || error.code === 'ECONNRESET' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    socket.destroy();
    return;
  }
  let answer: string;
  // Where a fault answers every refusal alike, the variant says with what (connection-variant.ts).
  const refusalStatus = state.variants.connection.parserRefusalStatus;
  if (refusalStatus !== null) answer = goError(refusalStatus);
  else if (error.code === 'HPE_HEADER_OVERFLOW') answer = HEADERS_TOO_LARGE;
  else if (error.code === 'HPE_INVALID_METHOD') {
    const line = parseRequestLine(error.rawPacket);
    answer = line === null ? BAD_REQUEST : unknownMethodAnswer(line.target, state);
  } else answer = BAD_REQUEST;
  answered.add(socket);
  // Bytes that follow a request in the same write are refused after its answer, as Go reads the
  // next request only then: ending the connection at once lost the answer, or the refusal.
  afterOwedAnswers(socket, () => {
    socket.end(answer);
    // A client that never reads must not keep the descriptor: destroy once written, or soon.
    socket.setTimeout(5_000, () => socket.destroy());
  });
}
