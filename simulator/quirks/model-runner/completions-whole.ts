import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): embeddings are computed in slices that let other requests through, but a completions request's prompt array is computed in one go, holding every other request for its whole length. */
export const COMPLETIONS_WHOLE = 'hypothetical.mr.inference.fairness.completions-whole';

export const completionsWhole: QuirkModule = {
  where: 'simulator/quirks/model-runner/completions-whole.ts; the branch in simulator/model-runner/routes/completions.ts',
};
