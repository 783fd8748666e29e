import type { IncomingMessage } from 'node:http';
import { readBody } from '../../http/body.js';
import type { QuirkModule } from '../quirk-module.js';
import { isChunked, MAX_SHOWN_BODY } from '../../authz/request-message.js';

/**
 * Hypothetical: the 4 MiB limit is checked against Content-Length only. A chunked body (length
 * unknown, -1) is peeked up to 4 MiB as before the limit: the plugins are shown its first 4 MiB and
 * the route gets it whole, instead of dockerd's 500 before any plugin is asked.
 */
export const AUTHZ_LIMIT_LENGTH_ONLY = 'hypothetical.authz.body.limit.content-length-only';
export const authzLimitLengthOnly: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-limit-length-only.ts, its row of simulator/authz/request-body-variant.ts (REQUEST_BODY_VARIATIONS), read by simulator/authz/request-body.ts (takeBody)',
};

/** What the route may still read of a chunked body (the largest limit of a route that reads one whole). */
const ROUTE_LIMIT = 64 * 1024 * 1024;

/** Whether the quirk reads this body past the limit: a chunked one. */
export const unlimited = (req: IncomingMessage): boolean => isChunked(req);

/** The whole chunked body, read for the route. */
export const readUnlimited = (req: IncomingMessage): Promise<Buffer> => readBody(req, ROUTE_LIMIT);

/** The body read past the limit when the quirk reads it so (a chunked one), else undefined. */
export const readChunkedUnlimited = (req: IncomingMessage): Promise<Buffer> | undefined => (unlimited(req) ? readUnlimited(req) : undefined);

/** What the plugins are shown of it: its first 4 MiB. */
export const truncated = (body: Buffer): Buffer => body.subarray(0, MAX_SHOWN_BODY);
