import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): embeddings are computed in slices that let other requests through, but the answer is encoded in one go (one JSON encode of the whole document, tens of MB for 2048 inputs), holding every other request meanwhile. */
export const EMBEDDINGS_ENCODED_WHOLE = 'hypothetical.mr.inference.fairness.embeddings-encoded-whole';

export const embeddingsEncodedWhole: QuirkModule = {
  where:
    'simulator/quirks/model-runner/embeddings-encoded-whole.ts; its row of simulator/model-runner/limits-variant.ts (WORK_VARIATIONS), read by simulator/model-runner/routes/embeddings.ts (embeddings)',
};
