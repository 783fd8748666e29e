/** Why shard reports cannot be merged. Callers match on `code`; the message names what differs. */
export type MergeErrorCode =
  | 'MERGE_NO_SHARDS'
  | 'MERGE_NOT_A_SHARD'
  | 'MERGE_TOOL_VERSION'
  | 'MERGE_SEED'
  | 'MERGE_TARGET'
  | 'MERGE_OPTIONS'
  | 'MERGE_SHARD_COUNT'
  | 'MERGE_DUPLICATE_SHARD'
  | 'MERGE_MISSING_SHARD'
  | 'MERGE_CELLS';

export class MergeError extends Error {
  override readonly name = 'MergeError';
  constructor(
    readonly code: MergeErrorCode,
    message: string,
  ) {
    super(message);
  }
}
