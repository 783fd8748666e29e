import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What the archive routes and the removed /copy (archive-routes.ts) may do differently from the
 * document: the path stat header, and whether /copy is still routed and copies. REFERENCE_ARCHIVE is the
 * document's; each fault and quirk that changes it is one row of ARCHIVE_VARIATIONS.
 */
export interface ArchiveVariant {
  /** The stat names the whole requested path, not its base name. */
  readonly statNamesWholePath: boolean;
  /** The stat header has linkTarget. */
  readonly statLinkTarget: boolean;
  /** POST /containers/{name}/copy copies at every API version. */
  readonly copies: boolean;
  /** POST /containers/{name}/copy is a route of every release, not only of those that have it (engine/routes.ts: objectRoutes). */
  readonly copyRoutedEverywhere: boolean;
  /** Below API 1.24 POST /containers/{name}/copy copies. */
  readonly copiesBelow124: boolean;
  /** POST /containers/{name}/copy answers 404 with the tar it copied (from API 1.24 where it copies below). */
  readonly copiesWith404: boolean;
}

/** The document's archive routes: /copy removed at every API version. */
export const REFERENCE_ARCHIVE: ArchiveVariant = Object.freeze({
  statNamesWholePath: false,
  statLinkTarget: true,
  copies: false,
  copyRoutedEverywhere: false,
  copiesBelow124: false,
  copiesWith404: false,
});

/** Each fault and quirk of the archive routes, and what it sets (no field is set twice). */
export const ARCHIVE_VARIATIONS: readonly VariationRow<ArchiveVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.container-archive.served', { statNamesWholePath: true }],
  ['deprecated.container-copy.removed', { copies: true, copyRoutedEverywhere: true }],
  // Observed quirk (specs/known-deviations.ts).
  ['observed.deprecated.container-copy.removed', { copiesBelow124: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.container-copy.removed.tar-with-404', { copiesWith404: true }],
  ['hypothetical.deprecated.container-archive.served.no-link-target', { statLinkTarget: false }],
];

/** The archive routes of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const archiveVariant = perConfigVariant(REFERENCE_ARCHIVE, ARCHIVE_VARIATIONS);
