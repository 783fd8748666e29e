import { takeVersionPrefix } from '../api-versioning/version-prefix.js';
import { notFound, plainTextFor } from './replies.js';
import type { Middleware } from './route.js';

/**
 * Finds the route before any version check, as the daemon's router does: a path or method no
 * route serves is 404 "page not found" at any version (observed: POST /v1.11/info is 404 on 20.10,
 * not too old), and a route the release has is version-checked next, known or not to the simulator.
 */
export const routeMatch: Middleware = {
  where: 'http/route-match.ts: routeMatch',
  rules: ['api.version.prefix', 'api.version.malformed-not-found', 'api.not-found', 'api.error.json-body'],
  handle(x) {
    takeVersionPrefix(x);
    const method = x.req.method ?? 'GET';
    const found = x.state.routes.match(method, x.path);
    if (found !== null) {
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
    // Fault api.error.json-body: every versioned 404 in the text form.
    const plain = (faults.has('api.error.json-body') && x.version !== null) || plainTextFor(x.state, x.version, 'legacyPlainTextNotFound');
    notFound(x.res, plain);
    return true;
  },
};
