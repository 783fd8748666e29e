import type { Implementation } from '../rules/implementation.js';
import { OPTIONS_ROUTE } from './options.js';
import { PING_ROUTES } from './ping.js';
import { VERSION_ROUTE } from './version.js';

export { versionGate } from './version-gate.js';
export { takeVersionPrefix } from './version-prefix.js';
export { buildResponseKit, SIM_BUILD, type ResponseKit, type AnswerHeaders } from './response-kit.js';

/** The routes of the API-versioning area. */
export const API_VERSIONING_ROUTES = [...PING_ROUTES, VERSION_ROUTE, OPTIONS_ROUTE] as const;

/** Behaviour of the area that is data rather than a route: the release table's API ranges. */
export const RELEASE_RANGES: Implementation = {
  where: "specs/versions.ts via config/resolve.ts: the emulated release's API range (--emulate)",
  rules: ['api.version.minimum-1.12', 'api.version.below-1.24-disabled', 'limits.min-api-version', 'api.version.negotiation'],
};
