import type { QuirkModule } from '../quirk-module.js';

/**
 * Hypothetical (specs/quirks/model-runner.ts): a create of a reference the registry lacks stores a
 * record under it before the pull fails, and answers 404 all the same (a pull that writes its
 * manifest before it fetches the layers, and does not clean up).
 */
export const UNKNOWN_RECORD_LEFT = 'hypothetical.mr.models.create.unknown.record-left';

export const unknownRecordLeft: QuirkModule = {
  where:
    'simulator/quirks/model-runner/unknown-record-left.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts (createModel)',
};
