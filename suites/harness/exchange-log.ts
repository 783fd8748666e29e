import type { HttpExchange } from '../../reports/model/result.js';
import type { HttpClient, HttpReply, RequestOptions } from '../http/client.js';
import { Violation } from './verdict.js';

const BODY_EXCERPT = 400;
const KEPT_HEADERS = ['api-version', 'content-type', 'ostype', 'server', 'docker-experimental', 'ctr-experimental', 'cache-control', 'pragma'];

export function toExchange(request: string, reply: HttpReply): HttpExchange {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (reply.headers[name] !== undefined) headers[name] = reply.headers[name];
  return { request, status: reply.status, headers, body: reply.body.slice(0, BODY_EXCERPT) };
}

/** Sends requests and remembers them, so a violation can show exactly what was exchanged. */
export class ExchangeLog {
  readonly exchanges: HttpExchange[] = [];

  constructor(private readonly client: HttpClient) {}

  async send(method: string, path: string, options?: RequestOptions): Promise<HttpReply> {
    const reply = await this.client.request(method, path, options);
    this.exchanges.push(toExchange(`${method} ${path}`, reply));
    return reply;
  }

  /** Fails the check with `message` unless `condition` holds. */
  expect(condition: boolean, message: string): void {
    if (!condition) throw new Violation(message, this.exchanges);
  }
}
