import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a delete by id of a model with several tags deletes it and all its tags without force, instead of 409. */
export const DELETE_ID_UNFORCED = 'hypothetical.mr.models.delete.tagged.id-unforced';

export const deleteIdUnforced: QuirkModule = {
  where:
    'simulator/quirks/model-runner/delete-id-unforced.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts (deleteModel)',
};
