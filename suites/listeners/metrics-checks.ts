import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';
import type { HttpReply } from '../http/client.js';
import { inRange } from '../../common/dotted-version.js';
import type { StartRequest } from '../targets/target.js';
import { withFreePort } from './ports.js';
import { parsePrometheusText } from './prometheus-text.js';
import { suiteName } from '../arbitraries/values.js';

/** Starts with --metrics-addr on a free port and runs `probe` with a client for that address. */
async function withMetrics(
  ctx: SuiteContext,
  experimental: boolean,
  probe: (get: (path: string) => Promise<HttpReply | Error>) => Promise<void>,
): Promise<void> {
  await withFreePort(async (port) => {
    const request: StartRequest = { args: [...(experimental ? ['--experimental'] : []), '--metrics-addr', `127.0.0.1:${port}`] };
    const outcome = await startWith(ctx, request, async (log) => {
      const ping = await log.send('GET', '/_ping');
      log.expect(ping.status === 200, `GET /_ping answered ${ping.status}`);
      const client = ctx.clientFor({ kind: 'tcp', host: '127.0.0.1', port });
      try {
        await probe((path) => client.request('GET', path, { timeoutMs: 5_000 }).catch((error: Error) => error));
      } finally {
        client.close();
      }
    });
    if (!outcome.served) throw new Violation(`the daemon did not serve (${describe(request)}): ${excerpt(outcome.output)}`);
  });
}

export const metricsServedCheck: RuleCheck = {
  rule: 'metrics.served',
  run(ctx, _api, options) {
    return checkProperty(
      fc.constant(null),
      () =>
        withMetrics(ctx, true, async (get) => {
          const reply = await get('/metrics');
          if (reply instanceof Error) throw new Violation(`GET /metrics on the metrics address failed: ${reply.message}`);
          if (reply.status !== 200) throw new Violation(`GET /metrics answered ${reply.status}`);
          const type = String(reply.headers['content-type'] ?? '');
          if (!/^text\/plain;\s*version=0\.0\.4/.test(type))
            throw new Violation(`GET /metrics answered Content-Type ${JSON.stringify(type)}, not the text format 0.0.4`);
          const families = parsePrometheusText(reply.body);
          if (families.length === 0) throw new Violation('the Prometheus text parser found no metric family in /metrics');
          for (const family of families) {
            for (const metric of family.metrics) {
              if (metric.value !== undefined && Number.isNaN(Number(metric.value)) && !/^[+-]?Inf$|^NaN$/.test(metric.value))
                throw new Violation(`metric ${family.name} has the value ${JSON.stringify(metric.value)}, not a number`);
            }
          }
        }),
      { ...options, numRuns: 1 },
      'with experimental on, /metrics is the Prometheus text format, readable by a parser',
    );
  },
};

export const metricsExperimentalCheck: RuleCheck = {
  rule: 'metrics.requires-experimental',
  run(ctx, _api, options) {
    return checkProperty(
      fc.constant(null),
      () =>
        withMetrics(ctx, false, async (get) => {
          const reply = await get('/metrics');
          if (!(reply instanceof Error) && reply.status === 200)
            throw new Violation('without experimental mode GET /metrics on the metrics address answered 200');
        }),
      { ...options, numRuns: 1 },
      'without experimental mode nothing serves /metrics',
    );
  },
};

export const metricsOtherPathsCheck: RuleCheck = {
  rule: 'metrics.other-paths',
  run(ctx, _api, options) {
    const path = fc.oneof(
      fc.constantFrom('/_ping', '/version', '/info', '/metrics/', '/metrics/x'),
      suiteName(6).map((n) => `/${n}`),
      suiteName(6).map((n) => `/metrics/${n}`),
    );
    return checkProperty(
      fc.array(path, { minLength: 1, maxLength: 4 }),
      (paths) =>
        withMetrics(ctx, true, async (get) => {
          for (const p of paths) {
            const reply = await get(p);
            if (reply instanceof Error) throw new Violation(`GET ${p} on the metrics address failed: ${reply.message}`);
            if (reply.status !== 404) throw new Violation(`GET ${p} on the metrics address answered ${reply.status}, not 404`);
          }
        }),
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'the metrics address answers 404 for every path but /metrics',
      // The daemon's own path and the ones under /metrics/ (a subtree pattern serves them), whatever the seed.
      [['/_ping', '/metrics/', '/metrics/x']],
    );
  },
};

const ORIGIN = fc.oneof(
  fc.constant('*'),
  suiteName(6).map((n) => `http://${n}.example`),
);

/** The variable 27.x asks for (daemon.md › Errors: CTRD_DEPRECATED_CORS_HEADER), under the brand's daemon name. */
const corsVariable = (ctx: SuiteContext): string => `${ctx.profile.names.envPrefix.slice(0, -1)}D_DEPRECATED_CORS_HEADER`;

/** The forms of the option a release of each range is tried with. */
const corsForms = (release: string | null): readonly string[] =>
  release !== null && inRange(release, { min: '28.0' })
    ? ['removed']
    : release !== null && inRange(release, { min: '27.0', max: '27.99' })
      ? ['27:without-variable', '27:with-variable']
      : ['works'];

export const corsHeaderCheck: RuleCheck = {
  rule: 'listen.cors-header',
  documentedItems: (ctx) => corsForms(ctx.release?.release ?? null),
  run(ctx, _api, options) {
    const release = ctx.release?.release ?? null;
    const forms = corsForms(release);
    return checkProperty(
      fc.record({ origin: ORIGIN, form: fc.constantFrom(...forms), value: suiteName(4) }),
      async ({ origin, form, value }) => {
        options.coverage?.hit(form);
        const request: StartRequest = { args: ['--api-cors-header', origin], ...(form === '27:with-variable' ? { env: { [corsVariable(ctx)]: value } } : {}) };
        if (form === 'removed') {
          await expectRefused(ctx, request, ['api-cors-header'], `--api-cors-header ${origin}`);
          return;
        }
        // In 27.x the option has no effect unless the variable is set non-empty (daemon.md › Errors).
        const expected = form === '27:without-variable' ? undefined : origin;
        const outcome = await startWith(ctx, request, async (log) => {
          for (const path of ['/_ping', '/version']) {
            const reply = await log.send('GET', path);
            const header = reply.headers['access-control-allow-origin'];
            log.expect(
              header === expected,
              `GET ${path} carried Access-Control-Allow-Origin ${JSON.stringify(header)}, not ${expected === undefined ? 'none (27.x without the variable)' : JSON.stringify(expected)}`,
            );
          }
        });
        if (!outcome.served) throw new Violation(`the daemon did not serve (${describe(request)}): ${excerpt(outcome.output)}`);
      },
      { ...options, numRuns: Math.min(2, ctx.numStarts) },
      'before 27.0 every answer carries the CORS origin; in 27.x only with the variable; from 28.0 the option is refused',
      forms.map((form) => ({ origin: '*', form, value: 'x' })),
    );
  },
  applies(ctx) {
    return ctx.release === null || ctx.release === undefined ? 'the release decides what the option does, and it is not known' : null;
  },
};

export const METRICS_CHECKS: readonly RuleCheck[] = [metricsServedCheck, metricsExperimentalCheck, metricsOtherPathsCheck, corsHeaderCheck];
