/**
 * A second client beside a benchmark's load: GET /_ping on the daemon every PING_EVERY_MS, each
 * latency counted from when the ping was due (so a daemon that blocks is seen even between pings).
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Endpoint } from '../suites/http/endpoint.js';
import { percentile } from './stats.js';

export const PING_EVERY_MS = 10;

/** One request with a JSON body (or none): its status and the bytes of its answer. */
export function send(
  where: Endpoint,
  agent: Agent,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs?: number,
): Promise<{ status: number; bytes: number }> {
  const address = where.kind === 'unix' ? { socketPath: where.path } : { host: where.host, port: where.port };
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        ...address,
        method,
        path,
        agent,
        headers: payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    if (timeoutMs !== undefined) req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer to ${method} ${path} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** What a caller of pingWhile may add: a deadline on each ping, and each ping as it comes (when it was due, epoch ms). */
export interface PingOptions {
  readonly timeoutMs?: number;
  readonly onPing?: (dueAtEpochMs: number, latencyMs: number) => void;
}

/** Pings until `until` settles; each ping's latency from when it was due. */
export async function pingWhile(daemon: Endpoint, until: Promise<unknown>, options: PingOptions = {}): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  let due = performance.now();
  while (!done) {
    const reply = await send(daemon, agent, 'GET', '/_ping', undefined, options.timeoutMs);
    if (reply.status !== 200) throw new Error(`/_ping answered ${reply.status}`);
    latencies.push(performance.now() - due);
    options.onPing?.(performance.timeOrigin + due, latencies[latencies.length - 1]!);
    due = performance.now() + PING_EVERY_MS;
    await new Promise((resolve) => setTimeout(resolve, PING_EVERY_MS));
  }
  agent.destroy();
  return latencies;
}

/** Latency figures of one row, with a note on what ran meanwhile. */
export interface Figures {
  readonly p50: number;
  readonly p99: number;
  readonly worst: number;
  readonly pings: number;
  readonly note: string;
}

export const figures = (latencies: number[], note: string): Figures => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), worst: sorted[sorted.length - 1]!, pings: sorted.length, note };
};
