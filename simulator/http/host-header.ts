import type { Middleware } from './route.js';

/** Whether a header name is "Host" in any case, without allocating. */
function isHost(name: string): boolean {
  return (
    name.length === 4 &&
    (name.charCodeAt(0) | 32) === 104 /* h */ &&
    (name.charCodeAt(1) | 32) === 111 /* o */ &&
    (name.charCodeAt(2) | 32) === 115 /* s */ &&
    (name.charCodeAt(3) | 32) === 116 /* t */
  );
}

/** An HTTP/1.1 request must name its Host (Go's net/http refuses it otherwise, and closes). */
function hasHost(rawHeaders: readonly string[]): boolean {
  for (let i = 0; i < rawHeaders.length; i += 2) if (isHost(rawHeaders[i]!)) return true;
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
