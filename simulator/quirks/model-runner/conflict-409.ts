import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): creating a model the store holds already answers 409 "model already exists" (a REST-style conflict) instead of 200 with "Using cached model". */
export const CONFLICT_409 = 'hypothetical.mr.models.create.cached.conflict-409';

export const conflict409: QuirkModule = {
  where:
    'simulator/quirks/model-runner/conflict-409.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts',
};

export const CONFLICT_MESSAGE = 'model already exists';
