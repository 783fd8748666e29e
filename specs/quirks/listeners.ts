import type { Quirk } from './types.js';

/** Hypothetical quirks of the listeners area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const LISTENERS_QUIRKS: readonly Quirk[] = [];
