import type { SyncMiddleware } from '../route.js';

/**
 * With debug on, every routed request is logged before anything else answers it, as dockerd's
 * debug middleware does: `Calling GET /_ping`. Off, it costs one property read.
 */
export const debugRequestLog: SyncMiddleware = {
  where: 'simulator/http/middleware/debug-log.ts: debugRequestLog',
  rules: [],
  handle(x) {
    if (x.state.config.debug) x.state.logger.log('debug', `Calling ${x.req.method ?? 'GET'} ${x.req.url ?? '/'}`);
    return false;
  },
};
