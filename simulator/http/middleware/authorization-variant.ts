import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the authorization step (authorization.ts) may do differently from the document:
 * REFERENCE_AUTHORIZATION is the document's, each fault and quirk that changes it a row of
 * AUTHORIZATION_VARIATIONS.
 */
export interface AuthorizationVariant {
  /** The version check comes before the plugins, and the step serves the request itself. */
  readonly versionCheckFirst: boolean;
  /** Requests under the model runner's prefix skip the plugins. */
  readonly runnerSkipsPlugins: boolean;
  /** The model runner's inference paths (/engines…) skip the plugins. */
  readonly enginesSkipPlugins: boolean;
  /** The plugins are told the request's URI without its query. */
  readonly queryHiddenFromPlugins: boolean;
  /** The plugins are told the request's URI without its version prefix. */
  readonly versionHiddenFromPlugins: boolean;
  /** A refusal's plain-text form loses the message's edge spaces. */
  readonly plainRefusalTrimmed: boolean;
  /** A denied request is served all the same; only the 403 is sent. */
  readonly deniedServedAnyway: boolean;
  /** An answer a plugin denies keeps the route's body under the 403. */
  readonly deniedAnswerKeepsBody: boolean;
}

export const REFERENCE_AUTHORIZATION: AuthorizationVariant = Object.freeze({
  versionCheckFirst: false,
  runnerSkipsPlugins: false,
  enginesSkipPlugins: false,
  queryHiddenFromPlugins: false,
  versionHiddenFromPlugins: false,
  plainRefusalTrimmed: false,
  deniedServedAnyway: false,
  deniedAnswerKeepsBody: false,
});

/** Each fault and quirk of the authorization step and what it sets (no two set the same field). */
export const AUTHORIZATION_VARIATIONS: readonly VariationRow<AuthorizationVariant>[] = [
  ['authz.order', { versionCheckFirst: true }],
  ['authz.model-runner', { runnerSkipsPlugins: true }],
  ['authz.allow', { queryHiddenFromPlugins: true }],
  ['authz.deny', { deniedServedAnyway: true }],
  ['hypothetical.authz.model-runner.engines-unauthorized', { enginesSkipPlugins: true }],
  ['hypothetical.authz.allow.uri-unversioned', { versionHiddenFromPlugins: true }],
  ['hypothetical.authz.deny.plain-text-trimmed', { plainRefusalTrimmed: true }],
  ['hypothetical.authz.response-deny.body-kept', { deniedAnswerKeepsBody: true }],
];

/** The authorization step of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const authorizationVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): AuthorizationVariant =>
  resolveVariant(REFERENCE_AUTHORIZATION, AUTHORIZATION_VARIATIONS, config);
