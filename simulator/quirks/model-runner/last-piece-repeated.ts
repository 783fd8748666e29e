import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a streamed text completion's finish chunk repeats the last piece's text, so the chunks join to more than the non-streamed text. */
export const LAST_PIECE_REPEATED = 'hypothetical.mr.completions.shape.last-piece-repeated';

export const lastPieceRepeated: QuirkModule = {
  where:
    'simulator/quirks/model-runner/last-piece-repeated.ts; its row of simulator/model-runner/routes/completions-variant.ts (COMPLETIONS_VARIATIONS), read by simulator/model-runner/routes/completions.ts (completions)',
};

/** The text of the finish chunk with the quirk on: the last piece again. */
export const finishChunkText = (pieces: readonly string[]): string => pieces[pieces.length - 1] ?? '';
