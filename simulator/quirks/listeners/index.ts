import type { QuirkModule } from '../quirk-module.js';
import { AUTHZ_PLAIN_TRIMMED, authzPlainTrimmed } from './authz-plain-trimmed.js';
import { AUTHZ_URI_UNVERSIONED, authzUriUnversioned } from './authz-uri-unversioned.js';
import { CORS_WITHOUT_VARIABLE, corsWithoutVariable } from './cors-without-variable.js';
import { PLAIN_BEFORE_TLS, plainBeforeTls } from './plain-before-tls.js';
import { ONE_PER_SCHEME, onePerScheme } from './one-per-scheme.js';
import { PLAIN_TCP_REMOVED_EARLY, plainTcpRemovedEarly } from './plain-tcp-removed-early.js';
import { SSLV3_MINIMUM, sslv3Minimum } from './sslv3-minimum.js';
import { RESPONSE_DENY_BODY_KEPT, responseDenyBodyKept } from './response-deny-body-kept.js';
import { PLAIN_PING_SERVED, plainPingServed } from './plain-ping-served.js';
import { AUTHZ_BEFORE_ROUTING, authzBeforeRouting } from './authz-before-routing.js';
import { CHMOD_AFTER_LISTEN, chmodAfterListen, OBSERVED_CHMOD_AFTER_LISTEN, observedChmodAfterListen } from './chmod-after-listen.js';
import { AUTHZ_ENGINES_UNAUTHORIZED, authzEnginesUnauthorized } from './authz-engines-unauthorized.js';
import { AUTHZ_UNTYPED_CHUNKED, authzUntypedChunked } from './authz-untyped-chunked.js';

/**
 * The quirks of the listeners area still listed here, by id: those whose module in this directory
 * other areas' tables and code still import (the others are named by their rows alone:
 * simulator/variant-tables.ts).
 */
export const LISTENERS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  // Observed (specs/known-deviations.ts).
  [OBSERVED_CHMOD_AFTER_LISTEN]: observedChmodAfterListen,
  // Hypothetical (specs/quirks/listeners.ts).
  [PLAIN_BEFORE_TLS]: plainBeforeTls,
  [AUTHZ_PLAIN_TRIMMED]: authzPlainTrimmed,
  [AUTHZ_URI_UNVERSIONED]: authzUriUnversioned,
  [CORS_WITHOUT_VARIABLE]: corsWithoutVariable,
  [ONE_PER_SCHEME]: onePerScheme,
  [PLAIN_TCP_REMOVED_EARLY]: plainTcpRemovedEarly,
  [SSLV3_MINIMUM]: sslv3Minimum,
  [RESPONSE_DENY_BODY_KEPT]: responseDenyBodyKept,
  [CHMOD_AFTER_LISTEN]: chmodAfterListen,
  [PLAIN_PING_SERVED]: plainPingServed,
  [AUTHZ_BEFORE_ROUTING]: authzBeforeRouting,
  [AUTHZ_ENGINES_UNAUTHORIZED]: authzEnginesUnauthorized,
  [AUTHZ_UNTYPED_CHUNKED]: authzUntypedChunked,
};
