import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the plugins are told the request's URI without its /v<api> prefix (the path as routed). */
export const AUTHZ_URI_UNVERSIONED = 'hypothetical.authz.allow.uri-unversioned';
export const authzUriUnversioned: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-uri-unversioned.ts; its row of simulator/http/middleware/authorization-variant.ts (AUTHORIZATION_VARIATIONS), read by simulator/http/middleware/authorization.ts (authorize)',
};

export const withoutVersion = (uri: string): string => uri.replace(/^\/v[0-9.]+(?=\/)/, '');
