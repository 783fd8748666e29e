import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a denial answered in plain text (below API 1.24 where the release does so) has the plugin's message trimmed. */
export const AUTHZ_PLAIN_TRIMMED = 'hypothetical.authz.deny.plain-text-trimmed';
export const authzPlainTrimmed: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-plain-trimmed.ts; its row of simulator/http/middleware/authorization-variant.ts (AUTHORIZATION_VARIATIONS), read by simulator/http/middleware/authorization.ts (refuse)',
};
