import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: /_ping is registered without a method (for load balancers' health probes), so POST, PUT, DELETE and PATCH /_ping answer 200 OK instead of 404. */
export const PING_ANY_METHOD = 'hypothetical.api.not-found.ping-any-method';
export const pingAnyMethod: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/ping-any-method.ts; its row of simulator/http/middleware/route-match-variant.ts (ROUTE_MATCH_VARIATIONS), read by simulator/http/middleware/route-match.ts (routeMatch)',
};

/** Whether the request is one the method-less /_ping route takes that the document's routes do not. */
export const isPingUnderOtherMethod = (method: string, path: string): boolean => path === '/_ping' && method !== 'GET' && method !== 'HEAD';
