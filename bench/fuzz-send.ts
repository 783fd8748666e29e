/** Sends one case of the fuzz campaign on its listener, within a deadline, and says what came back. */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Endpoint } from '../suites/http/endpoint.js';
import { rawExchange } from '../suites/http/raw-exchange.js';
import { rawBytes, type HttpCase, type RawCase } from './fuzz-cases.js';

/** A listener as the campaign reaches it: its endpoint (with the runner's socket prefix as basePath) and a keep-alive agent for HTTP cases. */
export interface Route {
  readonly endpoint: Endpoint;
  readonly agent: HttpAgent;
}

export function routeTo(endpoint: Endpoint, maxSockets: number): Route {
  const options = { keepAlive: true, maxSockets };
  return { endpoint, agent: endpoint.kind === 'tcp' && endpoint.tls !== undefined ? new HttpsAgent(options) : new HttpAgent(options) };
}

/**
 * What a case got: an HTTP status; `closed`: the connection ended with no answer; `hang`: neither
 * an answer nor a close within the deadline; `held`: a partial request the daemon waited on until
 * the client gave up (what it should do).
 */
export type Outcome = { readonly status: number } | 'closed' | 'hang' | 'held';

const basePathOf = (endpoint: Endpoint): string => endpoint.basePath ?? '';

/** A well-formed request on the route's keep-alive agent; the answer read to its end. */
export function sendHttp(route: Route, c: HttpCase, deadlineMs: number): Promise<Outcome> {
  const { endpoint, agent } = route;
  const address = endpoint.kind === 'unix' ? { socketPath: endpoint.path } : { host: endpoint.host, port: endpoint.port, ...endpoint.tls };
  const secure = endpoint.kind === 'tcp' && endpoint.tls !== undefined;
  const body = c.body === undefined ? undefined : Buffer.from(c.body, 'latin1');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (outcome: Outcome): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const onAnswer = (res: IncomingMessage): void => {
      res.resume();
      res.on('end', () => settle({ status: res.statusCode ?? 0 }));
      res.on('error', () => settle('closed'));
    };
    const options = {
      ...address,
      agent,
      method: c.method,
      path: `${basePathOf(endpoint)}${c.path}`,
      headers: {
        ...(c.contentType === undefined ? {} : { 'Content-Type': c.contentType }),
        ...(body === undefined ? {} : { 'Content-Length': body.length }),
      },
    };
    const req = secure ? httpsRequest(options, onAnswer) : httpRequest(options, onAnswer);
    const timer = setTimeout(() => {
      settle('hang');
      req.destroy();
    }, deadlineMs);
    req.on('error', () => settle('closed'));
    req.end(body);
  });
}

/** Raw bytes on a fresh connection; a partial request is held until `holdMs`, anything else must be answered or closed within `deadlineMs`. */
export async function sendRaw(route: Route, c: RawCase, deadlineMs: number, holdMs: number): Promise<Outcome> {
  const partial = c.spec.what === 'partial-request';
  const answer = await rawExchange(route.endpoint, rawBytes(c, basePathOf(route.endpoint)), {
    timeoutMs: partial ? holdMs : deadlineMs,
    endAfterWrite: c.end,
    untilHead: true,
    maxBytes: 4096,
  });
  if (answer.received !== '') return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer.received)?.[1] ?? 0) };
  if (answer.closed) return 'closed';
  return partial ? 'held' : 'hang';
}
