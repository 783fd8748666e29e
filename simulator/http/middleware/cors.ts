import type { SyncMiddleware } from '../route.js';

/**
 * `--api-cors-header <origin>` (removed in 28.0, daemon.md › Deprecation catalogue): every answer
 * carries the origin and the methods and headers the releases list (observed on 20.10 and 26.1).
 * The chain's first step: the header goes on every answer of a daemon listener, the model
 * runner's and every refusal included. Without the option it passes at once: /_ping pays one test.
 */
export const corsHeaders: SyncMiddleware = {
  where: 'simulator/http/middleware/cors.ts: corsHeaders',
  rules: [],
  handle(x) {
    const origin = x.state.config.corsHeader;
    if (origin === null) return false;
    // Where a fault keeps the headers off some answers, the variant says which (cors-variant.ts).
    if (x.state.variants.cors.carriesHeaders(x.req.url ?? '')) {
      x.res.setHeader('Access-Control-Allow-Origin', origin);
      x.res.setHeader('Access-Control-Allow-Headers', 'Origin, X-Requested-With, Content-Type, Accept, X-Registry-Auth');
      x.res.setHeader('Access-Control-Allow-Methods', 'HEAD, GET, POST, DELETE, PUT, OPTIONS');
    }
    return false;
  },
};
