/** Why reports cannot be compared. Callers match on `code`; the message names the reports concerned. */
export type CompareErrorCode = 'COMPARE_TOO_FEW' | 'COMPARE_DUPLICATE_LABEL' | 'COMPARE_LABEL' | 'COMPARE_SHARD';

export class CompareError extends Error {
  override readonly name = 'CompareError';
  constructor(
    readonly code: CompareErrorCode,
    message: string,
  ) {
    super(message);
  }
}
