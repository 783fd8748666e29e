import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the text completions route (completions.ts) may do differently from the document.
 * REFERENCE_COMPLETIONS is the document's; each fault and quirk that changes it is one row of
 * COMPLETIONS_VARIATIONS. (The generation parameters and the finish reason, shared with the chat
 * route, are generation-params-variant.ts's; the slices of its work, ../limits-variant.ts's.)
 */
export interface CompletionsVariant {
  /** The object's name in a streamed chunk. */
  readonly chunkObject: string;
  /** The text of a choice's finish chunk, from its pieces. */
  readonly finishChunkText: (pieces: readonly string[]) => string;
}

/** The text of the finish chunk that repeats the last piece. */
const lastPiece = (pieces: readonly string[]): string => pieces[pieces.length - 1] ?? '';

/** The document's text completions. */
export const REFERENCE_COMPLETIONS: CompletionsVariant = Object.freeze({
  chunkObject: 'text_completion',
  finishChunkText: () => '',
});

/** Each fault and quirk of the text completions, and what it sets (no two set the same field). */
export const COMPLETIONS_VARIATIONS: readonly VariationRow<CompletionsVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.completions.shape.last-piece-repeated', { finishChunkText: lastPiece }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.completions.shape', { chunkObject: 'chat.completion.chunk' }],
];

/** The text completions of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const completionsVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): CompletionsVariant =>
  resolveVariant(REFERENCE_COMPLETIONS, COMPLETIONS_VARIATIONS, config);
