import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): /v1/… answers a 301 redirect to /engines/v1/… instead of serving it (a router that redirects, as the Go ServeMux does for a subtree). */
export const ALIAS_REDIRECT = 'hypothetical.mr.engines.v1-alias.redirect';

export const aliasRedirect: QuirkModule = {
  where:
    'simulator/quirks/model-runner/alias-redirect.ts; its row of simulator/model-runner/handler-variant.ts (HANDLER_VARIATIONS), read by simulator/model-runner/handler.ts (runnerHandler)',
};
