import { isOlder } from '../../../common/dotted-version.js';
import { DEBUG_ROUTE_METHODS, DEBUG_ROUTES_ORDINARY_FROM } from '../../../specs/engine-routes.js';
import type { Exchange } from '../../http/exchange.js';
import type { Route } from '../../http/route.js';
import { sendGoAnswer } from './go-answer.js';
import { goJson } from '../go-json-text.js';
import { memStats } from './mem-stats.js';
import { processCommandLine, serveCmdline, serveCpuProfile, serveIndex, serveNamedProfile, serveSymbol, serveTrace } from './pprof-handlers.js';
import { processRecorders } from './process-recorders.js';

/**
 * The /debug routes of moby's debug router (api/server/router/debug, daemon/server/router/debug
 * from 29.0): Go's expvar and net/http/pprof handlers, for ctrd-sim's own node process.
 */

const WHERE = 'simulator/engine/debug/routes.ts';

/** GET /debug/vars: expvar's document, its variables by name (cmdline, memstats), one a line. */
function serveVars(x: Exchange): void {
  const variables = { cmdline: processCommandLine(), memstats: memStats(processRecorders()) };
  const lines = Object.entries(variables).map(([name, value]) => `${goJson(name)}: ${goJson(value)}`);
  sendGoAnswer(x, 200, [['Content-Type', 'application/json; charset=utf-8']], `{\n${lines.join(',\n')}\n}\n`);
}

const HANDLERS: readonly (readonly [path: string, handle: (x: Exchange) => void | Promise<void>])[] = [
  ['/debug/vars', serveVars],
  ['/debug/pprof/', serveIndex],
  ['/debug/pprof/cmdline', serveCmdline],
  ['/debug/pprof/profile', serveCpuProfile],
  ['/debug/pprof/symbol', serveSymbol],
  ['/debug/pprof/trace', serveTrace],
  ['/debug/pprof/{name}', serveNamedProfile],
];

/**
 * The release's /debug routes: GET routes from 28.0; before it mounted apart, at the bare path
 * only and for every method (specs/engine-routes.ts, DEBUG_ROUTES_ORDINARY_FROM).
 */
export function debugRoutes(release: string): Route[] {
  const apart = isOlder(release, DEBUG_ROUTES_ORDINARY_FROM);
  return HANDLERS.flatMap(([path, handle]) =>
    (apart ? DEBUG_ROUTE_METHODS : (['GET'] as const)).map((method) => ({
      method,
      path,
      ...(apart ? { unversionedOnly: true } : {}),
      where: `${WHERE}: ${method} ${path}`,
      rules: [],
      handle,
    })),
  );
}
