// The default imports, read at call time, so that nock's patching of http.request is seen.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Endpoint, PlaybackAnswer } from './endpoint.js';
import { classify, HttpClientError, NOT_RECORDED } from './errors.js';
import { playedResponse } from './played-response.js';
import { SseParser, type ServerSentEvent } from './sse.js';

export { HttpClientError, NOT_RECORDED, type HttpClientErrorCode } from './errors.js';
export { rawExchange, type RawExchange, type RawExchangeOptions } from './raw-exchange.js';
export type { ServerSentEvent } from './sse.js';

export interface HttpReply {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** Set when the body was cut at the size cap (only with `tooLarge: 'truncate'` or `'drain'`). */
  readonly truncated?: boolean;
}

/** Defaults for every request of a client (each request may override them). */
export interface ClientOptions {
  /** Total deadline of a request, from sending it to the last byte of the answer. Default 10 s. */
  readonly timeoutMs?: number;
  /** Largest body accepted. Default 16 MiB. */
  readonly maxBodyBytes?: number;
  /** Cancels every request of this client (e.g. the runner cancelling a cell). */
  readonly signal?: AbortSignal;
}

export interface RequestOptions {
  readonly headers?: Readonly<Record<string, string>>;
  /** A request body sent as is (Content-Length is set). */
  readonly body?: string | Buffer;
  /** A request body sent as JSON, with `Content-Type: application/json` unless a header says otherwise. */
  readonly json?: unknown;
  /** Total deadline: the request ends with HTTP_TIMEOUT when the whole answer is not in by then. */
  readonly timeoutMs?: number;
  /** Ends the request with HTTP_ABORTED when raised (in addition to the client's own signal). */
  readonly signal?: AbortSignal;
  readonly maxBodyBytes?: number;
  /**
   * A body over the cap: an HTTP_BODY_TOO_LARGE error (default); the reply cut there and marked
   * `truncated` (`truncate`: the rest is not read); or read to its end, only the first bytes kept
   * and the reply marked `truncated` (`drain`: the server does all its work, the reader keeps none of it).
   */
  readonly tooLarge?: 'error' | 'truncate' | 'drain';
  /**
   * A clean-up request of a case (`DELETE …?force=1` after it): never the evidence of its verdict,
   * so a failing cell's curl and rerun lines name the request that failed, not the clean-up.
   */
  readonly cleanup?: boolean;
}

/** What was sent, for observers (transcripts record request bodies). */
export interface SentRequest {
  readonly body?: Buffer;
}

/** Sees every answer the client gets (the runner records transcripts with it). */
export type ReplyObserver = (method: string, path: string, reply: HttpReply, request?: SentRequest) => void;

/** An answer whose body is read as it arrives. */
export interface HttpStream {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body's chunks as they arrive; the deadline, signal and size cap still apply. */
  chunks(): AsyncGenerator<Buffer>;
  /** The body parsed as server-sent events; ends after `data: [DONE]` or with the body. */
  events(): AsyncGenerator<ServerSentEvent>;
  /** Stops reading and drops the connection. */
  cancel(): void;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;
/** How much of a streamed body an observer gets (a transcript keeps no more anyway). */
const OBSERVED_STREAM_BYTES = 64 * 1024;

function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** The deadline and cancellation of one request: the first failure destroys the request and its answer. */
class Guard {
  private timer: NodeJS.Timeout | undefined;
  private res: IncomingMessage | undefined;
  failure: HttpClientError | undefined;
  private readonly onAbort = (): void => this.fail(new HttpClientError('HTTP_ABORTED', `${this.what}: cancelled`));

  constructor(
    private readonly what: string,
    timeoutMs: number,
    private readonly signals: readonly AbortSignal[],
    private readonly onFail: (error: HttpClientError) => void,
  ) {
    this.timer = setTimeout(() => this.fail(new HttpClientError('HTTP_TIMEOUT', `${what}: no complete answer within ${timeoutMs} ms`)), timeoutMs);
    for (const signal of signals) signal.addEventListener('abort', this.onAbort, { once: true });
    if (signals.some((s) => s.aborted)) this.onAbort();
  }

  attach(res: IncomingMessage): void {
    this.res = res;
  }

  fail(error: HttpClientError): void {
    if (this.failure !== undefined || this.timer === undefined) return;
    this.failure = error;
    this.done();
    this.onFail(error);
    this.res?.destroy(error);
  }

  done(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    for (const signal of this.signals) signal.removeEventListener('abort', this.onAbort);
  }
}

/**
 * A server may close a kept-alive connection while a request is on its way (RFC 9112 §9.3.1); a
 * client then sends an idempotent request again, as Go's and curl's do. Only a request that got
 * no byte back on a reused connection is sent again, never one on a fresh connection: a target
 * that resets fresh connections is still seen failing.
 */
/**
 * A server may answer and close while a large body is still on its way (a daemon refusing a body
 * over its limit): the rest of the write then fails (EPIPE, ECONNRESET) on a socket whose request
 * is settled, and node raises it as an uncaught exception. The answer is what counts, and a failure
 * before it reaches the request's own error handler first; the socket's later errors are dropped.
 */
const quieted = new WeakSet<object>();
function quietAfterAnswer(socket: NodeJS.EventEmitter): void {
  if (quieted.has(socket)) return;
  quieted.add(socket);
  socket.on('error', () => {});
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE', 'TRACE']);
const MAX_STALE_RETRIES = 8;
const isStaleConnection = (error: NodeJS.ErrnoException): boolean =>
  error.code === 'ECONNRESET' || error.code === 'EPIPE' || error.message === 'socket hang up';

/** Connections shared by a client and the views made with `with()`. */
interface Pool {
  agent: http.Agent | undefined;
}

/**
 * A keep-alive HTTP/1.1 client for one endpoint, on node:http / node:https, or a recording's
 * playback (the replay target). Every request has a total deadline, an optional AbortSignal and a body size cap; paths are
 * prefixed with the endpoint's base path.
 */
export class HttpClient {
  private readonly options: ClientOptions;
  private readonly pool: Pool;

  constructor(
    readonly endpoint: Endpoint,
    private readonly observe?: ReplyObserver,
    options: ClientOptions = {},
    pool?: Pool,
  ) {
    this.options = options;
    this.pool = pool ?? { agent: undefined };
  }

  /** A client on the same connections with other defaults (e.g. a cell's AbortSignal and deadline). */
  with(options: ClientOptions): HttpClient {
    return new HttpClient(this.endpoint, this.observe, { ...this.options, ...options }, this.pool);
  }

  private agent(): http.Agent {
    if (this.pool.agent === undefined) {
      const { endpoint } = this;
      const tls = endpoint.kind === 'tcp' ? endpoint.tls : undefined;
      this.pool.agent =
        tls === undefined
          ? new http.Agent({ keepAlive: true, maxSockets: 8 })
          : new https.Agent({ keepAlive: true, maxSockets: 8, ...tls, ...(tls.servername === undefined ? {} : { servername: tls.servername }) });
    }
    return this.pool.agent;
  }

  /** Sends the request; resolves when the answer's head is in (the guard still runs for the body). */
  private send(method: string, path: string, options: RequestOptions): Promise<{ res: IncomingMessage; guard: Guard; sent: SentRequest }> {
    const what = `${method} ${path}`;
    const { endpoint } = this;
    const where = endpoint.kind === 'unix' ? { socketPath: endpoint.path } : { host: endpoint.host, port: endpoint.port };
    const headers: Record<string, string> = endpoint.kind === 'unix' ? { Host: 'ctrd' } : {};
    Object.assign(headers, options.headers);
    const hasHeader = (name: string): boolean => Object.keys(headers).some((h) => h.toLowerCase() === name);
    let body: Buffer | undefined;
    if (options.json !== undefined) {
      body = Buffer.from(JSON.stringify(options.json), 'utf8');
      if (!hasHeader('content-type')) headers['Content-Type'] = 'application/json';
    } else if (options.body !== undefined) {
      body = typeof options.body === 'string' ? Buffer.from(options.body, 'utf8') : options.body;
    }
    if (body !== undefined && !hasHeader('content-length') && !hasHeader('transfer-encoding')) headers['Content-Length'] = String(body.length);
    const signals = [options.signal, this.options.signal].filter((s): s is AbortSignal => s !== undefined);
    const timeoutMs = options.timeoutMs ?? this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const transport = endpoint.kind === 'tcp' && endpoint.tls !== undefined ? https : http;
    return new Promise((resolve, reject) => {
      let req: http.ClientRequest | undefined;
      const guard = new Guard(what, timeoutMs, signals, (error) => {
        req?.destroy(error);
        reject(error);
      });
      if (guard.failure !== undefined) return;
      const attempt = (reusedBefore: number): void => {
        let answered = false;
        const fullPath = `${endpoint.basePath ?? ''}${path}`;
        const playback = endpoint.kind === 'tcp' ? endpoint.playback : undefined;
        if (playback !== undefined) return play(playback.answer(method, fullPath, body));
        const current = transport.request({ ...where, method, path: fullPath, agent: this.agent(), headers }, (res) => {
          answered = true;
          guard.attach(res);
          // Errors are read where the body is read; one raised while nobody reads must not be uncaught.
          res.on('error', () => {});
          resolve({ res, guard, sent: body === undefined ? {} : { body } });
        });
        req = current;
        current.on('socket', quietAfterAnswer);
        current.on('error', (error: NodeJS.ErrnoException) => {
          if (
            !answered &&
            guard.failure === undefined &&
            current.reusedSocket &&
            reusedBefore < MAX_STALE_RETRIES &&
            isStaleConnection(error) &&
            IDEMPOTENT.has(method)
          ) {
            return attempt(reusedBefore + 1);
          }
          const failure = classify(what, error);
          guard.fail(failure);
          // After a failure of the guard its own error comes back here: the promise is settled already.
          reject(failure);
        });
        current.end(body);
      };
      // A recording's answer, given as the next turn of the event loop as a sent request's would be.
      const play = (answer: PlaybackAnswer): void =>
        void setImmediate(() => {
          if (guard.failure !== undefined) return;
          if ('notRecorded' in answer) {
            const failure = new HttpClientError('HTTP_NOT_RECORDED', `${what}: ${NOT_RECORDED}: ${answer.notRecorded}`);
            guard.fail(failure);
            return reject(failure);
          }
          const res = playedResponse(answer.status, answer.headers, answer.body);
          guard.attach(res);
          res.on('error', () => {});
          resolve({ res, guard, sent: body === undefined ? {} : { body } });
        });
      attempt(0);
    });
  }

  /** Sends a request and reads the whole answer, within the total deadline. */
  async request(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
    const { res, guard, sent } = await this.send(method, path, options);
    const cap = options.maxBodyBytes ?? this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const what = `${method} ${path}`;
    try {
      const { body, truncated } = await new Promise<{ body: Buffer; truncated: boolean }>((resolve, reject) => {
        // The answer may have failed between its head and this line (a HEAD answer followed by a
        // body: node's parser refuses the extra bytes at once); its 'error' and 'close' are gone.
        if (guard.failure !== undefined) return reject(guard.failure);
        if (res.destroyed && !res.complete)
          return reject(new HttpClientError('HTTP_CONNECTION', `${what}: the connection closed before the answer was complete`));
        const chunks: Buffer[] = [];
        let size = 0;
        let drained = false;
        const onData = (chunk: Buffer): void => {
          size += chunk.length;
          if (size <= cap) return void chunks.push(chunk);
          if (options.tooLarge === 'drain') {
            if (!drained) chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
            drained = true;
            return;
          }
          if (options.tooLarge === 'truncate') {
            chunks.push(chunk.subarray(0, chunk.length - (size - cap)));
            res.off('data', onData);
            res.destroy();
            return resolve({ body: Buffer.concat(chunks), truncated: true });
          }
          guard.fail(new HttpClientError('HTTP_BODY_TOO_LARGE', `${what}: the answer's body exceeds ${cap} bytes`));
        };
        res.on('data', onData);
        res.on('end', () => resolve({ body: Buffer.concat(chunks), truncated: drained }));
        res.on('error', (error: NodeJS.ErrnoException) => reject(guard.failure ?? classify(what, error)));
        res.on('close', () => {
          if (!res.complete) reject(guard.failure ?? new HttpClientError('HTTP_CONNECTION', `${what}: the connection closed before the answer was complete`));
        });
      });
      const reply: HttpReply = { status: res.statusCode ?? 0, headers: headersOf(res), body: body.toString('utf8'), ...(truncated ? { truncated } : {}) };
      this.observe?.(method, path, reply, sent);
      return reply;
    } finally {
      guard.done();
    }
  }

  /** Sends a request and hands the answer over as soon as its head is in, to read as a stream. */
  async stream(method: string, path: string, options: RequestOptions = {}): Promise<HttpStream> {
    const { res, guard, sent } = await this.send(method, path, options);
    const cap = options.maxBodyBytes ?? this.options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const what = `${method} ${path}`;
    const status = res.statusCode ?? 0;
    const headers = headersOf(res);
    const observed: Buffer[] = [];
    let observedSize = 0;
    let consumed = false;
    const cancel = (): void => {
      guard.done();
      res.destroy();
    };
    const observe = this.observe;
    async function* chunks(): AsyncGenerator<Buffer> {
      if (consumed) throw new Error(`${what}: the stream was read already`);
      consumed = true;
      let size = 0;
      let ended = false;
      try {
        for await (const chunk of res as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > cap) guard.fail(new HttpClientError('HTTP_BODY_TOO_LARGE', `${what}: the streamed body exceeds ${cap} bytes`));
          if (guard.failure !== undefined) throw guard.failure;
          if (observedSize < OBSERVED_STREAM_BYTES) {
            observed.push(chunk.subarray(0, OBSERVED_STREAM_BYTES - observedSize));
            observedSize += Math.min(chunk.length, OBSERVED_STREAM_BYTES - observedSize);
          }
          yield chunk;
        }
        if (guard.failure !== undefined) throw guard.failure;
        if (!res.complete) throw new HttpClientError('HTTP_CONNECTION', `${what}: the connection closed before the answer was complete`);
        ended = true;
      } catch (error) {
        throw guard.failure ?? (error instanceof HttpClientError ? error : classify(what, error as NodeJS.ErrnoException));
      } finally {
        if (!ended) cancel();
        guard.done();
        const truncated = observedSize < size;
        observe?.(method, path, { status, headers, body: Buffer.concat(observed).toString('utf8'), ...(truncated || !ended ? { truncated: true } : {}) }, sent);
      }
    }
    async function* events(): AsyncGenerator<ServerSentEvent> {
      const parser = new SseParser();
      const decoder = new TextDecoder();
      for await (const chunk of chunks()) {
        for (const event of parser.push(decoder.decode(chunk, { stream: true }))) {
          yield event;
          if (event.done) return;
        }
      }
      for (const event of [...parser.push(decoder.decode()), ...parser.end()]) {
        yield event;
        if (event.done) return;
      }
    }
    return { status, headers, chunks, events, cancel };
  }

  /** Closes the connections (of this client and every view made with `with()`). */
  close(): void {
    this.pool.agent?.destroy();
    this.pool.agent = undefined;
  }
}
