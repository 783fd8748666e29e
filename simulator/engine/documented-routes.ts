import { fillMessage } from '../../common/messages.js';
import { compareVersions, inRange } from '../../common/dotted-version.js';
import { DEBUG_ROUTE_METHODS, DEBUG_ROUTES_ORDINARY_FROM, ENGINE_ROUTES, type EngineRoute } from '../../specs/engine-routes.js';
import { EXPERIMENTAL_DISABLED_MESSAGE, SIMULATOR_MESSAGES } from '../../specs/messages.js';
import type { DaemonRelease } from '../../specs/versions.js';
import type { Exchange } from '../http/exchange.js';
import { handlerError } from '../http/replies.js';
import type { Route } from '../http/route.js';

/** The first placeholder of a route whose names may hold "/" (`slashed` in the route table). */
function slashedParam(route: EngineRoute): string | undefined {
  return route.slashed === true ? /\{([^}]+)\}/.exec(route.path)?.[1] : undefined;
}

/** An experimental route of a daemon started without --experimental: 501 in the release's words. */
export const experimentalDisabled = (x: Exchange): void =>
  handlerError(x, 501, fillMessage(EXPERIMENTAL_DISABLED_MESSAGE, { product: x.state.config.names.product }));

function answer(route: EngineRoute): (x: Exchange) => void {
  if (route.experimental === true) return (x) => (x.state.config.experimental ? notImplemented(x, route) : experimentalDisabled(x));
  return (x) => notImplemented(x, route);
}

/** 501 naming the endpoint, as a handler error (after the version check, with its headers). */
function notImplemented(x: Exchange, route: EngineRoute): void {
  handlerError(x, 501, fillMessage(SIMULATOR_MESSAGES.notImplemented, { method: route.method, path: route.path }));
}

/**
 * The routes the emulated release has (specs/engine-routes.ts) that the simulator does not
 * implement: they are routes all the same, so the version gate refuses them as the daemon does
 * (/v1.11/containers/json on 26.1 is too old, not "page not found"), and past the gate they answer
 * 501 "<METHOD> <path> is not implemented by ctrd-sim". Routes in `implemented` win.
 */
export function documentedRoutes(release: DaemonRelease, implemented: readonly Route[]): Route[] {
  const taken = new Set(implemented.map((route) => `${route.method} ${route.path}`));
  const anyPath = new Set(implemented.filter((route) => route.path === '*').map((route) => route.method));
  return ENGINE_ROUTES.filter(
    (route) =>
      !taken.has(`${route.method} ${route.path}`) &&
      !anyPath.has(route.method) &&
      inRange(release.release, { min: route.since, ...(route.until === undefined ? {} : { max: route.until }) }),
  ).flatMap((route) => {
    const slashed = slashedParam(route);
    const made: Route = {
      method: route.method,
      path: route.path,
      ...(slashed === undefined ? {} : { slashedParams: [slashed] }),
      where: 'simulator/engine/documented-routes.ts: 501 not implemented',
      rules: [],
      handle: answer(route),
    };
    if (!route.path.startsWith('/debug/') || compareVersions(release.release, DEBUG_ROUTES_ORDINARY_FROM) >= 0) return [made];
    // Before 28.0 the /debug routes are mounted apart: bare path only, every method.
    return DEBUG_ROUTE_METHODS.filter((method) => !taken.has(`${method} ${route.path}`)).map((method) => ({ ...made, method, unversionedOnly: true }));
  });
}
