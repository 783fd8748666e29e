import type { Quirk } from './types.js';

/** Hypothetical quirks of the daemon-config area (ids `hypothetical.<rule-id>.<short-name>`); append yours. */
export const DAEMON_CONFIG_QUIRKS: readonly Quirk[] = [];
