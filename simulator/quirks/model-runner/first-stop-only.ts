import type { GenerationParams } from '../../model-runner/engine/engine.js';

// Quirk hypothetical.mr.generation.stop.first-only (specs/quirks/model-runner.ts): of an array of stop strings, a chat
// completion honours only the first.

/** The parameters with only the first stop string kept. */
export const withFirstStopOnly = (params: GenerationParams): GenerationParams =>
  params.stop === undefined ? params : { ...params, stop: params.stop.slice(0, 1) };
