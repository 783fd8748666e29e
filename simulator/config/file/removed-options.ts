import { stateIn } from '../../../common/lifecycle.js';
import { DEPRECATIONS, DOCUMENT_RELEASE, REMOVED_DAEMON_OPTIONS, REMOVED_LOG_OPTIONS, REMOVED_STORAGE_OPTIONS } from '../../../specs/deprecations.js';
import type { DaemonRelease } from '../../../specs/versions.js';
import type { LoadVariant } from './load-variant.js';
import type { ConfigDocument } from './read-document.js';

/** Whether the catalogue row is in the state Removed in `release` (common/lifecycle.ts). */
export function rowRemovedIn(rowId: string, release: DaemonRelease): boolean {
  const row = DEPRECATIONS.find((entry) => entry.id === rowId);
  return row !== undefined && stateIn(row, release.release, DOCUMENT_RELEASE) === 'removed';
}

/** The configuration-file keys of the options the catalogue has removed by `release`. */
export function removedFileKeys(release: DaemonRelease): string[] {
  return REMOVED_DAEMON_OPTIONS.filter((option) => option.fileKey !== undefined && rowRemovedIn(option.row, release)).map((option) => option.fileKey!);
}

/** The flags of the options the catalogue has removed by `release`. */
export function removedFlags(release: DaemonRelease): string[] {
  return REMOVED_DAEMON_OPTIONS.filter((option) => option.flag !== undefined && rowRemovedIn(option.row, release)).map((option) => option.flag!);
}

/** The log option `driver` no longer takes in `release`, of those given; undefined when none. */
export function removedLogOption(driver: string, options: readonly string[], release: DaemonRelease): string | undefined {
  return REMOVED_LOG_OPTIONS.find((removed) => removed.driver === driver && options.includes(removed.option) && rowRemovedIn(removed.row, release))?.option;
}

/** The options of `driver` the catalogue lists that `release` still takes (deprecated, not yet removed). */
export function keptStorageOptions(driver: string, release: DaemonRelease): string[] {
  return REMOVED_STORAGE_OPTIONS.filter((removed) => removed.driver === driver && !rowRemovedIn(removed.row, release)).map((removed) => removed.option);
}

/**
 * The file as the start reads it. A removed option's key is refused by the checks that follow
 * (it is no option of the release: an unknown directive; 28.x's api-cors-header by its own
 * message); where the variant drops them (load-variant.ts), they go without a word.
 */
export function withRemovedKeys(file: ConfigDocument, release: DaemonRelease, variant: Pick<LoadVariant, 'removedKeysDropped'>): ConfigDocument {
  const removed = new Set(removedFileKeys(release));
  if (!Object.keys(file.doc).some((key) => removed.has(key)) || !variant.removedKeysDropped) return file;
  return { ...file, doc: Object.fromEntries(Object.entries(file.doc).filter(([key]) => !removed.has(key))) };
}
