import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the clean-path redirect builds Location from the cleaned path alone and drops the query (as older gorilla/mux releases did). */
export const QUERY_DROPPED = 'hypothetical.api.path.clean-redirect.query-dropped';
export const queryDropped: QuirkModule = {
  where: 'simulator/quirks/api-versioning/query-dropped.ts; the branch in simulator/http/middleware/clean-path.ts (cleanPathMiddleware)',
};

/** The query the redirect keeps: none. */
export const droppedQuery = (_query: string): string => '';
