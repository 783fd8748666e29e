import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/**
 * What reading the CORS header option (resolve.ts, corsHeaderOf) may do differently from the
 * document: whether 28.x refuses it and whether 27.x needs the variable. REFERENCE_CORS_HEADER is
 * the document's; each fault and quirk that changes it is one row of CORS_HEADER_VARIATIONS.
 */
export interface CorsHeaderVariant {
  /** From 28.0 the removed option is taken instead of refused. */
  readonly removedOptionTaken: boolean;
  /** The option is honoured without <PREFIX>D_DEPRECATED_CORS_HEADER (27.x). */
  readonly variableUnneeded: boolean;
}

/** The document's option. */
export const REFERENCE_CORS_HEADER: CorsHeaderVariant = Object.freeze({
  removedOptionTaken: false,
  variableUnneeded: false,
});

/** Each fault and quirk of the CORS header option, and what it sets (no two set the same field). */
export const CORS_HEADER_VARIATIONS: readonly VariationRow<CorsHeaderVariant>[] = [
  // Hypothetical quirk (specs/quirks/listeners.ts).
  // 27.x honours --api-cors-header without CTRD_DEPRECATED_CORS_HEADER (the default-disabled switch never wired).
  ['hypothetical.listen.cors-header.without-variable', { variableUnneeded: true }],
  // Fault: the smallest change under which the rule, and only it, fails.
  ['listen.cors-header', { removedOptionTaken: true }],
];

/** The CORS header option with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const corsHeaderVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): CorsHeaderVariant =>
  resolveVariant(REFERENCE_CORS_HEADER, CORS_HEADER_VARIATIONS, config);
