import { HEADERS_TOO_LARGE } from '../client-errors.js';
import type { SyncMiddleware } from '../route.js';
import { linesWithRequestLine, REQUEST_LINE_COUNTED } from '../../quirks/api-versioning/request-line-counted.js';

/** The limit in force for this exchange: the release's (specs/versions.ts headerLineLimit), or none. */
function limitOf(release: { readonly headerLineLimit: number | 'none' | null }, faulty: boolean): number | null {
  const limit = release.headerLineLimit;
  if (typeof limit === 'number') return faulty ? limit + 1 : limit;
  // A release without a limit: its fault invents one.
  return faulty ? 1000 : null;
}

/**
 * The Go server's limit on the number of header lines, where the emulated release has one
 * (observed on 28.5.2: Host + 499 lines → 200, one more → 431 with Go's exact bytes, then close).
 */
export const headerLineLimit: SyncMiddleware = {
  where: 'simulator/http/middleware/header-lines.ts: headerLineLimit',
  rules: ['api.limits.header-lines'],
  handle(x) {
    const limit = limitOf(x.state.config.release, x.state.config.faults.has('api.limits.header-lines'));
    const lines = x.req.rawHeaders.length / 2;
    // Quirk hypothetical.api.limits.header-lines.request-line-counted: the request line counts too (one short).
    if (limit === null || (x.state.config.quirks.has(REQUEST_LINE_COUNTED) ? linesWithRequestLine(lines) : lines) <= limit) return false;
    x.req.socket.end(HEADERS_TOO_LARGE);
    return true;
  },
};
