import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/**
 * What the start's deprecation warnings (deprecation-warnings.ts) may do differently from the
 * document. REFERENCE_DEPRECATION_WARNINGS is the document's; each fault and quirk that changes it
 * is one row of DEPRECATION_WARNINGS_VARIATIONS.
 */
export interface DeprecationWarningsVariant {
  /** allow-nondistributable-artifacts is not warned of. */
  readonly nondistributableUnwarned: boolean;
  /** allow-nondistributable-artifacts is warned of only when it comes by flag (pflag's deprecation line), never from the file. */
  readonly nondistributableWarnedForFlagOnly: boolean;
}

/** The document's warnings. */
export const REFERENCE_DEPRECATION_WARNINGS: DeprecationWarningsVariant = Object.freeze({
  nondistributableUnwarned: false,
  nondistributableWarnedForFlagOnly: false,
});

/** Each fault and quirk of the warnings, and what it sets (no two set the same field). */
export const DEPRECATION_WARNINGS_VARIATIONS: readonly VariationRow<DeprecationWarningsVariant>[] = [
  // Observed quirk (specs/quirks/daemon-config.ts): 28.5.2.
  ['observed.config.nondistributable.warning', { nondistributableWarnedForFlagOnly: true }],
  // Fault: the smallest change under which the rule, and only it, fails.
  ['config.nondistributable.warning', { nondistributableUnwarned: true }],
];

/** The warnings with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const deprecationWarningsVariant = (config: {
  readonly faults: ReadonlySet<string>;
  readonly quirks: ReadonlySet<string>;
}): DeprecationWarningsVariant => resolveVariant(REFERENCE_DEPRECATION_WARNINGS, DEPRECATION_WARNINGS_VARIATIONS, config);
