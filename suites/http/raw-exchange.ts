import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';
import type { Endpoint } from './endpoint.js';

export interface RawExchange {
  /** Everything the peer sent before closing or before the time-out. */
  readonly received: string;
  /** Whether the peer closed the connection. */
  readonly closed: boolean;
}

export interface RawExchangeOptions {
  /** How long to collect the answer; default 5 s. The exchange always ends by then. */
  readonly timeoutMs?: number;
  /** Close right after writing. */
  readonly hangUp?: boolean;
  /** End the stream after writing (the peer reads end of stream) and wait for its answer or close. */
  readonly endAfterWrite?: boolean;
  /** Ends the exchange (closed: false) as soon as a whole answer head has come, instead of waiting for a close. */
  readonly untilHead?: boolean;
  /** Ends the exchange early (as a time-out would) when raised. */
  readonly signal?: AbortSignal;
  /** Most bytes kept of the answer; default 1 MiB (the rest is read and dropped). */
  readonly maxBytes?: number;
}

function open(endpoint: Endpoint): Socket {
  if (endpoint.kind === 'unix') return connectTcp(endpoint.path);
  if (endpoint.tls === undefined) return connectTcp(endpoint.port, endpoint.host);
  const { servername, ...tls } = endpoint.tls;
  return connectTls({ host: endpoint.host, port: endpoint.port, ...tls, ...(servername === undefined ? {} : { servername }) });
}

/** Writes raw bytes on a fresh connection and collects the answer; `hangUp` closes right after writing. */
export function rawExchange(endpoint: Endpoint, bytes: Buffer | string, options: RawExchangeOptions = {}): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = open(endpoint);
    const chunks: Buffer[] = [];
    const maxBytes = options.maxBytes ?? 1 << 20;
    let size = 0;
    let settled = false;
    const finish = (closed: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve({ received: Buffer.concat(chunks).toString('latin1'), closed });
    };
    const onAbort = (): void => finish(false);
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 5_000);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted === true) return finish(false);
    socket.on('data', (chunk: Buffer) => {
      if (size < maxBytes) chunks.push(chunk.subarray(0, maxBytes - size));
      size += chunk.length;
      if (options.untilHead === true && Buffer.concat(chunks).includes('\r\n\r\n')) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.once(endpoint.kind === 'tcp' && endpoint.tls !== undefined ? 'secureConnect' : 'connect', () => {
      const written = (): void => {
        if (options.hangUp === true) finish(true);
      };
      if (options.endAfterWrite === true) socket.end(bytes, written);
      else socket.write(bytes, written);
    });
  });
}
