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

/** The lower of the limits with and without the fault: below it, the fault changes nothing. */
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
    const { release, faults, quirks } = x.state.config;
    const lines = x.req.rawHeaders.length / 2;
    // Quirk hypothetical.api.limits.header-lines.request-line-counted: the request line counts too (one short).
    const counted = quirks.has(REQUEST_LINE_COUNTED) ? linesWithRequestLine(lines) : lines;
    // The fault is asked about only for a request it could change: one beyond the lower of the two limits.
    const limit = limitOf(release, counted > lowerLimit(release) && faults.has('api.limits.header-lines'));
    if (limit === null || counted <= limit) return false;
    x.req.socket.end(HEADERS_TOO_LARGE);
    return true;
  },
};
