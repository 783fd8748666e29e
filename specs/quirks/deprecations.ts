import type { Quirk } from './types.js';

/** Hypothetical quirks of the deprecations area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const DEPRECATIONS_QUIRKS: readonly Quirk[] = [];
