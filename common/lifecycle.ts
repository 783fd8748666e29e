import { compareVersions } from './dotted-version.js';

/** What the lifecycle needs of a deprecation catalogue row (specs/deprecations.ts). */
export interface LifecycleRow {
  readonly id: string;
  readonly status: 'Deprecated' | 'Removed';
  readonly deprecated: string;
  readonly removal: string | null;
  readonly disabledByDefault?: string;
}

export type RowState = 'active' | 'deprecated' | 'disabled-by-default' | 'removed';

const atOrAfter = (release: string, version: string): boolean => compareVersions(release, version) >= 0;

/** A planned removal the document's own release has passed without the row saying "Removed": it did not happen. */
const removalLapsed = (row: LifecycleRow, documentRelease: string): boolean =>
  row.status === 'Deprecated' && row.removal !== null && atOrAfter(documentRelease, row.removal);

/**
 * The state of a catalogue row's feature in a release: active before its deprecation, disabled by
 * default from the release the row gives, removed from its removal release (a planned removal the
 * document's release has passed while the row still says "Deprecated" is not applied).
 */
export function stateIn(row: LifecycleRow, release: string, documentRelease: string): RowState {
  if (!atOrAfter(release, row.deprecated)) return 'active';
  if (row.removal !== null && atOrAfter(release, row.removal) && !removalLapsed(row, documentRelease)) return 'removed';
  if (row.disabledByDefault !== undefined && atOrAfter(release, row.disabledByDefault)) return 'disabled-by-default';
  return 'deprecated';
}

/** Where a row does not fit the lifecycle as the document writes it. */
export function lifecycleProblems(row: LifecycleRow, documentRelease: string): readonly string[] {
  const problems: string[] = [];
  if (row.removal !== null && !atOrAfter(row.removal, row.deprecated)) problems.push(`removed (${row.removal}) before it was deprecated (${row.deprecated})`);
  if (row.removal !== null && compareVersions(row.removal, row.deprecated) === 0)
    problems.push(`deprecated and removed in the same release (${row.removal}): no stable release between`);
  if (row.status === 'Removed' && row.removal === null) problems.push('status Removed without a removal release');
  if (row.status === 'Removed' && row.removal !== null && !atOrAfter(documentRelease, row.removal))
    problems.push(`status Removed, but its removal release ${row.removal} is after the document's ${documentRelease}`);
  if (removalLapsed(row, documentRelease))
    problems.push(`status Deprecated, but its removal release ${row.removal} is not after the document's ${documentRelease}`);
  if (row.disabledByDefault !== undefined) {
    if (!atOrAfter(row.disabledByDefault, row.deprecated))
      problems.push(`disabled by default (${row.disabledByDefault}) before it was deprecated (${row.deprecated})`);
    if (row.removal !== null && atOrAfter(row.disabledByDefault, row.removal))
      problems.push(`disabled by default (${row.disabledByDefault}) only when or after it was removed (${row.removal})`);
  }
  return problems;
}
