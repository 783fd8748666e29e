import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the request path's handling may do differently from the document: the clean-path redirect
 * (clean-path.ts) and the /v<api>/ prefix (version-prefix.ts). REFERENCE_REQUEST_PATH is the
 * document's; each fault and quirk that changes it is one row of REQUEST_PATH_VARIATIONS.
 */
export interface RequestPathVariant {
  /** Whether a request of this method with an unclean path is routed on its clean path instead of redirected. */
  readonly cleanPathRouted: (method: string | undefined) => boolean;
  /** The status of the redirect to the clean path. */
  readonly cleanRedirectStatus: 301 | 302;
  /** The query the redirect's Location keeps, of the request's (with its "?", or ""). */
  readonly redirectQuery: (query: string) => string;
  /** The one pattern a version prefix is matched with, in place of the document's (and the malformed-prefix fault's): [whole, version, rest]; null: the document's. */
  readonly onlyVersionPattern: RegExp | null;
  /** Where the document's pattern does not match, a prefix whose version is any characters but "/" is taken. */
  readonly anyCharactersVersion: boolean;
}

/** The document's path handling. */
export const REFERENCE_REQUEST_PATH: RequestPathVariant = Object.freeze({
  cleanPathRouted: () => false,
  cleanRedirectStatus: 301,
  redirectQuery: (query: string) => query,
  onlyVersionPattern: null,
  anyCharactersVersion: false,
});

/** A method that may carry a body: a redirect would lose it. */
const mayCarryBody = (method: string | undefined): boolean => method !== undefined && method !== 'GET' && method !== 'HEAD';

/** The version route's pattern anchored at its start only: digits and dots, then anything up to the next slash (/v1.24x/… is 1.24). */
const LEADING_DIGITS_VERSIONED = /^\/v([0-9][0-9.]*)[^/]*(\/.*)$/;

/** Each fault and quirk of the path handling, and what it sets (no field is set twice). */
export const REQUEST_PATH_VARIATIONS: readonly VariationRow<RequestPathVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['api.path.clean-redirect', { cleanRedirectStatus: 302 }],
  ['api.version.malformed-not-found', { anyCharactersVersion: true }],
  // Hypothetical quirks (specs/quirks/api-versioning.ts).
  ['hypothetical.api.path.clean-redirect.get-only', { cleanPathRouted: mayCarryBody }],
  ['hypothetical.api.path.clean-redirect.query-dropped', { redirectQuery: () => '' }],
  ['hypothetical.api.version.malformed-not-found.leading-digits', { onlyVersionPattern: LEADING_DIGITS_VERSIONED }],
];

/** The path handling of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const requestPathVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): RequestPathVariant =>
  resolveVariant(REFERENCE_REQUEST_PATH, REQUEST_PATH_VARIATIONS, config);
