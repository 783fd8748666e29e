import type { IncomingMessage } from 'node:http';
import type { QuirkModule } from '../quirk-module.js';
import { isChunked } from '../../authz/request-message.js';

/**
 * Hypothetical: the plugins are shown JSON-typed bodies only (dockerd's rule), and the routes' JSON
 * check lets a request without Content-Type through when its length is not positive (ContentLength
 * <= 0 where == 0 was meant, for "no body"): a chunked body (length -1) without a type is parsed by
 * the route, and no plugin saw it.
 */
export const AUTHZ_UNTYPED_CHUNKED = 'hypothetical.authz.body.untyped.chunked-untyped';
export const authzUntypedChunked: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-untyped-chunked.ts, its row of simulator/authz/request-body-variant.ts (REQUEST_BODY_VARIATIONS), read by simulator/authz/request-body.ts (takeBody), and of simulator/engine/json-request-variant.ts (JSON_REQUEST_VARIATIONS), read by simulator/engine/json-request.ts (contentTypeProblem)',
};

/** Whether the quirk hides the body from the plugins while the route acts on it: chunked, no Content-Type. */
export const hiddenUntyped = (req: IncomingMessage): boolean => isChunked(req) && (req.headers['content-type'] ?? '') === '';
