import type { ServerResponse } from 'node:http';

/** A response whose body is written piece by piece; ends when the client goes. */
export interface BodyStream {
  /** False once the client has gone. */
  readonly open: boolean;
  write(chunk: string | Buffer): boolean;
  /** Ends the body, with `last` as its last piece (written with the end: one write for both). */
  end(last?: string): void;
}

function stream(res: ServerResponse): BodyStream {
  let open = true;
  res.once('close', () => (open = false));
  return {
    get open() {
      return open && !res.writableEnded;
    },
    write: (chunk) => open && res.write(chunk),
    end: (last) => {
      if (!res.writableEnded) res.end(last);
    },
  };
}

/**
 * Starts a chunked response (no Content-Length): the daemon's streamed answers such as
 * `/events`, logs and `docker pull` progress (newline-separated JSON). The head is sent at once
 * (a client of /events waits for it before any event), unless `flush` is false: for a body whose
 * first piece follows at once, the head then goes with it, in one write. A null `contentType`
 * sends none (the stats stream).
 */
export function startChunked(
  res: ServerResponse,
  status: number,
  headers: readonly string[],
  contentType: string | null = 'application/json',
  flush = true,
): BodyStream {
  res.writeHead(status, contentType === null ? [...headers] : [...headers, 'Content-Type', contentType]);
  if (flush) res.flushHeaders();
  return stream(res);
}

/** A stream of newline-separated JSON documents. */
export function startJsonLines(res: ServerResponse, status: number, headers: readonly string[]): BodyStream & { send(document: unknown): boolean } {
  const body = startChunked(res, status, headers);
  return Object.assign(body, { send: (document: unknown) => body.write(`${JSON.stringify(document)}\n`) });
}

/** Server-sent events (the model runner's OpenAI-compatible streaming): `data: …` blocks; the head goes with the first. */
export function startEventStream(res: ServerResponse, headers: readonly string[]): BodyStream & { send(data: string, event?: string): boolean } {
  const body = startChunked(res, 200, [...headers, 'Cache-Control', 'no-cache'], 'text/event-stream', false);
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
