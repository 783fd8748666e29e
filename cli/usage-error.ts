/** A mistake on the command line found after parsing (exit code 2, message printed once). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  readonly code = 'USAGE';
}
