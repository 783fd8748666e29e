import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the CORS headers of `--api-cors-header` (cors.ts) may do differently from the document:
 * REFERENCE_CORS is the document's, each fault that changes it a row of CORS_VARIATIONS.
 */
export interface CorsVariant {
  /** Whether the answer to a request of this target (path and query) carries the headers. */
  readonly carriesHeaders: (target: string) => boolean;
}

/** The document's: every answer carries them. */
export const REFERENCE_CORS: CorsVariant = Object.freeze({
  carriesHeaders: () => true,
});

/** Each fault of the CORS headers and what it sets. */
export const CORS_VARIATIONS: readonly VariationRow<CorsVariant>[] = [
  // Fault: only /version answers carry the headers.
  ['listen.cors-header', { carriesHeaders: (target) => /\/version$/.test(target.replace(/\?.*$/, '')) }],
];

/** The CORS headers of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const corsVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): CorsVariant => resolveVariant(REFERENCE_CORS, CORS_VARIATIONS, config);
