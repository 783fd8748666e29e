import type { Route } from '../../http/route.js';
import { responseKitVariant } from './response-kit-variant.js';

/**
 * OPTIONS on any path (the daemon's CORS preflight route): 200, no body, the middleware headers.
 * Versioned paths are version-checked first, like every route.
 */
export const OPTIONS_ROUTE: Route = {
  method: 'OPTIONS',
  path: '*',
  where: 'simulator/engine/system/options.ts: OPTIONS *',
  rules: ['api.options.any-path'],
  handle(x) {
    const kit = x.state.kit;
    x.res.writeHead(responseKitVariant(x.state.config).optionsStatus, (x.version === null ? kit.bare : kit.versioned).options as string[]);
    x.res.end();
  },
};
