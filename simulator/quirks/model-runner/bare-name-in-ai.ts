import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a reference without namespace is created as ai/<name> (as Docker Model Runner normalises it) instead of being refused: not the document's <namespace>/<name>. */
export const BARE_NAME_IN_AI = 'hypothetical.mr.reference.format.bare-name-in-ai';

export const bareNameInAi: QuirkModule = {
  where:
    'simulator/quirks/model-runner/bare-name-in-ai.ts; its row of simulator/model-runner/routes/models-variant.ts (MODELS_VARIATIONS), read by simulator/model-runner/routes/models.ts',
};
