import { perConfigVariant, type VariationRow } from '../../faults/variant-table.js';
import { FINISH_STOP_WHEN_CUT, finishReasonWithQuirk } from '../../quirks/model-runner/finish-stop-when-cut.js';

/**
 * What the generation parameters and each choice generated (generation-params.ts, shared by the
 * chat and text completions routes) may do differently from the document. REFERENCE_GENERATION is
 * the document's; each fault and quirk that changes it is one row of GENERATION_VARIATIONS.
 */
export interface GenerationVariant {
  /** The choices generated for the n asked. */
  readonly choicesOf: (n: number) => number;
  /** The token cap for the max_tokens asked. */
  readonly maxTokensOf: (maxTokens: number) => number;
  /** A choice ended by a stop string has the stop string appended. */
  readonly stopReturned: boolean;
  /** A choice's finish reason, from the engine's (undefined: the engine's). */
  readonly finishReasonOf: ((reason: string) => string) | undefined;
}

const asAsked = (value: number): number => value;

/** The document's generation: as many choices and tokens as asked, the stop string left out. */
export const REFERENCE_GENERATION: GenerationVariant = Object.freeze({
  choicesOf: asAsked,
  maxTokensOf: asAsked,
  stopReturned: false,
  finishReasonOf: undefined,
});

/** Each fault and quirk of the generation, and what it sets (no two set the same field). */
export const GENERATION_VARIATIONS: readonly VariationRow<GenerationVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  [FINISH_STOP_WHEN_CUT, { finishReasonOf: finishReasonWithQuirk }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.generation.n', { choicesOf: (n) => Math.min(n, 2) }],
  ['mr.generation.max-tokens', { maxTokensOf: (maxTokens) => maxTokens + 1 }],
  ['mr.generation.stop', { stopReturned: true }],
];

/** The generation of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const generationVariant = perConfigVariant(REFERENCE_GENERATION, GENERATION_VARIATIONS);
