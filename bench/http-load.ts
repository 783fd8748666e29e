import { type Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { percentile } from './stats.js';

/** Closed-loop HTTP load over TCP 127.0.0.1 for the model runner's benchmark sections. */

export interface Base {
  readonly port: number;
  readonly agent: Agent;
}

export function send(base: Base, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port: base.port,
        method,
        path,
        agent: base.agent,
        headers: payload === undefined ? {} : { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Load {
  readonly p50: number;
  readonly p99: number;
  readonly perSecond: number;
  /** How many answers were counted. */
  readonly answers: number;
}

/** Closed-loop clients, each sending while `more()` says so; every answer must be 200. */
async function closedLoop(base: Base, clients: number, more: () => boolean, path: string, body: unknown, method: string): Promise<Load> {
  const latencies: number[] = [];
  const begin = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (more()) {
        const start = performance.now();
        const reply = await send(base, method, path, body);
        latencies.push(performance.now() - start);
        if (reply.status !== 200) throw new Error(`${method} ${path} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
      }
    }),
  );
  const seconds = (performance.now() - begin) / 1000;
  latencies.sort((x, y) => x - y);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), perSecond: latencies.length / seconds, answers: latencies.length };
}

/** `total` requests from `clients` closed-loop clients; every answer must be 200. */
export function load(base: Base, clients: number, total: number, path: string, body: unknown, method = 'POST'): Promise<Load> {
  let sent = 0;
  return closedLoop(base, clients, () => sent++ < total, path, body, method);
}

/** As many requests as `clients` closed-loop clients complete in `ms`; every answer must be 200. */
export function loadFor(base: Base, clients: number, ms: number, path: string, body: unknown, method = 'POST'): Promise<Load> {
  const until = performance.now() + ms;
  return closedLoop(base, clients, () => performance.now() < until, path, body, method);
}
