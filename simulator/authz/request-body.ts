import type { IncomingMessage } from 'node:http';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { BodyTooLarge, keepBody, readBody } from '../http/body.js';
import { AUTHZ_BODY_CHUNKED_HIDDEN } from '../quirks/listeners/authz-body-chunked-hidden.js';
import { AUTHZ_BODY_LARGE_HIDDEN, readHidden } from '../quirks/listeners/authz-body-large-hidden.js';
import { hasBody, isChunked, isJsonBody, MAX_SHOWN_BODY } from './request-message.js';

/** A request's body before the plugins: the bytes they are shown (none: no body), or too large to show. */
export type BodyStep = { readonly shown: Buffer | undefined } | { readonly tooLarge: true };

const NONE: BodyStep = Object.freeze({ shown: undefined });
const TOO_LARGE: BodyStep = Object.freeze({ tooLarge: true as const });

/**
 * Every body the route will act on is shown to the plugins first (daemon.md › Authentication 6:
 * each request must be allowed by every plugin), whatever its framing (Content-Length or chunked)
 * and its type: read whole and kept for the route. A body of 1 MiB or more (dockerd's limit) cannot
 * be shown: too large, and the request is refused before the route.
 */
export async function takeBody(req: IncomingMessage, faults: ReadonlySet<TestableRuleId>, quirks: ReadonlySet<string>): Promise<BodyStep> {
  if (!hasBody(req)) return NONE;
  let body: Buffer;
  try {
    // Fault (authz.body.large), quirk observed.authz.body.large: the body is read whole, and one of 1 MiB or more is not shown.
    body = faults.has('authz.body.large') || quirks.has(AUTHZ_BODY_LARGE_HIDDEN) ? await readHidden(req) : await readBody(req, MAX_SHOWN_BODY);
  } catch (error) {
    if (error instanceof BodyTooLarge) return TOO_LARGE;
    throw error;
  }
  keepBody(req, body);
  // Fault (authz.body.chunked), quirk observed.authz.body.chunked: a chunked JSON body is not shown (dockerd before the CVE-2024-41110 fix).
  const chunkedHidden = (faults.has('authz.body.chunked') || quirks.has(AUTHZ_BODY_CHUNKED_HIDDEN)) && isChunked(req) && isJsonBody(req);
  // Fault (authz.body.untyped): only JSON-typed bodies are shown (dockerd's rule), and the route acts on the others unseen.
  const untypedHidden = faults.has('authz.body.untyped') && !isJsonBody(req);
  return body.length > MAX_SHOWN_BODY || chunkedHidden || untypedHidden ? NONE : { shown: body };
}
