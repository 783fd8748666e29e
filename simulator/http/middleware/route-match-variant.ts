import { AUTHZ_BEFORE_ROUTING } from '../../quirks/listeners/authz-before-routing.js';
import { GO_DEFAULT_NOT_FOUND } from '../../quirks/api-versioning/go-default-text.js';
import { HEAD_ON_GET_ROUTES } from '../../quirks/api-versioning/head-on-get-routes.js';
import { KNOWN_PATHS_ONLY } from '../../quirks/api-versioning/known-paths-only.js';
import { PING_ANY_METHOD } from '../../quirks/api-versioning/ping-any-method.js';
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

/** Each fault and quirk of the route match and what it sets (no two set the same field). */
export const ROUTE_MATCH_VARIATIONS: readonly VariationRow<RouteMatchVariant>[] = [
  ['api.not-found', { otherMethod405: true }],
  ['api.error.json-body', { modernNotFoundAsText: true }],
  ['api.not-found.legacy-plain-text', { legacyNotFoundFlipped: true }],
  [PING_ANY_METHOD, { pingAnyMethod: true }],
  [HEAD_ON_GET_ROUTES, { headOnGetRoutes: true }],
  [KNOWN_PATHS_ONLY, { preflightOnKnownPathsOnly: true }],
  [GO_DEFAULT_NOT_FOUND, { legacyNotFoundGoText: true }],
  [AUTHZ_BEFORE_ROUTING, { authzBeforeRouting: true }],
];

/** The route match of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const routeMatchVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): RouteMatchVariant =>
  resolveVariant(REFERENCE_ROUTE_MATCH, ROUTE_MATCH_VARIATIONS, config);
