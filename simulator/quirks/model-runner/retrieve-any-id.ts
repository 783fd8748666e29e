import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): GET /engines/v1/models/{id} builds the model object from the id without looking it up: an id not held answers 200. */
export const RETRIEVE_ANY_ID = 'hypothetical.mr.openai.models.retrieve.any-id';

export const retrieveAnyId: QuirkModule = {
  where:
    'simulator/quirks/model-runner/retrieve-any-id.ts; its row of simulator/model-runner/routes/openai-models-variant.ts (OPENAI_MODELS_VARIATIONS), read by simulator/model-runner/routes/openai-models.ts',
};

/** The model object the quirk builds from an id alone. */
export const objectFromId = (id: string): Record<string, unknown> => ({ id, object: 'model', created: Math.floor(Date.now() / 1000), owned_by: 'docker' });
