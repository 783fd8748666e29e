import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What GET /images/json (routes.ts: imageListRoute, legacyFilter) may do differently from the
 * document: the `reference` filter, and the former `filter` parameter. REFERENCE_IMAGE_LIST is the
 * document's; each fault and quirk that changes it is one row of IMAGE_LIST_VARIATIONS.
 */
export interface ImageListVariant {
  /** From API 1.41 the `reference` filter is applied. */
  readonly referenceFilterFrom141: boolean;
  /** The former `filter` parameter filters at every API version and release when its pattern is this. */
  readonly legacyFilterEverywhere: (pattern: string) => boolean;
  /** Below API 1.41 the former `filter` parameter keeps the tags that do NOT match. */
  readonly legacyFilterInverted: boolean;
  /** Below API 1.41 the former `filter` parameter compares without glob patterns. */
  readonly legacyFilterLiteral: boolean;
  /** Below API 1.41 the former `filter` parameter filters on the releases that removed it too. */
  readonly legacyFilterAfterRemoval: boolean;
}

/** The document's images list. */
export const REFERENCE_IMAGE_LIST: ImageListVariant = Object.freeze({
  referenceFilterFrom141: true,
  legacyFilterEverywhere: () => false,
  legacyFilterInverted: false,
  legacyFilterLiteral: false,
  legacyFilterAfterRemoval: false,
});

/** The removed `filter` parameter still filters, at every API version, when its pattern names one tag (`repo:tag`): a leftover lookup by reference. */
const namesOneTag = (pattern: string): boolean => /:[\w][\w.-]*$/.test(pattern) && !pattern.includes('*');

/** Each fault and quirk of the images list, and what it sets (no field is set twice). */
export const IMAGE_LIST_VARIATIONS: readonly VariationRow<ImageListVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.images-list.filter-parameter', { referenceFilterFrom141: false }],
  ['deprecated.images-list.filter-parameter.legacy-form', { legacyFilterInverted: true }],
  // Observed quirk (specs/known-deviations.ts).
  ['observed.deprecated.images-list.filter-parameter', { legacyFilterAfterRemoval: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.images-list.filter-parameter.exact-tag-honoured', { legacyFilterEverywhere: namesOneTag }],
  ['hypothetical.deprecated.images-list.filter-parameter.legacy-form.literal', { legacyFilterLiteral: true }],
];

/** The images list of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const imageListVariant = perConfigVariant(REFERENCE_IMAGE_LIST, IMAGE_LIST_VARIATIONS);
