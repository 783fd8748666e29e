import type { QuirkModule } from '../quirk-module.js';

/**
 * Hypothetical (specs/quirks/model-runner.ts): embeddings check each input's tokens (8192) but not
 * their sum over the request (300 000), the limit OpenAI added later and a port of the older
 * checks would miss.
 */
export const NO_REQUEST_TOKEN_TOTAL = 'hypothetical.mr.inference.work-bounds.no-request-token-total';

export const noRequestTokenTotal: QuirkModule = {
  where:
    'simulator/quirks/model-runner/no-request-token-total.ts; its row of simulator/model-runner/limits-variant.ts (WORK_VARIATIONS), read by simulator/model-runner/limits.ts (checkEmbeddingWork)',
};
