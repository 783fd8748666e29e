import type { IncomingMessage } from 'node:http';
import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';
import { readBody } from '../http/body.js';
import { isChunked, MAX_SHOWN_BODY } from './request-message.js';

/**
 * What taking a request's body before the plugins (request-body.ts) may do differently from the
 * document: how it is read and which bodies the plugins are shown. REFERENCE_REQUEST_BODY is the
 * document's; each fault and quirk that changes it is one row of REQUEST_BODY_VARIATIONS.
 */
export interface RequestBodyVariant {
  /** The largest body read for the plugins, in bytes: a larger one is too large to show. */
  readonly bodyLimitBytes: number;
  /** The body read whole for the route, past the limit (undefined: read within bodyLimitBytes). */
  readonly readPastLimit: (req: IncomingMessage) => Promise<Buffer> | undefined;
  /** What the plugins are shown of a body read past the limit and larger than it (undefined: none). */
  readonly shownOfOverLimit: ((body: Buffer) => Buffer) | undefined;
  /** A chunked JSON body under 1 MiB is shown. */
  readonly showsChunkedBodies: boolean;
  /** A body from 1 MiB to under 2 MiB is shown. */
  readonly showsBodiesOf1To2MiB: boolean;
  /** A body of 1 MiB or more is shown. */
  readonly showsBodiesFrom1MiB: boolean;
  /** A body without a JSON Content-Type is shown. */
  readonly showsUntypedBodies: boolean;
  /** A chunked body without a Content-Type is shown. */
  readonly showsChunkedUntypedBodies: boolean;
  /** What the plugins are shown of a chunked body. */
  readonly shownOfChunked: (body: Buffer) => Buffer;
}

/** The document's body step. */
export const REFERENCE_REQUEST_BODY: RequestBodyVariant = Object.freeze({
  bodyLimitBytes: MAX_SHOWN_BODY,
  readPastLimit: () => undefined,
  shownOfOverLimit: undefined,
  showsChunkedBodies: true,
  showsBodiesOf1To2MiB: true,
  showsBodiesFrom1MiB: true,
  showsUntypedBodies: true,
  showsChunkedUntypedBodies: true,
  shownOfChunked: (body: Buffer) => body,
});

/** The smallest body observed.authz.body.large hides: moby's maxBodySize before 29.4 (1 MiB). */
export const HIDDEN_FROM = 1024 * 1024;

/** What the route may still read of a body read past the limit (the largest limit of a route that reads one whole). */
const ROUTE_LIMIT = 64 * 1024 * 1024;

/** The whole body, read for the route. */
const readForRoute = (req: IncomingMessage): Promise<Buffer> => readBody(req, ROUTE_LIMIT);

/** Quirk hypothetical.authz.body.limit.content-length-only: a chunked body (length unknown) is read past the limit. */
const readChunkedUnlimited = (req: IncomingMessage): Promise<Buffer> | undefined => (isChunked(req) ? readForRoute(req) : undefined);

/** Quirk hypothetical.authz.body.limit.content-length-only: the plugins are shown its first 4 MiB. */
const truncated = (body: Buffer): Buffer => body.subarray(0, MAX_SHOWN_BODY);

/** bufio's default buffer size. */
const DEFAULT_BUFIO = 4096;

/** Quirk hypothetical.authz.body.chunked.default-peek: the plugins are shown as much of a chunked body as a default-size peek holds. */
const peeked = (body: Buffer): Buffer => body.subarray(0, DEFAULT_BUFIO);

/**
 * Each fault and quirk of the body step, and what it sets; the later row wins (of the read past the
 * limit, the observed quirk over the hypothetical one: the order the old branches asked them in).
 */
export const REQUEST_BODY_VARIATIONS: readonly VariationRow<RequestBodyVariant>[] = [
  // Quirks (specs/quirks/listeners.ts).
  // The 4 MiB limit is checked against Content-Length only.
  ['hypothetical.authz.body.limit.content-length-only', { readPastLimit: readChunkedUnlimited, shownOfOverLimit: truncated }],
  // Observed (20.10.24+dfsg1): a body of 1 MiB or more is read for the route, and the plugins are shown none of it.
  ['observed.authz.body.large', { readPastLimit: readForRoute, showsBodiesFrom1MiB: false }],
  ['hypothetical.authz.body.untyped.chunked-untyped', { showsChunkedUntypedBodies: false }],
  ['hypothetical.authz.body.chunked.default-peek', { shownOfChunked: peeked }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['authz.body.limit', { bodyLimitBytes: MAX_SHOWN_BODY - 1 }],
  ['authz.body.chunked', { showsChunkedBodies: false }],
  ['authz.body.large', { showsBodiesOf1To2MiB: false }],
  ['authz.body.untyped', { showsUntypedBodies: false }],
];

/** The body step of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const requestBodyVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): RequestBodyVariant =>
  resolveVariant(REFERENCE_REQUEST_BODY, REQUEST_BODY_VARIATIONS, config);
