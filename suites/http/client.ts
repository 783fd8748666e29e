// The default import, read at call time, so that nock's patching of http.request is seen.
import http from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Endpoint } from './endpoint.js';

export interface HttpReply {
  readonly status: number;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface RequestOptions {
  readonly headers?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
}

export class HttpClientError extends Error {
  override readonly name = 'HttpClientError';
  constructor(
    readonly code: 'HTTP_TIMEOUT' | 'HTTP_CONNECTION' | 'HTTP_NOT_RECORDED',
    message: string,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1 << 20;

/** Sees every answer the client gets (the runner records transcripts with it). */
export type ReplyObserver = (method: string, path: string, reply: HttpReply) => void;

/** How the error a replayed target raises for a request its transcript lacks begins. */
export const NOT_RECORDED = 'CTC_NOT_RECORDED';

/** A keep-alive HTTP/1.1 client for one endpoint, on node:http (so nock can intercept it). */
export class HttpClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

  constructor(
    readonly endpoint: Endpoint,
    private readonly observe?: ReplyObserver,
  ) {}

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpReply> {
    const where = this.endpoint.kind === 'unix' ? { socketPath: this.endpoint.path } : { host: this.endpoint.host, port: this.endpoint.port };
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    return new Promise((resolve, reject) => {
      const req = http.request({ ...where, method, path, agent: this.agent, headers: { Host: 'ctrd', ...options.headers } }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < MAX_BODY_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
          }
          const reply = { status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString('utf8') };
          this.observe?.(method, path, reply);
          resolve(reply);
        });
        res.on('error', reject);
      });
      req.setTimeout(timeoutMs, () => req.destroy(new HttpClientError('HTTP_TIMEOUT', `${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error instanceof HttpClientError) return reject(error);
        if (error.message.startsWith(NOT_RECORDED) || error.code === 'ERR_NOCK_NO_MATCH' || error.message.startsWith('Nock: Disallowed net connect')) return reject(new HttpClientError('HTTP_NOT_RECORDED', `${method} ${path}: ${error.message}`));
        reject(new HttpClientError('HTTP_CONNECTION', `${method} ${path}: ${error.code ?? ''} ${error.message}`.trim()));
      });
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface RawExchange {
  /** Everything the peer sent before closing or before the time-out. */
  readonly received: string;
  /** Whether the peer closed the connection. */
  readonly closed: boolean;
}

/** Writes raw bytes on a fresh connection and collects the answer; `hangUp` closes right after writing. */
export function rawExchange(endpoint: Endpoint, bytes: Buffer | string, options: { timeoutMs?: number; hangUp?: boolean } = {}): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket: Socket = endpoint.kind === 'unix' ? connect(endpoint.path) : connect(endpoint.port, endpoint.host);
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (closed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 5_000);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      socket.write(bytes, () => {
        if (options.hangUp === true) finish(true);
      });
    });
  });
}
