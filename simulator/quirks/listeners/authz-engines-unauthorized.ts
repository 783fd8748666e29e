import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: on a daemon socket, only the runner's management paths (/models…) go through the plugins; its inference paths (/engines…) are handed to the runner unasked. */
export const AUTHZ_ENGINES_UNAUTHORIZED = 'hypothetical.authz.model-runner.engines-unauthorized';
export const authzEnginesUnauthorized: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-engines-unauthorized.ts; its row of simulator/http/middleware/authorization-variant.ts (AUTHORIZATION_VARIATIONS), read by simulator/http/middleware/authorization.ts (runnerThroughPlugins)',
};

/** Whether a path under the runner's prefix is one of its inference (OpenAI-compatible) paths, which the quirk leaves unauthorized. */
export const isEnginesPath = (path: string): boolean => path === '/engines' || path.startsWith('/engines/');
