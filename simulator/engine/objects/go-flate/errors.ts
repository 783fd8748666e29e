/** The codes of GoGzipError: a write or close after close, or a broken invariant of the port (where Go panics). */
export type GoGzipErrorCode = 'GO_GZIP_CLOSED' | 'GO_FLATE_INTERNAL';

/** An error of the Go gzip port (go-gzip.ts): callers match on `code`. GO_FLATE_INTERNAL is a bug here, never bad input. */
export class GoGzipError extends Error {
  constructor(
    readonly code: GoGzipErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GoGzipError';
  }
}
