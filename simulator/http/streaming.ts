import type { ServerResponse } from 'node:http';

/** A response whose body is written piece by piece; ends when the client goes. */
export interface BodyStream {
  /** False once the client has gone. */
  readonly open: boolean;
  write(chunk: string | Buffer): boolean;
  end(): void;
}

function stream(res: ServerResponse): BodyStream {
  let open = true;
  res.once('close', () => (open = false));
  return {
    get open() {
      return open && !res.writableEnded;
    },
    write: (chunk) => open && res.write(chunk),
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}

/**
 * Starts a chunked response (no Content-Length): the daemon's streamed answers such as
 * `/events`, logs and `docker pull` progress (newline-separated JSON).
 */
export function startChunked(res: ServerResponse, status: number, headers: readonly string[], contentType = 'application/json'): BodyStream {
  res.writeHead(status, [...headers, 'Content-Type', contentType]);
  res.flushHeaders();
  return stream(res);
}

/** A stream of newline-separated JSON documents. */
export function startJsonLines(res: ServerResponse, status: number, headers: readonly string[]): BodyStream & { send(document: unknown): boolean } {
  const body = startChunked(res, status, headers);
  return Object.assign(body, { send: (document: unknown) => body.write(`${JSON.stringify(document)}\n`) });
}

/** Server-sent events (the model runner's OpenAI-compatible streaming): `data: …` blocks. */
export function startEventStream(res: ServerResponse, headers: readonly string[]): BodyStream & { send(data: string, event?: string): boolean } {
  const body = startChunked(res, 200, [...headers, 'Cache-Control', 'no-cache'], 'text/event-stream');
  return Object.assign(body, {
    send: (data: string, event?: string) =>
      body.write(
        `${event === undefined ? '' : `event: ${event}\n`}${data
          .split('\n')
          .map((line) => `data: ${line}\n`)
          .join('')}\n`,
      ),
  });
}
