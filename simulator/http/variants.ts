import { requestBodyVariant, type RequestBodyVariant } from '../authz/request-body-variant.js';
import type { SimConfig } from '../config/types.js';
import { authorizationVariant, type AuthorizationVariant } from './middleware/authorization-variant.js';
import { routeMatchVariant, type RouteMatchVariant } from './middleware/route-match-variant.js';
import { versionGateVariant, type VersionGateVariant } from './middleware/version-gate-variant.js';

/**
 * Where the simulator may differ from the document, per hook point: each is the reference unless a
 * fault or a quirk the daemon started with says otherwise. Made once at start; a reload keeps it
 * (faults and quirks are start flags).
 */
export interface Variants {
  readonly authorization: AuthorizationVariant;
  /** The request's body taken before the plugins (simulator/authz/request-body-variant.ts). */
  readonly requestBody: RequestBodyVariant;
  readonly routeMatch: RouteMatchVariant;
  readonly versionGate: VersionGateVariant;
}

export function resolveVariants(config: Pick<SimConfig, 'faults' | 'quirks'>): Variants {
  return Object.freeze({
    authorization: authorizationVariant(config),
    requestBody: requestBodyVariant(config),
    routeMatch: routeMatchVariant(config),
    versionGate: versionGateVariant(config),
  });
}
