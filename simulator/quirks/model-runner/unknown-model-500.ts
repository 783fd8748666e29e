import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): an inference request naming a model the runner does not hold fails inside the engine with 500 instead of 404. */
export const UNKNOWN_MODEL_500 = 'hypothetical.mr.inference.checks.unknown-model-500';

export const unknownModel500: QuirkModule = {
  where:
    'simulator/quirks/model-runner/unknown-model-500.ts; its row of simulator/model-runner/routes/inference-variant.ts (INFERENCE_VARIATIONS), read by simulator/model-runner/routes/inference.ts (checkInference)',
};
