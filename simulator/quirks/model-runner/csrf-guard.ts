import type { IncomingMessage } from 'node:http';

// Quirk hypothetical.mr.auth.none.csrf-guard (specs/quirks/model-runner.ts): every /engines… request must carry an
// Authorization header, whatever its value (a guard against cross-site requests from browsers, which cannot set one): a
// request without one is 401.

/** Whether the guard refuses the request: an OpenAI-style path without an Authorization header. */
export const refusedByGuard = (req: IncomingMessage, path: string): boolean => /^\/engines(?:\/|$)/.test(path) && req.headers.authorization === undefined;
