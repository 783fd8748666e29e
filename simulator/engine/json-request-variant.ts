import type { IncomingMessage } from 'node:http';
import type { VariationRow } from '../faults/variant-table.js';
import { isChunked } from '../authz/request-message.js';
import { perConfigVariant } from '../faults/variant-table.js';

/**
 * What the routes' check of a JSON body's Content-Type (json-request.ts: contentTypeProblem) may do
 * differently from moby's CheckForJSON. REFERENCE_JSON_REQUEST is the document's; each fault and
 * quirk that changes it is one row of JSON_REQUEST_VARIATIONS.
 */
export interface JsonRequestVariant {
  /** The Content-Type of a JSON body is checked at all. */
  readonly contentTypeChecked: boolean;
  /** A request that passes without a Content-Type though it has a body. */
  readonly passesUntyped: (req: IncomingMessage) => boolean;
}

/** The document's check. */
export const REFERENCE_JSON_REQUEST: JsonRequestVariant = Object.freeze({
  contentTypeChecked: true,
  passesUntyped: () => false,
});

/**
 * Quirk hypothetical.authz.body.untyped.chunked-untyped: whether a request's body is hidden from the
 * plugins while the route acts on it: chunked, no Content-Type (the plugins are shown JSON-typed
 * bodies only, and the check lets a request without Content-Type through when its length is not
 * positive: ContentLength <= 0 where == 0 was meant, for "no body"). Also read by
 * simulator/authz/request-body.ts (takeBody).
 */
export const hiddenUntyped = (req: IncomingMessage): boolean => isChunked(req) && (req.headers['content-type'] ?? '') === '';

/** Each fault and quirk of the check, and what it sets (no field is set twice). */
export const JSON_REQUEST_VARIATIONS: readonly VariationRow<JsonRequestVariant>[] = [
  // Fault: the smallest change under which the rule, and only it, fails.
  ['authz.body.untyped', { contentTypeChecked: false }],
  // Hypothetical quirk (specs/quirks/listeners.ts).
  ['hypothetical.authz.body.untyped.chunked-untyped', { passesUntyped: hiddenUntyped }],
];

/** The check of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const jsonRequestVariant = perConfigVariant(REFERENCE_JSON_REQUEST, JSON_REQUEST_VARIATIONS);
