import { perConfigVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the generation parameters, each choice generated and the usage (generation-params.ts and
 * openai-objects.ts, shared by the chat and text completions routes) may do differently from the
 * document. REFERENCE_GENERATION is
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
  /** What the usage's total_tokens counts beyond the prompt's and the completion's tokens. */
  readonly extraTotalTokens: number;
}

const asAsked = (value: number): number => value;

/** A choice a max_tokens cut ends with finish_reason "stop", not "length". */
const stopWhenCut = (reason: string): string => (reason === 'length' ? 'stop' : reason);

/** The document's generation: as many choices and tokens as asked, the stop string left out. */
export const REFERENCE_GENERATION: GenerationVariant = Object.freeze({
  choicesOf: asAsked,
  maxTokensOf: asAsked,
  stopReturned: false,
  finishReasonOf: undefined,
  extraTotalTokens: 0,
});

/** Each fault and quirk of the generation, and what it sets (no two set the same field). */
export const GENERATION_VARIATIONS: readonly VariationRow<GenerationVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.generation.max-tokens.finish-stop', { finishReasonOf: stopWhenCut }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.generation.n', { choicesOf: (n) => Math.min(n, 2) }],
  ['mr.generation.max-tokens', { maxTokensOf: (maxTokens) => maxTokens + 1 }],
  ['mr.generation.stop', { stopReturned: true }],
  ['mr.generation.usage', { extraTotalTokens: 1 }],
];

/** The generation of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const generationVariant = perConfigVariant(REFERENCE_GENERATION, GENERATION_VARIATIONS);
