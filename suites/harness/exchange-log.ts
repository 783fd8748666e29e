import { binaryBodyNote, type HttpExchange } from '../../reports/model/result.js';
import type { HttpReply, RequestOptions } from '../http/client.js';
import { formatEndpoint, type Endpoint } from '../http/endpoint.js';
import type { CheckClient } from './context.js';
import { Violation } from './verdict.js';

const BODY_EXCERPT = 400;
const KEPT_HEADERS = ['api-version', 'content-type', 'ostype', 'server', 'docker-experimental', 'ctr-experimental', 'cache-control', 'pragma', 'location'];

/** One exchange as a report shows it; without a reply, only what was sent (a request that got no answer). */
export function toExchange(request: string, reply: HttpReply | null, endpoint?: Endpoint, requestBody?: string): HttpExchange {
  const where = endpoint === undefined ? {} : { endpoint: formatEndpoint(endpoint) };
  const sent = requestBody === undefined ? {} : { requestBody: requestBody.slice(0, BODY_EXCERPT) };
  if (reply === null) return { request, ...where, ...sent };
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (reply.headers[name] !== undefined) headers[name] = reply.headers[name];
  return { request, ...where, ...sent, status: reply.status, headers, body: reply.body.slice(0, BODY_EXCERPT) };
}

/** Sends requests and remembers them, so a violation can show exactly what was exchanged. */
export class ExchangeLog {
  readonly exchanges: HttpExchange[] = [];

  constructor(private readonly client: CheckClient) {}

  async send(method: string, path: string, options?: RequestOptions): Promise<HttpReply> {
    const reply = await this.client.request(method, path, options);
    // A clean-up is no evidence: a violation shows what the case itself sent.
    if (options?.cleanup !== true) this.exchanges.push(toExchange(`${method} ${path}`, reply, this.client.endpoint, bodyOf(options)));
    return reply;
  }

  /** Fails the check with `message` unless `condition` holds. */
  expect(condition: boolean, message: string): void {
    if (!condition) throw new Violation(message, this.exchanges);
  }
}

/**
 * The start of a request's body as a report shows it (the first BODY_EXCERPT characters), when it
 * has one: a body of megabytes is not decoded whole to keep 400 characters of it.
 */
export function bodyOf(options: RequestOptions | undefined): string | undefined {
  if (options?.json !== undefined) return JSON.stringify(options.json).slice(0, BODY_EXCERPT);
  const body = options?.body;
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body.slice(0, BODY_EXCERPT);
  // A tarball and the like: its bytes as text would be noise in a report.
  if (body.includes(0)) return binaryBodyNote(body.length);
  // A UTF-16 unit takes at most 3 bytes of UTF-8, a character at most 4: the first BODY_EXCERPT
  // units and the character they end in are whole within 4 × as many bytes.
  return body
    .subarray(0, BODY_EXCERPT * 4)
    .toString('utf8')
    .slice(0, BODY_EXCERPT);
}
