import type { ServerResponse } from 'node:http';
import type { SyncMiddleware } from '../route.js';

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

/** The bytes Go's httpguts.ValidHostHeader takes: letters, digits and !$%&'()*+,-.:;=[]_~ */
const HOST_BYTES = new Uint8Array(128);
for (const c of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!$%&'()*+,-.:;=[]_~") HOST_BYTES[c.charCodeAt(0)] = 1;

const validHost = (value: string): boolean => {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code >= 128 || HOST_BYTES[code] !== 1) return false;
  }
  return true;
};

/** Go's answer to a request its server refuses while reading it: the reason in the status line and the body, then close. */
function refuse(res: ServerResponse, reason: string): true {
  const body = `400 ${reason}`;
  res.writeHead(400, reason, ['Content-Type', 'text/plain; charset=utf-8', 'Connection', 'close', 'Content-Length', String(body.length)]);
  res.end(body);
  return true;
}

/**
 * Go's net/http reads the Host headers before the daemon sees the request (observed on 20.10.24
 * and 28.5.2): several → `400 Bad Request` (request.go's plain error); none on HTTP/1.1 →
 * `400 Bad Request: missing required Host header`; one with a byte a host cannot hold →
 * `400 Bad Request: malformed Host header`. An empty Host is valid.
 */
export const requireHost: SyncMiddleware = {
  where: 'simulator/http/middleware/host-header.ts: requireHost',
  rules: ['api.http.host-header'],
  handle(x) {
    const raw = x.req.rawHeaders;
    let first: string | undefined;
    let count = 0;
    for (let i = 0; i < raw.length; i += 2) {
      if (!isHost(raw[i]!)) continue;
      count += 1;
      first ??= raw[i + 1];
    }
    // Where a fault or a quirk serves several Host headers, the variant says so (connection-variant.ts).
    if (count > 1 && !x.state.variants.connection.severalHostsServed(raw, isHost)) return refuse(x.res, 'Bad Request');
    if (count === 0) return x.req.httpVersionMinor === 0 ? false : refuse(x.res, 'Bad Request: missing required Host header');
    return validHost(first!) ? false : refuse(x.res, 'Bad Request: malformed Host header');
  },
};
