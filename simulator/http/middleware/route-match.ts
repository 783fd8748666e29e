import { isOlder } from '../../../common/dotted-version.js';
import { LEGACY_ERROR_API } from '../../../specs/messages.js';
import { takeVersionPrefix } from './version-prefix.js';
import { requestMessage } from '../../authz/request-message.js';
import type { Exchange } from '../exchange.js';
import { handlerError, notFound, plainTextFor, sendError } from '../replies.js';
import type { SyncMiddleware } from '../route.js';
import { fallbackForHead, goNotFound, isPingUnderOtherMethod, preflightWithoutRoute } from './route-match-variant.js';

/**
 * Quirk hypothetical.authz.order.before-routing: asks the plugins about an unrouted request, then
 * answers `notFound` if they allow it, their denial if not.
 */
function askBeforeNotFound(x: Exchange, notFound: () => void): true {
  const chain = x.state.authz!;
  chain.authorizeRequest(requestMessage(x.req, undefined)).then(
    (verdict) => (verdict.allowed ? notFound() : sendError(x.res, verdict.status, verdict.message, [], false)),
    (error: unknown) => handlerError(x, 500, error instanceof Error ? error.message : String(error)),
  );
  return true;
}

/**
 * Finds the route before any version check, as the daemon's router does: a path or method no
 * route serves is 404 "page not found" at any version (observed: POST /v1.11/info is 404 on 20.10,
 * not too old), and a route the release has is version-checked next, known or not to the simulator.
 * Where a fault or a quirk makes it differ, it reads the field of its variant (route-match-variant.ts).
 */
export const routeMatch: SyncMiddleware = {
  where: 'simulator/http/middleware/route-match.ts: routeMatch',
  rules: ['api.version.prefix', 'api.version.malformed-not-found', 'api.not-found', 'api.error.json-body', 'api.not-found.legacy-plain-text'],
  handle(x) {
    takeVersionPrefix(x);
    const method = x.req.method ?? 'GET';
    const variant = x.state.variants.routeMatch;
    const asked = x.state.routes.match(variant.pingAnyMethod && isPingUnderOtherMethod(method, x.path) ? 'GET' : method, x.path);
    const fallback = asked === null && variant.headOnGetRoutes ? fallbackForHead(method) : null;
    const matched = fallback === null ? asked : x.state.routes.match(fallback, x.path);
    const found = matched !== null && matched.route.unversionedOnly === true && x.version !== null ? null : matched;
    if (found !== null && !(variant.preflightOnKnownPathsOnly && preflightWithoutRoute(method, x.state.routes.hasPathUnderOtherMethod(method, x.path)))) {
      x.route = found.route;
      x.params = found.params;
      return false;
    }
    if (variant.otherMethod405 && x.state.routes.hasPathUnderOtherMethod(method, x.path)) {
      x.res.writeHead(405, ['Content-Type', 'application/json', 'Content-Length', '33']);
      x.res.end('{"message":"method not allowed"}\n');
      return true;
    }
    const legacy = plainTextFor(x.state, x.version, 'legacyPlainTextNotFound');
    const jsonBroken = variant.modernNotFoundAsText && x.version !== null && !isOlder(x.version, LEGACY_ERROR_API);
    const legacyBroken = variant.legacyNotFoundFlipped && x.version !== null && isOlder(x.version, LEGACY_ERROR_API);
    const plain = jsonBroken || (legacyBroken ? !legacy : legacy);
    if (legacy && variant.legacyNotFoundGoText) {
      goNotFound(x.res);
      return true;
    }
    if (x.state.authz !== null && variant.authzBeforeRouting) return askBeforeNotFound(x, () => notFound(x.res, plain));
    notFound(x.res, plain);
    return true;
  },
};
