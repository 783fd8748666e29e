import { posix } from 'node:path';
import type { Exchange } from '../exchange.js';
import type { SyncMiddleware } from '../route.js';

/**
 * The router's path cleaning (gorilla/mux cleanPath): dot segments and empty segments go, a final
 * slash stays.
 */
export function cleanPath(path: string): string {
  if (path === '') return '/';
  let clean = posix.normalize(path.startsWith('/') ? path : `/${path}`);
  if (clean.length > 1 && clean.endsWith('/')) clean = clean.slice(0, -1);
  if (path.endsWith('/') && clean !== '/') clean += '/';
  return clean;
}

/** Go's url.PathUnescape: every "%" starts two hex digits, or the request is malformed (null). */
export function decodePath(raw: string): string | null {
  if (!raw.includes('%')) return raw;
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    // Escapes that are not UTF-8: decode byte by byte, as Go does.
    return Buffer.from(
      raw.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  }
}

/** Go's escaping of a URL path (url.URL.EscapedPath): what a Location header carries. */
export function escapePath(path: string): string {
  return encodeURIComponent(path)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%(24|26|2B|2C|2F|3A|3B|3D|40)/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Go's server answer to a request line it cannot parse; the connection closes after it. */
function malformed(x: Exchange): true {
  x.res.writeHead(400, 'Bad Request', ['Content-Type', 'text/plain; charset=utf-8', 'Connection', 'close', 'Content-Length', '15']);
  x.res.end('400 Bad Request');
  return true;
}

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;

/**
 * First step of every request: splits off the query, decodes percent escapes (routing sees the
 * decoded path: /%5Fping is /_ping and /v1.40%2Fversion is /v1.40/version on every observed
 * release) and redirects an unclean decoded path to its clean form with the query kept (observed:
 * /%2F_ping?a=b → 301 Location: /_ping?a=b, whatever the method).
 */
export const cleanPathMiddleware: SyncMiddleware = {
  where: 'simulator/http/middleware/clean-path.ts: cleanPathMiddleware',
  rules: ['api.path.clean-redirect'],
  handle(x) {
    let url = x.req.url ?? '/';
    if (url.charCodeAt(0) !== 47 /* / */) {
      const absolute = ABSOLUTE_FORM.exec(url);
      if (absolute !== null) url = url.slice(absolute[0].length) || '/';
      else if (url !== '*') return malformed(x);
    }
    // One pass over the target: where the query starts, whether the path has escapes or "//", "/.".
    let queryAt = -1;
    let escaped = false;
    let unclean = url.charCodeAt(0) !== 47;
    for (let i = 0; i < url.length; i++) {
      const c = url.charCodeAt(i);
      if (c === 63 /* ? */) {
        queryAt = i;
        break;
      }
      if (c === 37 /* % */) escaped = true;
      else if (c === 47 /* / */) {
        const n = url.charCodeAt(i + 1);
        if (n === 47 || n === 46 /* . */) unclean = true;
      }
    }
    const raw = queryAt < 0 ? url : url.slice(0, queryAt);
    const path = escaped ? decodePath(raw) : raw;
    if (path === null) return malformed(x);
    x.query = queryAt < 0 ? '' : url.slice(queryAt);
    if (unclean || (escaped && (path.charCodeAt(0) !== 47 || path.includes('//') || path.includes('/.')))) {
      const clean = cleanPath(path);
      // Where a fault or a quirk makes the redirect differ, the field of the variant that says how (request-path-variant.ts).
      const variant = x.state.variants.requestPath;
      if (clean !== path && variant.cleanPathRouted(x.req.method)) {
        x.path = clean;
        return false;
      }
      if (clean !== path) {
        x.res.writeHead(variant.cleanRedirectStatus, ['Location', escapePath(clean) + variant.redirectQuery(x.query), 'Content-Length', '0']);
        x.res.end();
        return true;
      }
    }
    x.path = path;
    return false;
  },
};
