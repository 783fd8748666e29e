import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): under the shortcut /engines/v1, /models is matched as a prefix: GET /engines/v1/models/{id} answers the whole list, while the full form retrieves the model. */
export const SHORTCUT_MODELS_PREFIX = 'hypothetical.mr.engines.shortcut.models-prefix';

export const shortcutModelsPrefix: QuirkModule = {
  where: 'simulator/quirks/model-runner/shortcut-models-prefix.ts; the branch in simulator/model-runner/route-table.ts (RUNNER_ROUTES)',
};
