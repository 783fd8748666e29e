import { requestBodyVariant, type RequestBodyVariant } from '../authz/request-body-variant.js';
import type { SimConfig } from '../config/types.js';
import { connectionVariant, type ConnectionVariant } from './connection-variant.js';
import { authorizationVariant, type AuthorizationVariant } from './middleware/authorization-variant.js';
import { corsVariant, type CorsVariant } from './middleware/cors-variant.js';
import { requestPathVariant, type RequestPathVariant } from './middleware/request-path-variant.js';
import { routeMatchVariant, type RouteMatchVariant } from './middleware/route-match-variant.js';
import { versionGateVariant, type VersionGateVariant } from './middleware/version-gate-variant.js';

/**
 * Where the simulator may differ from the document, per hook point: each is the reference unless a
 * fault or a quirk the daemon started with says otherwise. Made once at start; a reload keeps it
 * (faults and quirks are start flags).
 */
export interface Variants {
  readonly authorization: AuthorizationVariant;
  /** Go's checks while it reads a request: head and header-line limits, parser refusals, Host headers (connection-variant.ts). */
  readonly connection: ConnectionVariant;
  /** The CORS headers of --api-cors-header (middleware/cors-variant.ts). */
  readonly cors: CorsVariant;
  /** The request's body taken before the plugins (simulator/authz/request-body-variant.ts). */
  readonly requestBody: RequestBodyVariant;
  /** The clean-path redirect and the version prefix (middleware/request-path-variant.ts). */
  readonly requestPath: RequestPathVariant;
  readonly routeMatch: RouteMatchVariant;
  readonly versionGate: VersionGateVariant;
}

export function resolveVariants(config: Pick<SimConfig, 'faults' | 'quirks'>): Variants {
  return Object.freeze({
    authorization: authorizationVariant(config),
    connection: connectionVariant(config),
    cors: corsVariant(config),
    requestBody: requestBodyVariant(config),
    requestPath: requestPathVariant(config),
    routeMatch: routeMatchVariant(config),
    versionGate: versionGateVariant(config),
  });
}
