import type { ServerResponse } from 'node:http';
import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the route match (route-match.ts) may do differently from the document: REFERENCE_ROUTE_MATCH
 * is the document's, each fault and quirk that changes it a row of ROUTE_MATCH_VARIATIONS.
 */
export interface RouteMatchVariant {
  /** /_ping answers every method as GET. */
  readonly pingAnyMethod: boolean;
  /** A HEAD no route serves falls back to the path's GET route. */
  readonly headOnGetRoutes: boolean;
  /** OPTIONS gets no preflight answer for a path no route serves. */
  readonly preflightOnKnownPathsOnly: boolean;
  /** A path served under another method answers 405 instead of 404. */
  readonly otherMethod405: boolean;
  /** A versioned 404 from API 1.24 on is text instead of JSON. */
  readonly modernNotFoundAsText: boolean;
  /** Below API 1.24, the 404 takes the other form than the release's. */
  readonly legacyNotFoundFlipped: boolean;
  /** The legacy 404 is Go's http.NotFound text. */
  readonly legacyNotFoundGoText: boolean;
  /** The authorization plugins are asked about a path no route serves. */
  readonly authzBeforeRouting: boolean;
}

export const REFERENCE_ROUTE_MATCH: RouteMatchVariant = Object.freeze({
  pingAnyMethod: false,
  headOnGetRoutes: false,
  preflightOnKnownPathsOnly: false,
  otherMethod405: false,
  modernNotFoundAsText: false,
  legacyNotFoundFlipped: false,
  legacyNotFoundGoText: false,
  authzBeforeRouting: false,
});

/** Whether the request is one a method-less /_ping route takes that the document's routes do not. */
export const isPingUnderOtherMethod = (method: string, path: string): boolean => path === '/_ping' && method !== 'GET' && method !== 'HEAD';

/** The method a HEAD request falls back to when no HEAD route serves its path (as Go 1.22's ServeMux does for a "GET /path" pattern). */
export const fallbackForHead = (method: string): string | null => (method === 'HEAD' ? 'GET' : null);

/** Whether the preflight route matched only because it takes any path: no route of another method serves the path. */
export const preflightWithoutRoute = (method: string, servedOtherwise: boolean): boolean => method === 'OPTIONS' && !servedOtherwise;

const GO_NOT_FOUND = Buffer.from('404 page not found\n');

/** Go's http.NotFound, byte for byte: text/plain, nosniff, "404 page not found\n". */
export function goNotFound(res: ServerResponse): void {
  res.writeHead(404, ['Content-Type', 'text/plain; charset=utf-8', 'X-Content-Type-Options', 'nosniff', 'Content-Length', String(GO_NOT_FOUND.length)]);
  res.end(GO_NOT_FOUND);
}

/** Each fault and quirk of the route match and what it sets (no two set the same field). */
export const ROUTE_MATCH_VARIATIONS: readonly VariationRow<RouteMatchVariant>[] = [
  ['api.not-found', { otherMethod405: true }],
  ['api.error.json-body', { modernNotFoundAsText: true }],
  ['api.not-found.legacy-plain-text', { legacyNotFoundFlipped: true }],
  ['hypothetical.api.not-found.ping-any-method', { pingAnyMethod: true }],
  ['hypothetical.api.not-found.head-on-get-routes', { headOnGetRoutes: true }],
  ['hypothetical.api.options.any-path.known-paths-only', { preflightOnKnownPathsOnly: true }],
  ['hypothetical.api.not-found.legacy-plain-text.go-default-text', { legacyNotFoundGoText: true }],
  ['hypothetical.authz.order.before-routing', { authzBeforeRouting: true }],
];

/** The route match of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const routeMatchVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): RouteMatchVariant =>
  resolveVariant(REFERENCE_ROUTE_MATCH, ROUTE_MATCH_VARIATIONS, config);
