import type { Quirk } from './types.js';

/** Hypothetical quirks of the api-versioning area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const API_VERSIONING_QUIRKS: readonly Quirk[] = [];
