import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a create body whose "from" is an array of one string is taken as that string (a lenient decoder) instead of being refused. */
export const ARRAY_FROM_TAKEN = 'hypothetical.mr.models.create.bad-body.array-from-taken';

export const arrayFromTaken: QuirkModule = {
  where:
    'simulator/quirks/model-runner/array-from-taken.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts',
};
