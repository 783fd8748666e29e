import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a route registered for GET also answers HEAD (as Go 1.22's ServeMux does for a "GET /path" pattern): HEAD /version answers 200 instead of 404. */
export const HEAD_ON_GET_ROUTES = 'hypothetical.api.not-found.head-on-get-routes';
export const headOnGetRoutes: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/head-on-get-routes.ts; its row of simulator/http/middleware/route-match-variant.ts (ROUTE_MATCH_VARIATIONS), read by simulator/http/middleware/route-match.ts (routeMatch)',
};

/** The method a HEAD request falls back to when no HEAD route serves its path. */
export const fallbackForHead = (method: string): string | null => (method === 'HEAD' ? 'GET' : null);
