import { HEADERS_TOO_LARGE } from '../client-errors.js';
import type { SyncMiddleware } from '../route.js';

/** The lower of the limits with and without the fault (connection-variant.ts): up to it, nothing is refused. */
const lowerLimit = (release: { readonly headerLineLimit: number | 'none' | null }): number =>
  typeof release.headerLineLimit === 'number' ? release.headerLineLimit : 1000;

/**
 * The Go server's limit on the number of header lines, where the emulated release has one
 * (observed on 28.5.2: Host + 499 lines → 200, one more → 431 with Go's exact bytes, then close).
 */
export const headerLineLimit: SyncMiddleware = {
  where: 'simulator/http/middleware/header-lines.ts: headerLineLimit',
  rules: ['api.limits.header-lines'],
  handle(x) {
    const { release } = x.state.config;
    const variant = x.state.variants.connection;
    const counted = variant.headerLinesCounted(x.req.rawHeaders.length / 2);
    // The limit is read only for a request it could refuse: one beyond the lower of the limits.
    if (counted <= lowerLimit(release)) return false;
    const limit = variant.headerLineLimit(release.headerLineLimit);
    if (limit === null || counted <= limit) return false;
    x.req.socket.end(HEADERS_TOO_LARGE);
    return true;
  },
};
