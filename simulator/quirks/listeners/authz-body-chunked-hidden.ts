import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10): a chunked body is not shown to the plugins (moby before the CVE-2024-41110 fix looks at Content-Length only); the route gets it whole. */
export const AUTHZ_BODY_CHUNKED_HIDDEN = 'observed.authz.body.chunked';
export const authzBodyChunkedHidden: QuirkModule = { where: 'simulator/quirks/listeners/authz-body-chunked-hidden.ts, called from simulator/authz/request-body.ts (takeBody)' };
