import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a tag answers 200, as the other writes of the service do, instead of 201 Created. */
export const TAG_CREATED_200 = 'hypothetical.mr.models.tag.created-200';

export const tagCreated200: QuirkModule = {
  where:
    'simulator/quirks/model-runner/tag-created-200.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts (tagModel)',
};
