import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/**
 * What bounding and slicing an inference request's work (limits.ts, read by the embeddings and
 * completions routes) may do differently from the document: rules mr.inference.work-bounds and
 * mr.inference.fairness. REFERENCE_WORK is the document's; each fault and quirk that changes it is
 * one row of WORK_VARIATIONS.
 */
export interface WorkVariant {
  /** The embeddings request's documented limits (item count, tokens per input) are checked. */
  readonly documentedLimitsChecked: boolean;
  /** Of those, the tokens of all inputs together are checked. */
  readonly requestTotalChecked: boolean;
  /** The engine's work is done in one go, not in slices that let other requests through (engine/slices.ts). */
  readonly workedWhole: boolean;
  /** The embeddings answer is encoded in one go, not in slices (routes/backpressure.ts). */
  readonly encodedWhole: boolean;
}

/** The document's bounds: all checked, the work and the answer in slices. */
export const REFERENCE_WORK: WorkVariant = Object.freeze({
  documentedLimitsChecked: true,
  requestTotalChecked: true,
  workedWhole: false,
  encodedWhole: false,
});

/**
 * Each fault and quirk of the work's bounds, and what it sets; the later row wins (of the answer's
 * encoding, the fault mr.inference.fairness over the quirk, as the old branch asked it first).
 */
export const WORK_VARIATIONS: readonly VariationRow<WorkVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.inference.work-bounds.no-request-token-total', { requestTotalChecked: false }],
  ['hypothetical.mr.inference.fairness.embeddings-encoded-whole', { encodedWhole: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.inference.work-bounds', { documentedLimitsChecked: false }],
  ['mr.inference.fairness', { workedWhole: true, encodedWhole: true }],
];

/** The work's bounds of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const workVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): WorkVariant => resolveVariant(REFERENCE_WORK, WORK_VARIATIONS, config);
