import type { Quirk } from './types.js';

/** Hypothetical quirks of the reload area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const RELOAD_QUIRKS: readonly Quirk[] = [];
