import { isOlder } from '../../../common/dotted-version.js';
import { LEGACY_ERROR_API } from '../../../specs/messages.js';
import { takeVersionPrefix } from './version-prefix.js';
import { notFound, plainTextFor } from '../replies.js';
import type { SyncMiddleware } from '../route.js';
import { AUTHZ_BEFORE_ROUTING, askBeforeNotFound } from '../../quirks/listeners/authz-before-routing.js';
import { GO_DEFAULT_NOT_FOUND, goNotFound } from '../../quirks/api-versioning/go-default-text.js';
import { isPingUnderOtherMethod, PING_ANY_METHOD } from '../../quirks/api-versioning/ping-any-method.js';
import { KNOWN_PATHS_ONLY, preflightWithoutRoute } from '../../quirks/api-versioning/known-paths-only.js';
import { fallbackForHead, HEAD_ON_GET_ROUTES } from '../../quirks/api-versioning/head-on-get-routes.js';

/**
 * Finds the route before any version check, as the daemon's router does: a path or method no
 * route serves is 404 "page not found" at any version (observed: POST /v1.11/info is 404 on 20.10,
 * not too old), and a route the release has is version-checked next, known or not to the simulator.
 */
export const routeMatch: SyncMiddleware = {
  where: 'simulator/http/middleware/route-match.ts: routeMatch',
  rules: ['api.version.prefix', 'api.version.malformed-not-found', 'api.not-found', 'api.error.json-body', 'api.not-found.legacy-plain-text'],
  handle(x) {
    takeVersionPrefix(x);
    const method = x.req.method ?? 'GET';
    const { quirks } = x.state.config;
    // Quirk hypothetical.api.not-found.ping-any-method: /_ping answers every method as GET.
    const asked = x.state.routes.match(quirks.has(PING_ANY_METHOD) && isPingUnderOtherMethod(method, x.path) ? 'GET' : method, x.path);
    // Quirk hypothetical.api.not-found.head-on-get-routes: HEAD falls back to the path's GET route.
    const fallback = asked === null && quirks.has(HEAD_ON_GET_ROUTES) ? fallbackForHead(method) : null;
    const matched = fallback === null ? asked : x.state.routes.match(fallback, x.path);
    const found = matched !== null && matched.route.unversionedOnly === true && x.version !== null ? null : matched;
    // Quirk hypothetical.api.options.any-path.known-paths-only: no preflight for a path no route serves.
    if (found !== null && !(quirks.has(KNOWN_PATHS_ONLY) && preflightWithoutRoute(method, x.state.routes.hasPathUnderOtherMethod(method, x.path)))) {
      x.route = found.route;
      x.params = found.params;
      return false;
    }
    const { faults } = x.state.config;
    if (faults.has('api.not-found') && x.state.routes.hasPathUnderOtherMethod(method, x.path)) {
      x.res.writeHead(405, ['Content-Type', 'application/json', 'Content-Length', '33']);
      x.res.end('{"message":"method not allowed"}\n');
      return true;
    }
    const legacy = plainTextFor(x.state, x.version, 'legacyPlainTextNotFound');
    // Fault api.error.json-body: versioned 404s from API 1.24 on in the text form.
    const jsonBroken = faults.has('api.error.json-body') && x.version !== null && !isOlder(x.version, LEGACY_ERROR_API);
    // Fault api.not-found.legacy-plain-text: below 1.24, the other form than the release's.
    const legacyBroken = faults.has('api.not-found.legacy-plain-text') && x.version !== null && isOlder(x.version, LEGACY_ERROR_API);
    const plain = jsonBroken || (legacyBroken ? !legacy : legacy);
    // Quirk hypothetical.api.not-found.legacy-plain-text.go-default-text: the legacy 404 is Go's http.NotFound.
    if (legacy && quirks.has(GO_DEFAULT_NOT_FOUND)) {
      goNotFound(x.res);
      return true;
    }
    // Quirk hypothetical.authz.order.before-routing: the plugins are asked about a path no route serves.
    if (x.state.authz !== null && x.state.config.quirks.has(AUTHZ_BEFORE_ROUTING)) return askBeforeNotFound(x, () => notFound(x.res, plain));
    notFound(x.res, plain);
    return true;
  },
};
