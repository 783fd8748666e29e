/** Stable codes of the client's errors; callers match on `code`, never on the message. */
export type HttpClientErrorCode =
  /** No complete answer within the request's total deadline. */
  | 'HTTP_TIMEOUT'
  /** The request's AbortSignal was raised (the runner cancelled the cell). */
  | 'HTTP_ABORTED'
  /** Connecting failed, or the connection broke before the answer was complete. */
  | 'HTTP_CONNECTION'
  /** The target's answer broke HTTP/1.1 (node's parser refused it: a HEAD answer with a body, garbage after an answer). */
  | 'HTTP_PROTOCOL'
  /** The answer's body exceeded the size cap. */
  | 'HTTP_BODY_TOO_LARGE'
  /** A replayed target has no recorded answer for the request. */
  | 'HTTP_NOT_RECORDED';

export class HttpClientError extends Error {
  override readonly name = 'HttpClientError';
  constructor(
    readonly code: HttpClientErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** How the error a replayed target raises for a request its transcript lacks begins. */
export const NOT_RECORDED = 'CTC_NOT_RECORDED';

/** The client's error for what node:http (or nock) reported. */
export function classify(what: string, error: NodeJS.ErrnoException): HttpClientError {
  if (error instanceof HttpClientError) return error;
  if (error.message.startsWith(NOT_RECORDED) || error.code === 'ERR_NOCK_NO_MATCH' || error.message.startsWith('Nock: Disallowed net connect')) {
    return new HttpClientError('HTTP_NOT_RECORDED', `${what}: ${error.message}`);
  }
  if (error.code?.startsWith('HPE_') === true)
    return new HttpClientError('HTTP_PROTOCOL', `${what}: the answer broke HTTP/1.1 (${error.code}: ${error.message.replace(/^Parse Error: /, '')})`);
  return new HttpClientError('HTTP_CONNECTION', `${what}: ${error.code ?? ''} ${error.message}`.trim());
}
