import type { QuirkModule } from '../quirk-module.js';
import type { ServerResponse } from 'node:http';
import type { HeldResponse } from '../../authz/held-response.js';

/** Hypothetical: a plugin's denial of an answer sets the status 403, but the route's buffered body is flushed instead of the denial message. */
export const RESPONSE_DENY_BODY_KEPT = 'hypothetical.authz.response-deny.body-kept';
export const responseDenyBodyKept: QuirkModule = {
  where:
    'simulator/quirks/listeners/response-deny-body-kept.ts; its row of simulator/http/middleware/authorization-variant.ts (AUTHORIZATION_VARIATIONS), read by simulator/http/middleware/authorization.ts (authorize)',
};

/** The denied answer as the quirk sends it: 403 with the route's own headers and body. */
export function deniedWithBody(res: ServerResponse, held: HeldResponse): void {
  res.writeHead(403, held.headers).end(held.body);
}
