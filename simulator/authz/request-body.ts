import type { IncomingMessage } from 'node:http';
import { BodyTooLarge, keepBody, readBody } from '../http/body.js';
import { hasBody, isChunked, isJsonBody, MAX_SHOWN_BODY } from './request-message.js';
import { hiddenUntyped } from '../engine/json-request-variant.js';
import { HIDDEN_FROM, type RequestBodyVariant } from './request-body-variant.js';

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
 * Where a fault or a quirk makes it differ, it reads the field of its variant (request-body-variant.ts).
 */
export async function takeBody(req: IncomingMessage, variant: RequestBodyVariant): Promise<BodyStep> {
  if (!hasBody(req)) return NONE;
  let body: Buffer;
  try {
    body = await (variant.readPastLimit(req) ?? readBody(req, variant.bodyLimitBytes));
  } catch (error) {
    if (error instanceof BodyTooLarge) return TOO_LARGE;
    throw error;
  }
  keepBody(req, body);
  if (variant.shownOfOverLimit !== undefined && body.length > MAX_SHOWN_BODY) return { shown: variant.shownOfOverLimit(body) };
  const chunkedHidden = !variant.showsChunkedBodies && isChunked(req) && isJsonBody(req) && body.length < HIDDEN_FROM;
  const oneToTwoHidden = !variant.showsBodiesOf1To2MiB && body.length >= HIDDEN_FROM && body.length < 2 * HIDDEN_FROM;
  const largeHidden = !variant.showsBodiesFrom1MiB && body.length >= HIDDEN_FROM;
  const untypedHidden = !variant.showsUntypedBodies && !isJsonBody(req);
  const chunkedUntyped = !variant.showsChunkedUntypedBodies && hiddenUntyped(req);
  if (body.length > MAX_SHOWN_BODY || chunkedHidden || untypedHidden || largeHidden || oneToTwoHidden || chunkedUntyped) return NONE;
  return { shown: isChunked(req) ? variant.shownOfChunked(body) : body };
}
