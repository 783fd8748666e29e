import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the OpenAI list names a model tagged latest without its tag (namespace/name), as the CLI shows it. */
export const LATEST_DROPPED = 'hypothetical.mr.openai.models.list.latest-dropped';

export const latestDropped: QuirkModule = {
  where:
    'simulator/quirks/model-runner/latest-dropped.ts; its row of simulator/model-runner/routes/openai-models-variant.ts (OPENAI_MODELS_VARIATIONS), read by simulator/model-runner/routes/openai-models.ts',
};

/** An id as the quirk lists it: without a ":latest" tag. */
export const withoutLatest = (id: string): string => id.replace(/:latest$/, '');
