import type { Middleware } from './route.js';

/** An HTTP/1.1 request must name its Host (Go's net/http refuses it otherwise, and closes). */
function hasHost(rawHeaders: readonly string[]): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host') return true;
  }
  return false;
}

/**
 * Observed on every release: `GET /_ping HTTP/1.1` without Host → `400 Bad Request: missing
 * required Host header`, text body, connection closed.
 */
export const requireHost: Middleware = {
  where: 'http/host-header.ts: requireHost',
  rules: [],
  handle(x) {
    if (x.req.httpVersionMinor === 0 || hasHost(x.req.rawHeaders)) return false;
    const reason = 'Bad Request: missing required Host header';
    const body = `400 ${reason}`;
    x.res.writeHead(400, reason, ['Content-Type', 'text/plain; charset=utf-8', 'Connection', 'close', 'Content-Length', String(body.length)]);
    x.res.end(body);
    return true;
  },
};
