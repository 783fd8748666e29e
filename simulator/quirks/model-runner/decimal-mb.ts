import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the inference body limit is 10 MB (10,000,000 bytes) instead of 10 MiB. */
export const DECIMAL_MB = 'hypothetical.mr.inference.body-limit.decimal-mb';

export const decimalMb: QuirkModule = {
  where:
    'simulator/quirks/model-runner/decimal-mb.ts; its row of simulator/model-runner/routes/inference-variant.ts (INFERENCE_VARIATIONS), read by simulator/model-runner/routes/inference.ts (checkInference)',
};

/** "10MB" read as decimal megabytes. */
export const DECIMAL_BODY_LIMIT = 10 * 1000 * 1000;
