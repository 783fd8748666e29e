/**
 * Options a run cannot start with: a rule `--only` names that the catalogue lacks, a release the
 * table does not know. The CLI turns it into a usage error (exit 2); callers match on `code`.
 */
export class RunError extends Error {
  override readonly name = 'RunError';
  constructor(
    readonly code: 'RUN_OPTIONS',
    message: string,
  ) {
    super(message);
  }
}
