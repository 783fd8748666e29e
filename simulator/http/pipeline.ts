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
import { corsHeaders } from './middleware/cors.js';
import { modelRunnerMount } from '../model-runner/mount.js';
import type { RunnerHandler } from '../model-runner/handler.js';

export type { StateHolder } from './exchange.js';

/**
 * The one chain every request of a daemon listener goes through, in the daemon's order: the CORS
 * headers of --api-cors-header (on every answer that follows, refusals and the model runner's
 * included), then (second, made per runner: createRequestHandler) the model runner under its
 * socket prefix, whose requests end there (through the authorization plugins), then the Host
 * check and the header-line limit of Go's server, clean the path, match the route (unknown → 404,
 * before any version check), log it when debugging, ask the authorization plugins (dockerd's
 * outermost middleware: before the version check, observed; the one step that may wait), check
 * the version, hold the answer back for the plugins when they are asked, then the route's handler.
 */
export const MIDDLEWARES = [
  corsHeaders,
  requireHost,
  headerLineLimit,
  cleanPathMiddleware,
  routeMatch,
  debugRequestLog,
  authorization,
  versionGate,
  heldForPlugins,
] as const satisfies readonly [
  SyncMiddleware,
  SyncMiddleware,
  SyncMiddleware,
  SyncMiddleware,
  SyncMiddleware,
  SyncMiddleware,
  Middleware,
  SyncMiddleware,
  SyncMiddleware,
];
// One name per step for the written-out chain below; a tenth middleware fails the `satisfies` above until it is added there.
const [cors, step1, step2, step3, step4, step5, step6, step7, step8] = MIDDLEWARES;

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

/**
 * The request listener of every daemon listener: MIDDLEWARES with the mount of `runner` second.
 * Written out, each call site sees one middleware, which V8 inlines (a loop over the array costs
 * twice as much per /_ping, the benchmarks' hot path). Only the authorization step may wait:
 * without plugins it answers false at once and the rest runs in the same call.
 */
export function createRequestHandler(holder: StateHolder, runner: RunnerHandler): (req: IncomingMessage, res: ServerResponse) => void {
  const mount = modelRunnerMount(runner);
  return (req, res) => {
    const x = new Exchange(req, res, holder.current);
    if (cors.handle(x) || mount.handle(x) || step1.handle(x) || step2.handle(x) || step3.handle(x) || step4.handle(x) || step5.handle(x)) return;
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
