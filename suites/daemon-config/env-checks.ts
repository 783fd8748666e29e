import fc from 'fast-check';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { notApplicable, Violation } from '../harness/verdict.js';
import { releaseAtLeast } from '../harness/release-facts.js';
import type { StartRequest } from '../targets/target.js';
import { distinctLabels, domain, name, port } from '../arbitraries/values.js';
import { describe, expectServedInfo } from '../harness/start-and-inspect.js';

/** A proxy URL, with user information (and a password) or without. */
const proxyUrl = fc.record({
  scheme: fc.constantFrom('http', 'https', 'socks5'),
  host: name(8).map((h) => `${h}.example`),
  port: port,
  user: fc.option(name(6), { nil: undefined }),
  password: fc.option(
    name(6).map((p) => `pw${p}Q`),
    { nil: undefined },
  ),
});
type ProxyUrl = typeof proxyUrl extends fc.Arbitrary<infer T> ? T : never;

const urlText = (u: ProxyUrl): string =>
  `${u.scheme}://${u.user === undefined ? '' : `${u.user}${u.password === undefined ? '' : `:${u.password}`}@`}${u.host}:${u.port}`;

/**
 * Whether `shown` is `u` as /info may show it: the same URL when it has no password; with one,
 * the same scheme, host and port and the password nowhere in it (masked as the real daemons do).
 */
function shownAs(shown: unknown, u: ProxyUrl): boolean {
  if (typeof shown !== 'string') return false;
  if (u.password === undefined && u.user === undefined) return shown === urlText(u);
  if (u.password !== undefined && shown.includes(u.password)) return false;
  try {
    const parsed = new URL(shown);
    return parsed.protocol === `${u.scheme}:` && parsed.hostname === u.host && parsed.port === String(u.port);
  } catch {
    return false;
  }
}

const FIELDS = [
  { variable: 'HTTP_PROXY', field: 'HttpProxy', option: 'http-proxy' },
  { variable: 'HTTPS_PROXY', field: 'HttpsProxy', option: 'https-proxy' },
] as const;

export const proxyEnvCheck: RuleCheck = {
  rule: 'config.env.proxy',
  run(ctx, _api, options) {
    const arb = fc.record({
      http: fc.option(proxyUrl, { nil: undefined }),
      https: fc.option(proxyUrl, { nil: undefined }),
      noProxy: fc.option(
        fc
          .uniqueArray(
            fc.oneof(
              domain,
              domain.map((d) => `.${d}`),
              fc.constant('127.0.0.1'),
            ),
            { minLength: 1, maxLength: 3 },
          )
          .map((l) => l.join(',')),
        { nil: undefined },
      ),
    });
    return checkProperty(
      arb,
      async ({ http, https, noProxy }) => {
        const env: Record<string, string> = {};
        if (http !== undefined) env['HTTP_PROXY'] = urlText(http);
        if (https !== undefined) env['HTTPS_PROXY'] = urlText(https);
        if (noProxy !== undefined) env['NO_PROXY'] = noProxy;
        const request: StartRequest = { env };
        const { info, log } = await expectServedInfo(ctx, request, 'proxy variables');
        for (const [{ field, variable }, u] of [
          [FIELDS[0], http],
          [FIELDS[1], https],
        ] as const) {
          const want = u === undefined ? '' : urlText(u);
          const ok = u === undefined ? info[field] === '' || info[field] === undefined : shownAs(info[field], u);
          if (!ok) throw new Violation(`${variable}=${want}: GET /info ${field} is ${JSON.stringify(info[field])} (${describe(request)})`, log);
        }
        const wantNo = noProxy ?? '';
        if ((info['NoProxy'] ?? '') !== wantNo)
          throw new Violation(`NO_PROXY=${wantNo}: GET /info NoProxy is ${JSON.stringify(info['NoProxy'])} (${describe(request)})`, log);
      },
      { ...options, numRuns: ctx.numStarts },
      'HTTP_PROXY, HTTPS_PROXY and NO_PROXY are shown by /info, passwords masked',
    );
  },
};

export const proxyPrecedenceCheck: RuleCheck = {
  rule: 'config.env.proxy-precedence',
  run(ctx, _api, options) {
    const plain = fc.tuple(name(8), port).map(([h, p]) => `http://${h}.example:${p}`);
    const arb = fc.record({
      which: fc.constantFrom(0, 1, 2),
      env: plain,
      set: plain,
      byFlag: fc.boolean(),
    });
    const all = [...FIELDS, { variable: 'NO_PROXY', field: 'NoProxy', option: 'no-proxy' }] as const;
    // "daemon version 23.0 and later": strict, it qualifies the file fields only; the other reading, the flags too.
    const fileFieldsRequired = releaseAtLeast(ctx, '23.0');
    if (!fileFieldsRequired && options.reading === 'other')
      return Promise.resolve(notApplicable('the other reading: neither the flags nor the file fields are required before 23.0'));
    return checkProperty(
      fileFieldsRequired ? arb : arb.map((c) => ({ ...c, byFlag: true })),
      async ({ which, env, set, byFlag }) => {
        const entry = all[which]!;
        const envValue = entry.option === 'no-proxy' ? `env-${env.slice(7)}` : env;
        const setValue = entry.option === 'no-proxy' ? `set-${set.slice(7)}` : set;
        const request: StartRequest = {
          env: { [entry.variable]: envValue },
          ...(byFlag ? { args: [`--${entry.option}=${setValue}`] } : { config: { proxies: { [entry.option]: setValue } } }),
        };
        const { info, log } = await expectServedInfo(ctx, request, `${entry.variable} with ${byFlag ? `--${entry.option}` : `proxies.${entry.option}`}`);
        if (info[entry.field] !== setValue) {
          throw new Violation(
            `${entry.variable}=${envValue} and ${byFlag ? 'flag' : 'file'} ${setValue}: GET /info ${entry.field} is ${JSON.stringify(info[entry.field])}, expected the ${byFlag ? 'flag' : 'file'}'s value (${describe(request)})`,
            log,
          );
        }
      },
      { ...options, numRuns: ctx.numStarts },
      fileFieldsRequired
        ? 'proxy flags and the proxies fields of the file override the environment'
        : 'proxy flags override the environment (the file fields from 23.0)',
      fileFieldsRequired ? [] : [{ which: 0, env: 'http://ctc-env.example:3128', set: 'http://ctc-flag.example:3129', byFlag: true }],
    );
  },
};

type Place = 'flag' | 'file' | null;

export const infoEffectiveCheck: RuleCheck = {
  rule: 'config.info.effective',
  run(ctx, _api, options) {
    const place = fc.constantFrom<Place>('flag', 'file', null);
    const arb = fc.record({
      debug: fc.tuple(place, fc.boolean()),
      experimental: fc.tuple(place, fc.boolean()),
      liveRestore: fc.tuple(place, fc.boolean()),
      logDriver: fc.tuple(place, fc.constantFrom('json-file', 'local', 'none')),
      labels: fc.tuple(place, distinctLabels(1, 3)),
    });
    return checkProperty(
      arb,
      async (gen) => {
        const args: string[] = [];
        const config: Record<string, unknown> = {};
        const put = (where: Place, option: string, key: string, value: boolean | string | readonly string[]): void => {
          if (where === 'file') config[key] = value;
          else if (where === 'flag') args.push(...(Array.isArray(value) ? value.flatMap((v: string) => [`--${option}`, v]) : [`--${option}=${String(value)}`]));
        };
        put(gen.debug[0], 'debug', 'debug', gen.debug[1]);
        put(gen.experimental[0], 'experimental', 'experimental', gen.experimental[1]);
        put(gen.liveRestore[0], 'live-restore', 'live-restore', gen.liveRestore[1]);
        put(gen.logDriver[0], 'log-driver', 'log-driver', gen.logDriver[1]);
        put(gen.labels[0], 'label', 'labels', gen.labels[1]);
        const want: Record<string, unknown> = {
          Debug: gen.debug[0] === null ? false : gen.debug[1],
          ExperimentalBuild: gen.experimental[0] === null ? false : gen.experimental[1],
          LiveRestoreEnabled: gen.liveRestore[0] === null ? false : gen.liveRestore[1],
          LoggingDriver: gen.logDriver[0] === null ? 'json-file' : gen.logDriver[1],
          Labels: gen.labels[0] === null ? [] : gen.labels[1],
        };
        const request: StartRequest = { args, config };
        const { info, log } = await expectServedInfo(ctx, request, 'a configuration split between flags and file');
        // Labels as a set: 28.5.2 lists them sorted (observed).
        const same = (f: string, v: unknown): boolean =>
          f === 'Labels' && Array.isArray(v) && Array.isArray(info[f])
            ? JSON.stringify([...(info[f] as string[])].sort()) === JSON.stringify([...v].sort())
            : JSON.stringify(info[f]) === JSON.stringify(v);
        const wrong = Object.entries(want).filter(([f, v]) => !same(f, v));
        if (wrong.length > 0)
          throw new Violation(
            `GET /info ${wrong.map(([f, v]) => `${f} is ${JSON.stringify(info[f])}, expected ${JSON.stringify(v)}`).join('; ')} (${describe(request)})`,
            log,
          );
      },
      { ...options, numRuns: ctx.numStarts },
      'GET /info shows Labels, Debug, ExperimentalBuild, LiveRestoreEnabled and LoggingDriver as flags, file and defaults merge them',
      // Whatever the seed: every field set in the file only, and every field by flag only, each away from its default.
      (['file', 'flag'] as const).map((where) => ({
        debug: [where, true],
        experimental: [where, true],
        liveRestore: [where, true],
        logDriver: [where, 'local'],
        labels: [where, ['ctc-a=1', 'ctc-b=2']],
      })),
    );
  },
};
