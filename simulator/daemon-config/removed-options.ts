import { stateIn } from '../../common/lifecycle.js';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { DEPRECATIONS, DOCUMENT_RELEASE, REMOVED_DAEMON_OPTIONS } from '../../specs/deprecations.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { ConfigDocument } from './read-document.js';

/** The configuration-file keys of the options the catalogue has removed by `release`. */
export function removedFileKeys(release: DaemonRelease): string[] {
  return REMOVED_DAEMON_OPTIONS.filter((option) => {
    const row = DEPRECATIONS.find((entry) => entry.id === option.row);
    return option.fileKey !== undefined && row !== undefined && stateIn(row, release.release, DOCUMENT_RELEASE) === 'removed';
  }).map((option) => option.fileKey!);
}

/**
 * The file as the start reads it. A removed option's key is refused by the checks that follow
 * (it is no option of the release: an unknown directive; 28.x's api-cors-header by its own
 * message). Fault (deprecated.options.removed-refused): those keys are dropped without a word.
 */
export function withRemovedKeys(file: ConfigDocument, release: DaemonRelease, faults: ReadonlySet<TestableRuleId>): ConfigDocument {
  if (!faults.has('deprecated.options.removed-refused')) return file;
  const removed = new Set(removedFileKeys(release));
  return { ...file, doc: Object.fromEntries(Object.entries(file.doc).filter(([key]) => !removed.has(key))) };
}
