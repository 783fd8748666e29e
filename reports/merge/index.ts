export { comparableReport } from './comparable.js';
export { MergeError, type MergeErrorCode } from './merge-error.js';
export { mergeShards, type ShardReport } from './merge-shards.js';
