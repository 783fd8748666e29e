import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a reload naming an authorization plugin that cannot be found skips it with a warning and keeps serving. */
export const AUTHZ_SKIPPED = 'hypothetical.reload.authz-missing.skipped';

export const authzSkipped: QuirkModule = {
  where: 'simulator/quirks/reload/authz-skipped.ts, its row of simulator/reload/reload-variant.ts (RELOAD_VARIATIONS), read by simulator/reload/reload.ts',
};
