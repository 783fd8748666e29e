import type { ServerResponse } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (20.10): below API 1.24 the router falls back to Go's http.NotFound, whose text is "404 page not found", not the daemon's "page not found". */
export const GO_DEFAULT_NOT_FOUND = 'hypothetical.api.not-found.legacy-plain-text.go-default-text';
export const goDefaultNotFound: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/go-default-text.ts; its row of simulator/http/middleware/route-match-variant.ts (ROUTE_MATCH_VARIATIONS), read by simulator/http/middleware/route-match.ts (routeMatch)',
};

const BODY = Buffer.from('404 page not found\n');

/** Go's http.NotFound, byte for byte: text/plain, nosniff, "404 page not found\n". */
export function goNotFound(res: ServerResponse): void {
  res.writeHead(404, ['Content-Type', 'text/plain; charset=utf-8', 'X-Content-Type-Options', 'nosniff', 'Content-Length', String(BODY.length)]);
  res.end(BODY);
}
