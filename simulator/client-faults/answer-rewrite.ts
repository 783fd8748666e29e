import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';

/** A streaming answer (events, logs) never ends: what it wrote by then is rewritten and the answer ended. */
export const REWRITE_AFTER_MS = 2_000;
export const REWRITE_AFTER_BYTES = 1024 * 1024;

type Headers = OutgoingHttpHeaders | readonly unknown[] | undefined;

/** writeHead's headers (an object, a flat [name, value, …] list or a list of pairs) set one by one, so they stay changeable. */
function setHeaders(res: ServerResponse, headers: Headers): void {
  if (headers === undefined) return;
  if (!Array.isArray(headers)) {
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined && value !== null) res.setHeader(name, value as string | number | readonly string[]);
    return;
  }
  const pairs: [string, string][] = Array.isArray(headers[0])
    ? (headers as [string, string][])
    : Array.from({ length: headers.length / 2 }, (_, i) => [String(headers[2 * i]), String(headers[2 * i + 1])] as [string, string]);
  // Repeated names (Set-Cookie) are kept as a list.
  const seen = new Map<string, string[]>();
  for (const [name, value] of pairs) seen.set(name.toLowerCase(), [...(seen.get(name.toLowerCase()) ?? []), value]);
  for (const [name, values] of seen) res.setHeader(name, values.length === 1 ? values[0]! : values);
}

/**
 * Holds an answer back until the handler ends it (or REWRITE_AFTER_MS / REWRITE_AFTER_BYTES
 * pass), then sends `rewrite(body)` instead, its Content-Length its own: a well-framed answer
 * whose body is what the fault makes of it. Writes after that are dropped.
 */
export function rewriteBody(res: ServerResponse, rewrite: (body: Buffer) => Buffer): void {
  const end = res.end.bind(res) as (chunk: Buffer, callback?: () => void) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const parts: Buffer[] = [];
  let size = 0;
  let finished = false;
  const finish = (callback?: () => void): void => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    const body = rewrite(Buffer.concat(parts));
    res.removeHeader('transfer-encoding');
    res.setHeader('content-length', body.length);
    // The original writeHead: node's implicit one would call the patched one, which holds the head back.
    writeHead(res.statusCode);
    end(body, callback);
  };
  const timer = setTimeout(finish, REWRITE_AFTER_MS);
  res.once('close', () => clearTimeout(timer));
  const keep = (chunk: unknown, encoding: unknown): void => {
    if (finished || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const bytes =
      typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
    parts.push(bytes);
    size += bytes.length;
    if (size >= REWRITE_AFTER_BYTES) finish();
  };
  res.writeHead = ((status: number, reason?: unknown, headers?: Headers) => {
    if (finished) return res;
    res.statusCode = status;
    if (typeof reason === 'string') res.statusMessage = reason;
    setHeaders(res, typeof reason === 'string' ? headers : (reason as Headers));
    return res;
  }) as ServerResponse['writeHead'];
  res.flushHeaders = () => {};
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    const cb = [encoding, callback].find((arg): arg is () => void => typeof arg === 'function');
    cb?.();
    return true;
  }) as ServerResponse['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    keep(chunk, encoding);
    finish([chunk, encoding, callback].find((arg): arg is () => void => typeof arg === 'function'));
    return res;
  }) as ServerResponse['end'];
}

/** Half the body, or `keepBytes` of it. */
export const truncated =
  (keepBytes: number | undefined) =>
  (body: Buffer): Buffer =>
    body.subarray(0, Math.min(body.length, keepBytes ?? Math.floor(body.length / 2)));

/**
 * A NUL byte put before the body's middle byte: no JSON text holds a raw NUL (outside a string it
 * is no token, inside one a control character must be escaped). Never at the end, where a
 * decoder that reads one value (Go's json.Decoder) would not see it.
 */
export const malformed = (body: Buffer): Buffer => {
  const at = Math.floor(body.length / 2);
  return Buffer.concat([body.subarray(0, at), Buffer.from([0]), body.subarray(at)]);
};

/** Every answer the handler starts carries `contentType` instead of its own. */
export function replaceContentType(res: ServerResponse, contentType: string): void {
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const before = (): void => {
    if (!res.headersSent) res.setHeader('content-type', contentType);
  };
  res.writeHead = ((status: number, reason?: unknown, headers?: Headers) => {
    if (typeof reason === 'string') res.statusMessage = reason;
    setHeaders(res, typeof reason === 'string' ? headers : (reason as Headers));
    res.setHeader('content-type', contentType);
    return writeHead(status);
  }) as ServerResponse['writeHead'];
  for (const method of ['write', 'end', 'flushHeaders'] as const) {
    const original = res[method].bind(res) as (...args: unknown[]) => unknown;
    (res as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      before();
      return original(...args);
    };
  }
}
