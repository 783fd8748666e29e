import fc from 'fast-check';
import { unknownPath, wrongMethod } from '../arbitraries/requests.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { rawExchange } from '../http/client.js';
import { messageOf, PAGE_NOT_FOUND } from '../laws/expect.js';

export const pingCheck: RuleCheck = {
  rule: 'api.ping',
  run: (ctx, _api, options) =>
    checkProperty(
      fc.constantFrom('GET', 'HEAD'),
      async (method) => {
        const log = new ExchangeLog(ctx.client);
        const reply = await log.send(method, '/_ping');
        log.expect(reply.status === 200, `${method} /_ping should answer 200, got ${reply.status}`);
        log.expect(
          reply.body === (method === 'GET' ? 'OK' : ''),
          `${method} /_ping body should be ${method === 'GET' ? '"OK"' : 'empty'}, got ${JSON.stringify(reply.body)}`,
        );
        log.expect(
          reply.headers['cache-control'] === 'no-cache, no-store, must-revalidate',
          `Cache-Control should forbid caching, got ${String(reply.headers['cache-control'])}`,
        );
        log.expect(reply.headers['pragma'] === 'no-cache', `Pragma should be no-cache, got ${String(reply.headers['pragma'])}`);
      },
      { ...options, numRuns: Math.min(options.numRuns, 10) },
      '/_ping answers OK, uncached',
    ),
};

export const notFoundCheck: RuleCheck = {
  rule: 'api.not-found',
  run: (ctx, _api, options) =>
    checkProperty(
      fc.oneof(
        fc.tuple(fc.constant('GET'), unknownPath),
        wrongMethod,
        fc.tuple(
          fc.constantFrom('GET', 'POST', 'DELETE'),
          unknownPath.map((path) => `/v${ctx.expectedMax}${path}`),
        ),
      ),
      async ([method, path]) => {
        const log = new ExchangeLog(ctx.client);
        const reply = await log.send(method, path);
        log.expect(reply.status === 404, `${method} ${path} should answer 404, got ${reply.status}`);
        // An answer to HEAD has no body to read a message from.
        if (method !== 'HEAD')
          log.expect(
            messageOf(reply) === PAGE_NOT_FOUND,
            `${method} ${path}: message should be ${JSON.stringify(PAGE_NOT_FOUND)}, got ${JSON.stringify(messageOf(reply))}`,
          );
      },
      options,
      'unknown paths and methods answer 404',
      // Tried first on every run: HEAD on a GET-only route, which a router may answer with the GET route.
      [['HEAD', '/version']],
    ),
};

export type BadInput =
  | { readonly kind: 'huge-header'; readonly size: number }
  | { readonly kind: 'garbage'; readonly bytes: Uint8Array }
  | { readonly kind: 'hang-up'; readonly cut: number };

/** The request a hang-up cuts short. */
export const REQUEST = 'GET /_ping HTTP/1.1\r\nHost: ctrd\r\nUser-Agent: ctr-conformance\r\n\r\n';

/** Raw bad input of api.robustness: a huge header, garbage bytes, a request cut short (the fuzz benchmark sends it too). */
export const badInput: fc.Arbitrary<BadInput> = fc.oneof(
  fc.integer({ min: 1_100_000, max: 1_300_000 }).map((size) => ({ kind: 'huge-header', size }) as const),
  // Starts with a control byte no HTTP method can start with (not CR or LF, which a server may skip
  // before a request line) and ends the line, so the server has a whole request line to refuse.
  fc
    .tuple(
      fc.integer({ min: 0, max: 31 }).filter((b) => b !== 10 && b !== 13),
      fc.uint8Array({ minLength: 0, maxLength: 256 }),
    )
    .map(([first, rest]) => ({ kind: 'garbage', bytes: Uint8Array.of(first, ...rest, 13, 10, 13, 10) }) as const),
  fc.integer({ min: 1, max: REQUEST.length - 1 }).map((cut) => ({ kind: 'hang-up', cut }) as const),
);

const show = (input: BadInput): string =>
  input.kind === 'huge-header'
    ? `a ${input.size}-byte header`
    : input.kind === 'garbage'
      ? `${input.bytes.length} non-HTTP bytes`
      : `a request cut after ${input.cut} bytes`;

export const robustnessCheck: RuleCheck = {
  rule: 'api.robustness',
  run: (ctx, _api, options) =>
    checkProperty(
      badInput,
      async (input) => {
        const log = new ExchangeLog(ctx.client);
        if (input.kind === 'hang-up') {
          await rawExchange(ctx.instance.endpoint, REQUEST.slice(0, input.cut), { hangUp: true });
        } else {
          const bytes =
            input.kind === 'huge-header' ? `GET /_ping HTTP/1.1\r\nHost: ctrd\r\nX-Big: ${'a'.repeat(input.size)}\r\n\r\n` : Buffer.from(input.bytes);
          // Generous: a loaded CI machine must not turn a slow refusal into "kept the connection open".
          const answer = await rawExchange(ctx.instance.endpoint, bytes, { timeoutMs: 15_000 });
          const statusLine = answer.received.split('\r\n', 1)[0] ?? '';
          const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
          log.expect(
            answer.closed || (status >= 400 && status < 500),
            `after ${show(input)} the daemon should answer 4xx or close, got ${JSON.stringify(statusLine)} and kept the connection open`,
          );
          log.expect(
            Number.isNaN(status) || (status >= 400 && status < 500),
            `after ${show(input)} the daemon answered ${JSON.stringify(statusLine)}, not a 4xx error`,
          );
        }
        const ping = await log.send('GET', '/_ping');
        log.expect(ping.status === 200, `after ${show(input)}, /_ping should still answer 200, got ${ping.status}`);
      },
      { ...options, numRuns: Math.min(options.numRuns, 30) },
      'bad input is refused and the daemon keeps serving',
    ),
};
