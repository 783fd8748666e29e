import type { IncomingMessage, ServerResponse } from 'node:http';
import { authorization, heldForPlugins } from './middleware/authorization.js';
import { cleanPathMiddleware } from './middleware/clean-path.js';
import { debugRequestLog } from './middleware/debug-log.js';
import { Exchange, type StateHolder } from './exchange.js';
import { headerLineLimit } from './middleware/header-lines.js';
import { requireHost } from './middleware/host-header.js';
import { routeMatch } from './middleware/route-match.js';
import { handlerError } from './replies.js';
import type { Middleware, SyncMiddleware } from './route.js';
import { runRoute } from './run-route.js';
import { versionGate } from './middleware/version-gate.js';

export type { StateHolder } from './exchange.js';

/**
 * The one chain every request goes through, in the daemon's order: the Host check and the
 * header-line limit of Go's server, clean the path, match the route (unknown → 404, before any version check), log it when
 * debugging, ask the authorization plugins (dockerd's outermost middleware: before the version
 * check, observed; the one step that may wait), check the version, hold the answer back for the
 * plugins when they are asked, then the route's handler.
 */
export const MIDDLEWARES = [
  requireHost,
  headerLineLimit,
  cleanPathMiddleware,
  routeMatch,
  debugRequestLog,
  authorization,
  versionGate,
  heldForPlugins,
] as const satisfies readonly [SyncMiddleware, SyncMiddleware, SyncMiddleware, SyncMiddleware, SyncMiddleware, Middleware, SyncMiddleware, SyncMiddleware];
// One name per step for the written-out chain below; a ninth middleware fails the `satisfies` above until it is added there.
const [step1, step2, step3, step4, step5, step6, step7, step8] = MIDDLEWARES;

/** A step that rejected, or threw after one waited: a 500, or a cut connection once the answer started. */
const failed =
  (x: Exchange) =>
  (error: unknown): void => {
    if (!x.res.headersSent) handlerError(x, 500, error instanceof Error ? error.message : String(error));
    else x.res.destroy();
  };

/** The steps after the authorization plugins allowed the request, then the route. */
function afterAuthorization(x: Exchange): void {
  if (step7.handle(x) || step8.handle(x)) return;
  runRoute(x);
}

/** Runs `middlewares` from `from` on, waiting for a step that returns a promise, then the route. */
function runFrom(x: Exchange, middlewares: readonly Middleware[], from: number): void {
  for (let i = from; i < middlewares.length; i++) {
    const outcome = middlewares[i]!.handle(x);
    if (outcome === true) return;
    if (outcome !== false) {
      outcome
        .then((done) => {
          if (!done) runFrom(x, middlewares, i + 1);
        })
        .catch(failed(x));
      return;
    }
  }
  runRoute(x);
}

/** The request listener of every server. Kept flat: /_ping is the benchmarks' hot path. */
export function createRequestHandler(
  holder: StateHolder,
  middlewares: readonly Middleware[] = MIDDLEWARES,
): (req: IncomingMessage, res: ServerResponse) => void {
  if (middlewares === MIDDLEWARES) {
    // The daemon's chain written out: each call site sees one middleware, which V8 inlines
    // (a loop over the array costs twice as much per /_ping). Only the authorization step may
    // wait: without plugins it answers false at once and the rest runs in the same call.
    return (req, res) => {
      const x = new Exchange(req, res, holder.current);
      if (step1.handle(x) || step2.handle(x) || step3.handle(x) || step4.handle(x) || step5.handle(x)) return;
      const authorized = step6.handle(x);
      if (authorized === false) return afterAuthorization(x);
      if (authorized !== true)
        authorized
          .then((done) => {
            if (!done) afterAuthorization(x);
          })
          .catch(failed(x));
    };
  }
  return (req, res) => runFrom(new Exchange(req, res, holder.current), middlewares, 0);
}
