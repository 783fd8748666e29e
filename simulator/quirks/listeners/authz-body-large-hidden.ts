import type { IncomingMessage } from 'node:http';
import { readBody } from '../../http/body.js';
import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10.24+dfsg1): a body of 1 MiB or more, with Content-Length or chunked, is not shown to the plugins, and the route gets it all the same (moby before 29.4: "Request body is larger than: '1048576' skipping body"). */
export const AUTHZ_BODY_LARGE_HIDDEN = 'observed.authz.body.large';
export const authzBodyLargeHidden: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-body-large-hidden.ts, its row of simulator/authz/request-body-variant.ts (REQUEST_BODY_VARIATIONS), read by simulator/authz/request-body.ts (takeBody)',
};

/** The smallest body the quirk hides: moby's maxBodySize before 29.4. */
export const HIDDEN_FROM = 1024 * 1024;

/** What the route may still read of a hidden body (the largest limit of a route that reads one whole). */
const ROUTE_LIMIT = 64 * 1024 * 1024;

/** The whole body, read for the route: the plugins are shown none of it. */
export const readHidden = (req: IncomingMessage): Promise<Buffer> => readBody(req, ROUTE_LIMIT);
