import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: a chunked body (no Content-Length to size the buffer by) is peeked through a bufio.Reader of Go's default size, 4096 bytes: the plugins are shown its first 4 KiB, and the route gets it whole. */
export const AUTHZ_CHUNKED_PEEK = 'hypothetical.authz.body.chunked.default-peek';
export const authzChunkedPeek: QuirkModule = {
  where:
    'simulator/quirks/listeners/authz-chunked-peek.ts, its row of simulator/authz/request-body-variant.ts (REQUEST_BODY_VARIATIONS), read by simulator/authz/request-body.ts (takeBody)',
};

/** bufio's default buffer size. */
const DEFAULT_BUFIO = 4096;

/** What the plugins are shown of a chunked body: as much as a default-size peek holds. */
export const peeked = (body: Buffer): Buffer => body.subarray(0, DEFAULT_BUFIO);
