import type { VariationRow } from '../../faults/variant-table.js';
import { QUIRK as COPY_BELOW_124 } from '../../quirks/deprecations/copy-below-1-24.js';
import { QUIRK as COPY_TAR_WITH_404 } from '../../quirks/deprecations/copy-tar-with-404.js';
import { QUIRK as STAT_WITHOUT_LINK_TARGET } from '../../quirks/deprecations/stat-without-link-target.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What the archive routes and the removed /copy (archive-routes.ts) may do differently from the
 * document: the path stat header, and whether /copy still copies. REFERENCE_ARCHIVE is the
 * document's; each fault and quirk that changes it is one row of ARCHIVE_VARIATIONS.
 */
export interface ArchiveVariant {
  /** The stat names the whole requested path, not its base name. */
  readonly statNamesWholePath: boolean;
  /** The stat header has linkTarget. */
  readonly statLinkTarget: boolean;
  /** POST /containers/{name}/copy copies at every API version. */
  readonly copies: boolean;
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
  copiesBelow124: false,
  copiesWith404: false,
});

/** Each fault and quirk of the archive routes, and what it sets (no field is set twice). */
export const ARCHIVE_VARIATIONS: readonly VariationRow<ArchiveVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.container-archive.served', { statNamesWholePath: true }],
  ['deprecated.container-copy.removed', { copies: true }],
  // Observed quirk (specs/known-deviations.ts).
  [COPY_BELOW_124, { copiesBelow124: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  [COPY_TAR_WITH_404, { copiesWith404: true }],
  [STAT_WITHOUT_LINK_TARGET, { statLinkTarget: false }],
];

/** The archive routes of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const archiveVariant = perConfigVariant(REFERENCE_ARCHIVE, ARCHIVE_VARIATIONS);
