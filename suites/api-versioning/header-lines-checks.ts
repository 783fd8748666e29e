import fc from 'fast-check';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { unobserved } from '../harness/release-facts.js';
import { skipped } from '../harness/verdict.js';
import { rawExchange } from '../http/client.js';
import { formatEndpoint } from '../http/endpoint.js';

/** Most header lines tried on a release without a limit. */
const UNLIMITED_UP_TO = 2000;

/** `GET /_ping` with `lines` header lines, Host and Connection: close included (so every answer ends the exchange). */
function requestWith(lines: number): string {
  const extra = Array.from({ length: Math.max(0, lines - 2) }, (_, i) => `X-Ctc-${i}: v\r\n`).join('');
  return `GET /_ping HTTP/1.1\r\nHost: ctrd\r\nConnection: close\r\n${extra}\r\n`;
}

export const headerLinesCheck: RuleCheck = {
  rule: 'api.limits.header-lines',
  run(ctx, _api, options) {
    const limit = ctx.observed?.headerLineLimit ?? null;
    if (limit === null) {
      return Promise.resolve(skipped(unobserved(ctx, 'its limit on header lines is not known')));
    }
    const lines = fc.integer({ min: 2, max: limit === 'none' ? UNLIMITED_UP_TO : 2 * limit });
    // Tried first on every run: a limit off by one must not slip through.
    const boundaries = limit === 'none' ? [UNLIMITED_UP_TO] : [limit, limit + 1];
    return checkProperty(
      lines,
      async (count) => {
        const log = new ExchangeLog(ctx.client);
        const answer = await rawExchange(ctx.instance.endpoint, requestWith(count), { timeoutMs: 15_000, maxBytes: 4096 });
        const statusLine = answer.received.split('\r\n', 1)[0] ?? '';
        const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
        const exchange = {
          request: `GET /_ping with ${count} header lines (raw bytes)`,
          endpoint: formatEndpoint(ctx.instance.endpoint),
          ...(Number.isNaN(status) ? {} : { status }),
          body: answer.received.slice(0, 400),
        };
        ctx.client.note?.(exchange);
        log.exchanges.push(exchange);
        if (limit !== 'none' && count > limit) {
          log.expect(
            status === 431,
            `GET /_ping with ${count} header lines is above the limit of ${limit} and should be refused with 431, got ${JSON.stringify(statusLine)}`,
          );
          log.expect(answer.closed, `after refusing ${count} header lines the daemon should close the connection`);
        } else {
          log.expect(
            status === 200,
            `GET /_ping with ${count} header lines${limit === 'none' ? '' : ` (limit ${limit})`} should be served, got ${JSON.stringify(statusLine)}`,
          );
        }
      },
      { ...options, numRuns: Math.min(options.numRuns, 20) },
      limit === 'none' ? `requests of up to ${UNLIMITED_UP_TO} header lines are served` : `${limit} header lines are served, more are refused with 431`,
      boundaries,
    );
  },
};
