import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * A recorded answer handed to the client as node:http hands a received one: the parts of
 * IncomingMessage the client reads (status, lower-case headers, the body as a stream, `complete`).
 * The whole body is in already, so the message is complete from the start.
 */
class PlayedResponse extends Readable {
  readonly complete = true;

  constructor(
    readonly statusCode: number,
    readonly headers: Readonly<Record<string, string>>,
    body: Buffer,
  ) {
    super({ read: () => undefined });
    if (body.length > 0) this.push(body);
    this.push(null);
  }
}

export function playedResponse(status: number, headers: Readonly<Record<string, string>>, body: string): IncomingMessage {
  const lowerCase = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  return new PlayedResponse(status, lowerCase, Buffer.from(body, 'utf8')) as unknown as IncomingMessage;
}
