import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): GET or DELETE /models/<namespace>/<name>/<more> answers 400 (a reference that does not parse) instead of 404. */
export const EXTRA_SEGMENTS_400 = 'hypothetical.mr.models.extra-segments.bad-request';

export const extraSegments400: QuirkModule = {
  where:
    'simulator/quirks/model-runner/extra-segments-400.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts (getModel, deleteModel)',
};
