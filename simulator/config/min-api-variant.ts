import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/**
 * What the minimum-version override (min-api.ts) may do differently from the document: the floor
 * a requested minimum is checked against, and the values taken and then dropped. REFERENCE_MIN_API
 * is the document's; each fault and quirk that changes it is one row of MIN_API_VARIATIONS.
 */
export interface MinApiVariant {
  /** The floor is the release's default minimum, not its opt-in floor (a 25.0 opt-in below the default is refused). */
  readonly floorIsDefault: boolean;
  /** From 26.0 the floor is 1.12: the removed versions can be re-enabled. */
  readonly removedVersionsReenabled: boolean;
  /** The variable's value below the floor is taken unchecked (daemon.json's is still checked). */
  readonly envFloorUnchecked: boolean;
  /** A value above the release's default minimum is accepted, then forgotten (the default is served). */
  readonly raiseForgotten: boolean;
  /** A value below the release's default minimum is accepted, then dropped (the default is served). */
  readonly lowerDropped: boolean;
}

/** The document's override. */
export const REFERENCE_MIN_API: MinApiVariant = Object.freeze({
  floorIsDefault: false,
  removedVersionsReenabled: false,
  envFloorUnchecked: false,
  raiseForgotten: false,
  lowerDropped: false,
});

/**
 * Each fault and quirk of the override, and what it sets (no two set the same field; where two are
 * on, the floor is that of the later of legacy-opt-in and legacy-removed, as the old branches set it).
 */
export const MIN_API_VARIATIONS: readonly VariationRow<MinApiVariant>[] = [
  // Hypothetical quirks (specs/quirks/api-versioning.ts).
  // From 26.0 the floor (1.24) is checked for daemon.json's min-api-version only: <PREFIX>MIN_API_VERSION=1.12 re-enables the removed versions.
  ['hypothetical.api.version.legacy-removed.env-floor-unchecked', { envFloorUnchecked: true }],
  // 25.0 validates <PREFIX>MIN_API_VERSION below the default and starts, but applies it only when it raises the minimum.
  ['hypothetical.api.version.legacy-opt-in.raise-only', { lowerDropped: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['api.version.legacy-opt-in', { floorIsDefault: true }],
  ['api.version.legacy-removed', { removedVersionsReenabled: true }],
  ['api.version.min-override-raise', { raiseForgotten: true }],
];

/** The override with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const minApiVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): MinApiVariant =>
  resolveVariant(REFERENCE_MIN_API, MIN_API_VARIATIONS, config);
