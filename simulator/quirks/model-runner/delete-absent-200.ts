import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): deleting a model the runner does not hold answers 200 with an empty list of actions instead of 404. */
export const DELETE_ABSENT_200 = 'hypothetical.mr.models.delete.absent-200';

export const deleteAbsent200: QuirkModule = {
  where:
    'simulator/quirks/model-runner/delete-absent-200.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts',
};
