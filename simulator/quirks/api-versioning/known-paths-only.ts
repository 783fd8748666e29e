import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the CORS preflight is registered beside each route instead of on every path, so OPTIONS on a path no route serves is 404 page not found. */
export const KNOWN_PATHS_ONLY = 'hypothetical.api.options.any-path.known-paths-only';
export const knownPathsOnly: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/known-paths-only.ts; its row of simulator/http/middleware/route-match-variant.ts (ROUTE_MATCH_VARIATIONS), read by simulator/http/middleware/route-match.ts (routeMatch)',
};

/** Whether the preflight route matched only because it takes any path: no route of another method serves the path. */
export const preflightWithoutRoute = (method: string, servedOtherwise: boolean): boolean => method === 'OPTIONS' && !servedOtherwise;
