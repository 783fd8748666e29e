import type { Middleware } from './route.js';

/**
 * The authorization plugins' hook (`--authorization-plugin`): every routed request passes here
 * after the version check. A seam for now: no plugin is simulated, so every request is allowed.
 */
export const authorization: Middleware = {
  where: 'http/authorization.ts: authorization',
  rules: [],
  handle() {
    return false;
  },
};
