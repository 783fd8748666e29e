import type { IncomingMessage } from 'node:http';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { BodyTooLarge, keepBody, readBody } from '../http/body.js';
import { AUTHZ_BODY_LARGE_HIDDEN, HIDDEN_FROM, readHidden } from '../quirks/listeners/authz-body-large-hidden.js';
import { hasBody, isChunked, isJsonBody, MAX_SHOWN_BODY } from './request-message.js';
import { AUTHZ_CHUNKED_PEEK, peeked } from '../quirks/listeners/authz-chunked-peek.js';
import { AUTHZ_LIMIT_LENGTH_ONLY, readUnlimited, truncated, unlimited } from '../quirks/listeners/authz-limit-length-only.js';
import { AUTHZ_UNTYPED_CHUNKED, hiddenUntyped } from '../quirks/listeners/authz-untyped-chunked.js';

/** A request's body before the plugins: the bytes they are shown (none: no body), or too large to show. */
export type BodyStep = { readonly shown: Buffer | undefined } | { readonly tooLarge: true };

const NONE: BodyStep = Object.freeze({ shown: undefined });
const TOO_LARGE: BodyStep = Object.freeze({ tooLarge: true as const });

/**
 * Every body the route will act on is shown to the plugins first (daemon.md › Authentication 6:
 * each request must be allowed by every plugin), whatever its framing (Content-Length or chunked):
 * read whole and kept for the route. A body over 4 MiB cannot be shown: too large, and the request
 * is refused before the route, as dockerd does from 29.4. dockerd shows JSON bodies only (its JSON
 * routes refuse other types); ctrd-sim's routes do not check the type, so it shows every body.
 */
export async function takeBody(req: IncomingMessage, faults: ReadonlySet<TestableRuleId>, quirks: ReadonlySet<string>): Promise<BodyStep> {
  if (!hasBody(req)) return NONE;
  let body: Buffer;
  try {
    // Fault (authz.body.limit): off by one, a body of exactly 4 MiB is refused.
    // Quirk observed.authz.body.large: the body is read whole, and a large one is not shown.
    // Quirk hypothetical.authz.body.limit.content-length-only: a chunked body is read past the limit.
    body = quirks.has(AUTHZ_BODY_LARGE_HIDDEN)
      ? await readHidden(req)
      : quirks.has(AUTHZ_LIMIT_LENGTH_ONLY) && unlimited(req)
        ? await readUnlimited(req)
        : await readBody(req, faults.has('authz.body.limit') ? MAX_SHOWN_BODY - 1 : MAX_SHOWN_BODY);
  } catch (error) {
    if (error instanceof BodyTooLarge) return TOO_LARGE;
    throw error;
  }
  keepBody(req, body);
  // Quirk hypothetical.authz.body.limit.content-length-only: the plugins are shown the first 4 MiB of a larger chunked body.
  if (quirks.has(AUTHZ_LIMIT_LENGTH_ONLY) && body.length > MAX_SHOWN_BODY) return { shown: truncated(body) };
  // Fault (authz.body.chunked): a chunked JSON body under 1 MiB is not shown (dockerd before the CVE-2024-41110 fix).
  const chunkedHidden = faults.has('authz.body.chunked') && isChunked(req) && isJsonBody(req) && body.length < HIDDEN_FROM;
  // Fault (authz.body.large): bodies from 1 MiB to under 2 MiB are not shown (an old 1 MiB limit left on the path).
  const faultHidden = faults.has('authz.body.large') && body.length >= HIDDEN_FROM && body.length < 2 * HIDDEN_FROM;
  // Quirk observed.authz.body.large: bodies of 1 MiB or more are not shown (20.10).
  const largeHidden = quirks.has(AUTHZ_BODY_LARGE_HIDDEN) && body.length >= HIDDEN_FROM;
  // Fault (authz.body.untyped): only JSON-typed bodies are shown (dockerd's rule), and the route acts on the others unseen.
  const untypedHidden = faults.has('authz.body.untyped') && !isJsonBody(req);
  // Quirk hypothetical.authz.body.untyped.chunked-untyped: a chunked body without Content-Type is not shown, and the route parses it.
  const chunkedUntyped = quirks.has(AUTHZ_UNTYPED_CHUNKED) && hiddenUntyped(req);
  if (body.length > MAX_SHOWN_BODY || chunkedHidden || untypedHidden || largeHidden || faultHidden || chunkedUntyped) return NONE;
  // Quirk hypothetical.authz.body.chunked.default-peek: the plugins are shown the first 4 KiB of a chunked body.
  return { shown: quirks.has(AUTHZ_CHUNKED_PEEK) && isChunked(req) ? peeked(body) : body };
}
