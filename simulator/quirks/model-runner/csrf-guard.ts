import type { IncomingMessage } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): every /engines… request must carry an Authorization header, whatever its value (a guard against cross-site requests from browsers, which cannot set one): a request without one is 401. */
export const CSRF_GUARD = 'hypothetical.mr.auth.none.csrf-guard';

export const csrfGuard: QuirkModule = {
  where:
    'simulator/quirks/model-runner/csrf-guard.ts; its row of simulator/model-runner/handler-variant.ts (HANDLER_VARIATIONS), read by simulator/model-runner/handler.ts (runnerHandler)',
};

/** Whether the guard refuses the request: an OpenAI-style path without an Authorization header. */
export const refusedByGuard = (req: IncomingMessage, path: string): boolean => /^\/engines(?:\/|$)/.test(path) && req.headers.authorization === undefined;
