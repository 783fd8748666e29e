import type { IncomingMessage } from 'node:http';

/** A request body larger than the limit a route set. */
export class BodyTooLarge extends Error {
  override readonly name = 'BodyTooLarge';
  readonly code = 'SIM_BODY_TOO_LARGE';
  constructor(readonly limit: number) {
    super(`request body larger than ${limit} bytes`);
  }
}

/** Bodies read before the route ran (the authorization plugins saw them), kept for the route. */
const kept = new WeakMap<IncomingMessage, Buffer>();

/** Keeps a body that was read off the request, so that the route's readBody gets it. */
export function keepBody(req: IncomingMessage, body: Buffer): void {
  kept.set(req, body);
}

/**
 * Reads a request body, at most `limit` bytes: a larger one (by Content-Length or as it arrives)
 * rejects with BodyTooLarge and the rest is not buffered.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const early = kept.get(req);
  if (early !== undefined) return early.length > limit ? Promise.reject(new BodyTooLarge(limit)) : Promise.resolve(early);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) {
    req.resume();
    return Promise.reject(new BodyTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer): void => {
      total += chunk.length;
      if (total > limit) {
        req.off('data', onData);
        req.resume();
        reject(new BodyTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, total)));
    req.once('error', reject);
  });
}

/** Reads a JSON body (an empty body is `undefined`). */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const body = await readBody(req, limit);
  return body.length === 0 ? undefined : (JSON.parse(body.toString('utf8')) as unknown);
}
