import type { QuirkModule } from '../quirk-module.js';
import type { GenerationParams } from '../../model-runner/engine/engine.js';

/** Hypothetical (specs/quirks/model-runner.ts): of an array of stop strings, a chat completion honours only the first. */
export const FIRST_STOP_ONLY = 'hypothetical.mr.generation.stop.first-only';

export const firstStopOnly: QuirkModule = {
  where:
    'simulator/quirks/model-runner/first-stop-only.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};

/** The parameters with only the first stop string kept. */
export const withFirstStopOnly = (params: GenerationParams): GenerationParams =>
  params.stop === undefined ? params : { ...params, stop: params.stop.slice(0, 1) };
