/** Why an input from outside was refused (callers match on `code`; the message is one line, without the file's name). */
export type InputErrorCode =
  /** A directory, FIFO, socket or device where a regular file is read. */
  | 'INPUT_NOT_REGULAR'
  /** A symbolic link where none is followed. */
  | 'INPUT_LINK'
  /** Larger than its limit (common/limits.ts). */
  | 'INPUT_TOO_LARGE'
  /** A gzip stream that inflates beyond its limit. */
  | 'INPUT_INFLATED_TOO_LARGE'
  /** Not gzip, or a broken one. */
  | 'INPUT_NOT_GZIP'
  /** Missing, or the system refused it (the message carries the errno code). */
  | 'INPUT_UNREADABLE';

export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(
    readonly code: InputErrorCode,
    message: string,
  ) {
    super(message);
  }
}
