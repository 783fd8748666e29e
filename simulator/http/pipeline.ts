import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorization } from './middleware/authorization.js';
import { cleanPathMiddleware } from './middleware/clean-path.js';
import { debugRequestLog } from './middleware/debug-log.js';
import { Exchange, type StateHolder } from './exchange.js';

export type { StateHolder } from './exchange.js';
import { headerLineLimit } from './middleware/header-lines.js';
import { requireHost } from './middleware/host-header.js';
import { routeMatch } from './middleware/route-match.js';
import type { Middleware } from './route.js';
import { runRoute } from './run-route.js';
import { versionGate } from './middleware/version-gate.js';

/**
 * The one chain every request goes through, in the daemon's order: the Host check and the
 * header-line limit of Go's server, clean the path, match the route (unknown → 404, before any version check), log it when
 * debugging, ask the authorization plugins (dockerd's outermost middleware: before the version
 * check, observed), check the version, then the route's handler. With plugins installed the
 * authorization step takes the request over and runs the rest itself once they allowed it.
 */
export const MIDDLEWARES = [
  requireHost,
  headerLineLimit,
  cleanPathMiddleware,
  routeMatch,
  debugRequestLog,
  authorization,
  versionGate,
] as const satisfies readonly [Middleware, Middleware, Middleware, Middleware, Middleware, Middleware, Middleware];
// One name per step for the written-out chain below; an eighth middleware fails the `satisfies` above until it is added there.
const [step1, step2, step3, step4, step5, step6, step7] = MIDDLEWARES;

/** The request listener of every server. Kept flat: /_ping is the benchmarks' hot path. */
export function createRequestHandler(
  holder: StateHolder,
  middlewares: readonly Middleware[] = MIDDLEWARES,
): (req: IncomingMessage, res: ServerResponse) => void {
  if (middlewares === MIDDLEWARES) {
    // The daemon's chain written out: each call site sees one middleware, which V8 inlines
    // (a loop over the array costs twice as much per /_ping).
    return (req, res) => {
      const x = new Exchange(req, res, holder.current);
      if (step1.handle(x) || step2.handle(x) || step3.handle(x) || step4.handle(x) || step5.handle(x) || step6.handle(x) || step7.handle(x)) return;
      runRoute(x);
    };
  }
  const count = middlewares.length;
  return (req, res) => {
    const x = new Exchange(req, res, holder.current);
    for (let i = 0; i < count; i++) if (middlewares[i]!.handle(x)) return;
    runRoute(x);
  };
}
