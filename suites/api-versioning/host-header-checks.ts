import fc from 'fast-check';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { rawExchange } from '../http/client.js';
import { formatEndpoint } from '../http/endpoint.js';

/** Bytes Go takes in a host (httpguts.ValidHostHeader), and printable ones it does not. */
const HOST_CHARS = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ!$%&'()*+,-.:;=[]_~";
const NOT_HOST_CHARS = ' "#/<>?@\\^`{|}';

const hostWord = (min: number): fc.Arbitrary<string> =>
  fc.array(fc.constantFrom(...HOST_CHARS), { minLength: min, maxLength: 12 }).map((chars) => chars.join(''));

export type HostCase =
  | { readonly kind: 'valid'; readonly minor: 0 | 1; readonly host: string }
  | { readonly kind: 'none'; readonly minor: 0 | 1 }
  | { readonly kind: 'several'; readonly minor: 0 | 1; readonly hosts: readonly string[] }
  | { readonly kind: 'malformed'; readonly minor: 0 | 1; readonly host: string };

const minor = fc.constantFrom<0 | 1>(0, 1);
/** Requests with a valid Host, none, several or a malformed one (exported for the fuzz benchmark too). */
export const hostCase: fc.Arbitrary<HostCase> = fc.oneof(
  fc.record({ kind: fc.constant('valid' as const), minor, host: hostWord(0) }),
  fc.record({ kind: fc.constant('none' as const), minor }),
  // Equal values too: Go counts the lines, not the hosts.
  fc.record({
    kind: fc.constant('several' as const),
    minor,
    hosts: hostWord(1).chain((host) => fc.array(fc.oneof(fc.constant(host), hostWord(0)), { minLength: 2, maxLength: 3 })),
  }),
  // The bad byte inside the value: the parser trims spaces at its edges.
  fc.record({
    kind: fc.constant('malformed' as const),
    minor,
    host: fc.tuple(hostWord(1), fc.constantFrom(...NOT_HOST_CHARS), hostWord(1)).map(([a, bad, b]) => `${a}${bad}${b}`),
  }),
);

/** Tried first on every run: each kind of refusal, and the edge cases a server gets wrong. */
const EXAMPLES: readonly HostCase[] = [
  { kind: 'several', minor: 1, hosts: ['ctrd', 'ctrd'] },
  { kind: 'several', minor: 0, hosts: ['a', 'b'] },
  { kind: 'malformed', minor: 1, host: 'a b' },
  { kind: 'malformed', minor: 1, host: 'a/b' },
  { kind: 'none', minor: 1 },
  { kind: 'none', minor: 0 },
  { kind: 'valid', minor: 1, host: '' },
];

export const hostsOf = (c: HostCase): readonly string[] => (c.kind === 'none' ? [] : c.kind === 'several' ? c.hosts : [c.host]);

/** What Go's server answers: the reason of a refusal, or null when the request is served. */
function expectedRefusal(c: HostCase): string | null {
  if (c.kind === 'several') return 'Bad Request';
  if (c.kind === 'malformed') return 'Bad Request: malformed Host header';
  if (c.kind === 'none' && c.minor === 1) return 'Bad Request: missing required Host header';
  return null;
}

const describeCase = (c: HostCase): string =>
  `GET /_ping HTTP/1.${c.minor} with ${
    c.kind === 'none'
      ? 'no Host'
      : hostsOf(c)
          .map((h) => `Host: ${JSON.stringify(h)}`)
          .join(', ')
  }`;

/** api.http.host-header: several Host headers, a malformed one, or none on HTTP/1.1 → Go's 400 and a closed connection. */
export const hostHeaderCheck: RuleCheck = {
  rule: 'api.http.host-header',
  documentedItems: () => ['several', 'malformed', 'none:1.1', 'none:1.0', 'valid'],
  run(ctx, _api, options) {
    return checkProperty(
      hostCase,
      async (c) => {
        options.coverage?.hit(c.kind === 'none' ? `none:1.${c.minor}` : c.kind);
        const log = new ExchangeLog(ctx.client);
        const head = hostsOf(c)
          .map((host) => `Host: ${host}\r\n`)
          .join('');
        const answer = await rawExchange(ctx.instance.endpoint, `GET /_ping HTTP/1.${c.minor}\r\n${head}Connection: close\r\n\r\n`, {
          timeoutMs: 15_000,
          maxBytes: 4096,
        });
        const [statusLine = ''] = answer.received.split('\r\n', 1);
        const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
        const exchange = {
          request: `${describeCase(c)} (raw bytes)`,
          endpoint: formatEndpoint(ctx.instance.endpoint),
          ...(Number.isNaN(status) ? {} : { status }),
          body: answer.received.slice(0, 400),
        };
        ctx.client.note?.(exchange);
        log.exchanges.push(exchange);
        const reason = expectedRefusal(c);
        if (reason === null) {
          log.expect(status === 200, `${describeCase(c)} should be served, got ${JSON.stringify(statusLine)}`);
          return;
        }
        log.expect(
          statusLine === `HTTP/1.1 400 ${reason}`,
          `${describeCase(c)} should be refused with "HTTP/1.1 400 ${reason}", got ${JSON.stringify(statusLine)}`,
        );
        const body = answer.received.slice(answer.received.indexOf('\r\n\r\n') + 4);
        log.expect(body === `400 ${reason}`, `the refusal of ${describeCase(c)} should say "400 ${reason}", got ${JSON.stringify(body.slice(0, 200))}`);
        log.expect(answer.closed, `after refusing ${describeCase(c)} the daemon should close the connection`);
      },
      { ...options, numRuns: Math.max(Math.min(options.numRuns, 30), EXAMPLES.length) },
      "several Host headers, a malformed Host and a missing one (HTTP/1.1) were refused with Go's 400 and a close; valid, empty and HTTP/1.0 requests without Host were served",
      EXAMPLES,
    );
  },
};
