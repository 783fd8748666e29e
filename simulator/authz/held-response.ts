import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** A route's answer, kept back until the plugins have seen it. */
export interface HeldResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: Buffer;
  /** Sends the answer as the route wrote it. */
  release(): void;
}

type HeadArgs = [] | [OutgoingHttpHeaders | readonly string[]] | [string, OutgoingHttpHeaders | readonly string[]];

function headerRecord(res: ServerResponse, args: HeadArgs): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [key, value] of Object.entries(res.getHeaders())) if (value !== undefined) record[key] = String(value);
  const given = args.length === 2 ? args[1] : args[0];
  if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) record[String(given[i]).toLowerCase()] = String(given[i + 1]);
  else if (given !== undefined) for (const [key, value] of Object.entries(given)) if (value !== undefined) record[key.toLowerCase()] = String(value);
  return record;
}

/**
 * Holds back what a route writes (status, headers, body) and hands it to `onEnd` when the route
 * ends it. A route that flushes its headers (a stream: events, progress) is let through from then
 * on, unheld, as dockerd's response modifier does on Flush.
 */
export function holdResponse(res: ServerResponse, onEnd: (held: HeldResponse) => void): void {
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  let status: number | undefined;
  let head: HeadArgs = [];
  const chunks: Buffer[] = [];
  const restore = (): void => {
    Object.assign(res, original);
  };
  const replay = (): void => {
    if (status !== undefined) (original.writeHead as (...args: unknown[]) => ServerResponse).call(res, status, ...head);
  };
  const toBuffer = (chunk: unknown, encoding: unknown): Buffer =>
    Buffer.isBuffer(chunk)
      ? chunk
      : chunk instanceof Uint8Array
        ? Buffer.from(chunk)
        : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

  res.writeHead = ((code: number, ...rest: HeadArgs) => {
    status = code;
    head = rest;
    return res;
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    chunks.push(toBuffer(chunk, encoding));
    const done = typeof encoding === 'function' ? encoding : callback;
    if (typeof done === 'function') queueMicrotask(() => (done as () => void)());
    return true;
  }) as typeof res.write;
  res.flushHeaders = () => {
    restore();
    replay();
    res.flushHeaders();
    for (const chunk of chunks) res.write(chunk);
  };
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(toBuffer(chunk, encoding));
    restore();
    const body = Buffer.concat(chunks);
    const done = [chunk, encoding, callback].find((value) => typeof value === 'function') as (() => void) | undefined;
    onEnd({
      status: status ?? res.statusCode,
      headers: headerRecord(res, head),
      body,
      release() {
        replay();
        res.end(body, done);
      },
    });
    return res;
  }) as typeof res.end;
}
