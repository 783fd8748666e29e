import type { HttpReply } from './client.js';

/**
 * The message of an error answer, with the daemon's framing removed and nothing else: `message` of
 * a JSON body, or a plain-text body as Go's http.Error writes it (the message, then one "\n").
 * Spaces and other characters of the message itself are kept, so comparing the result with an
 * expected message compares the message exactly: neither side is trimmed or otherwise normalised.
 */
export function errorMessageOf(reply: Pick<HttpReply, 'body'>): string {
  try {
    const doc: unknown = JSON.parse(reply.body);
    if (typeof doc === 'object' && doc !== null && typeof (doc as { message?: unknown }).message === 'string') return (doc as { message: string }).message;
  } catch {
    // Plain text.
  }
  return reply.body.endsWith('\n') ? reply.body.slice(0, -1) : reply.body;
}
