import type { QuirkModule } from '../quirk-module.js';
import { requestMessage } from '../../authz/request-message.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError, sendError } from '../../http/replies.js';

/** Hypothetical: the authorization step wraps the router instead of sitting inside it: the plugins are asked about a path no route serves, and its 404 comes after they allowed it. */
export const AUTHZ_BEFORE_ROUTING = 'hypothetical.authz.order.before-routing';
export const authzBeforeRouting: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-before-routing.ts; its row of simulator/http/middleware/route-match-variant.ts (ROUTE_MATCH_VARIATIONS), read by simulator/http/middleware/route-match.ts (routeMatch)',
};

/** Asks the plugins about an unrouted request, then answers `notFound` if they allow it, their denial if not. */
export function askBeforeNotFound(x: Exchange, notFound: () => void): true {
  const chain = x.state.authz!;
  chain.authorizeRequest(requestMessage(x.req, undefined)).then(
    (verdict) => (verdict.allowed ? notFound() : sendError(x.res, verdict.status, verdict.message, [], false)),
    (error: unknown) => handlerError(x, 500, error instanceof Error ? error.message : String(error)),
  );
  return true;
}
