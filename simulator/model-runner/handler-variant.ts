import type { VariationRow } from '../faults/variant-table.js';

/**
 * What the runner's handler (handler.ts) may do differently from the document: the credentials it
 * looks at, the aliases and the version segment. REFERENCE_HANDLER is the document's; each fault
 * and quirk that changes it is one row of HANDLER_VARIATIONS.
 */
export interface RunnerHandlerVariant {
  /** Which segment after /engines[/<engine>] is the API version. */
  readonly versionSegment: (segment: string) => boolean;
  /** /v1/… is redirected (301) to /engines/v1/…, not served. */
  readonly aliasRedirected: boolean;
  /** Only the POST endpoints are aliased from /v1/…. */
  readonly aliasPostOnly: boolean;
  /** A request carrying Authorization is refused (401). */
  readonly credentialsRefused: boolean;
  /** An inference POST without Authorization is refused (401). */
  readonly inferenceNeedsCredentials: boolean;
  /** A CSRF-style guard refuses a request without Authorization (csrf-guard.ts). */
  readonly csrfGuard: boolean;
  /** A bearer token that is not a JWT is refused (token-as-jwt.ts). */
  readonly tokenAsJwt: boolean;
  /** Basic credentials are verified, and the runner holds none (basic-verified.ts). */
  readonly basicVerified: boolean;
  /** The list is a subtree pattern: /models redirects (models-subtree-redirect.ts). */
  readonly modelsSubtreeRedirect: boolean;
  /** The full form /engines/<engine>/v1/embeddings is served. */
  readonly fullFormEmbeddings: boolean;
}

const isV1 = (segment: string): boolean => segment === 'v1';

/** The document's handler. */
export const REFERENCE_HANDLER: RunnerHandlerVariant = Object.freeze({
  versionSegment: isV1,
  aliasRedirected: false,
  aliasPostOnly: false,
  credentialsRefused: false,
  inferenceNeedsCredentials: false,
  csrfGuard: false,
  tokenAsJwt: false,
  basicVerified: false,
  modelsSubtreeRedirect: false,
  fullFormEmbeddings: true,
});

/**
 * Each fault and quirk of the handler, and what it sets; the later row wins (the fault
 * mr.versioning.other-segments over the quirk v2-served, as the old branches asked it first).
 */
export const HANDLER_VARIATIONS: readonly VariationRow<RunnerHandlerVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.versioning.other-segments.v2-served', { versionSegment: (segment) => /^[vV][0-9]+$/.test(segment) }],
  ['hypothetical.mr.engines.v1-alias.redirect', { aliasRedirected: true }],
  ['hypothetical.mr.auth.none.csrf-guard', { csrfGuard: true }],
  ['hypothetical.mr.auth.ignored.token-as-jwt', { tokenAsJwt: true }],
  ['hypothetical.mr.auth.ignored.basic-verified', { basicVerified: true }],
  ['hypothetical.mr.versioning.v1.models-subtree-redirect', { modelsSubtreeRedirect: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.versioning.other-segments', { versionSegment: (segment) => /^v[0-9]+$/.test(segment) }],
  ['mr.engines.v1-alias', { aliasPostOnly: true }],
  ['mr.auth.ignored', { credentialsRefused: true }],
  ['mr.auth.none', { inferenceNeedsCredentials: true }],
  ['mr.versioning.v1', { fullFormEmbeddings: false }],
];
