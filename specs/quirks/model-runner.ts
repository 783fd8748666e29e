import type { Quirk } from './types.js';

/** Hypothetical quirks of the model-runner area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const MODEL_RUNNER_QUIRKS: readonly Quirk[] = [];
