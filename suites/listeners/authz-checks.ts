import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { ExchangeLog } from '../harness/exchange-log.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Violation } from '../harness/verdict.js';
import { describe, excerpt, expectRefused, startWith } from '../harness/start-and-inspect.js';
import { suiteName } from '../arbitraries/values.js';
import type { HttpReply } from '../http/client.js';
import { errorMessageOf } from '../http/error-message.js';
import { makeRunDir, removeRunDir } from '../targets/temp-dir.js';
import type { StartRequest } from '../targets/target.js';
import { ALLOW_ALL, startAuthzPlugin, type AuthzCall, type AuthzPlugin, type AuthzPolicy } from '../fixtures/authz-plugin.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';
import { matching } from '../arbitraries/matching.js';

/** A plugin unreachable or missing costs the real daemons 15 s of retries per request or start: one case each. */
const SLOW_CASES = 1;

/** The plugin names of a start, in order, with their policies. */
type Installed = readonly { readonly name: string; readonly policy: AuthzPolicy }[];

/**
 * Starts the given test plugins in a directory of their own, starts the daemon with
 * `--authorization-plugin` for each (in order) and runs `use`; stops everything after.
 */
export async function withPlugins(
  ctx: SuiteContext,
  installed: Installed,
  use: (log: ExchangeLog, plugins: readonly AuthzPlugin[]) => Promise<void>,
): Promise<void> {
  const dir = makeRunDir();
  const plugins: AuthzPlugin[] = [];
  try {
    for (const { name, policy } of installed) plugins.push(await startAuthzPlugin(dir, name, policy));
    const request: StartRequest = { args: installed.flatMap(({ name }) => ['--authorization-plugin', name]), pluginDir: dir };
    const outcome = await startWith(ctx, request, (log) => use(log, plugins));
    if (!outcome.served) throw new Violation(`the daemon did not serve with the plugins (${describe(request)}): ${excerpt(outcome.output)}`);
  } finally {
    await Promise.all(plugins.map((plugin) => plugin.close()));
    removeRunDir(dir);
  }
}

/** A generated request the daemon answers 200 without plugins: unversioned, or under its minimum or maximum API version. */
const allowedRequestOf = (ctx: SuiteContext): fc.Arbitrary<string> =>
  fc
    .record({
      path: fc.constantFrom('/_ping', '/version', '/info'),
      prefix: fc.constantFrom('', `/v${ctx.expectedMin}`, `/v${ctx.expectedMax}`),
      query: fc.option(matching(/^[a-z]{1,6}=[a-z0-9]{0,6}$/), { nil: undefined }),
    })
    .map(({ path, prefix, query }) => `${prefix}${path}${query === undefined ? '' : `?${query}`}`);

export const pathOf = (uri: string): string => uri.split('?')[0]!.replace(/^\/v[0-9.]+/, '');
/** The documented parts of a generated request: its path, its version prefix (none, the minimum, the maximum) and whether it has a query. */
const REQUEST_ITEMS = ['path:/_ping', 'path:/version', 'path:/info', 'prefix:none', 'prefix:min', 'prefix:max', 'query'] as const;
function requestItems(ctx: SuiteContext, uri: string): string[] {
  const prefix = /^\/v([0-9.]+)\//.exec(uri)?.[1];
  return [
    `path:${pathOf(uri)}`,
    prefix === undefined ? 'prefix:none' : prefix === ctx.expectedMin ? 'prefix:min' : 'prefix:max',
    ...(uri.includes('?') ? ['query'] : []),
  ];
}
/** Requests that reach every item of REQUEST_ITEMS at once. */
const everyRequest = (ctx: SuiteContext): string[] => ['/_ping', `/v${ctx.expectedMin}/info?a=b`, `/v${ctx.expectedMax}/version`];
const hitRequest = (options: PropertyOptions, ctx: SuiteContext, uri: string): void => {
  for (const item of requestItems(ctx, uri)) options.coverage?.hit(item);
};
const callsSince = (plugin: AuthzPlugin, mark: number): AuthzCall[] => plugin.calls.slice(mark);
export const asked = (calls: readonly AuthzCall[], kind: 'request' | 'response', uri: string): boolean =>
  calls.some((call) => call.kind === kind && call.message?.RequestUri === uri && call.message.RequestMethod === 'GET');
/** The plugin's words as the daemon framed them (JSON, or plain text below API 1.24): exact, never trimmed. */
const messageOf = errorMessageOf;
/** Go canonicalizes header names: the plugins see it spelt so. */
const VERDICT_HEADER = 'X-Ctc-Verdict';
export const denialOf = (name: string, msg: string): string => fillMessage(AUTHZ_MESSAGES.denied, { name, msg });
/** The start of a 500 for a plugin that could not be asked (what follows is the transport's error). */
const failurePrefix = (name: string): string => fillMessage(AUTHZ_MESSAGES.failed, { name, error: '' });

/** One generated request through the daemon, with what each plugin was asked for it. */
export async function send(
  log: ExchangeLog,
  plugins: readonly AuthzPlugin[],
  uri: string,
  headers?: Record<string, string>,
): Promise<{ reply: HttpReply; calls: AuthzCall[][] }> {
  const marks = plugins.map((plugin) => plugin.calls.length);
  const reply = await log.send('GET', uri, headers === undefined ? undefined : { headers });
  return { reply, calls: plugins.map((plugin, i) => callsSince(plugin, marks[i]!)) };
}

export const authzAllowCheck: RuleCheck = {
  rule: 'authz.allow',
  documentedItems: () => REQUEST_ITEMS,
  run(ctx, _api, options) {
    return checkProperty(
      fc.array(allowedRequestOf(ctx), { minLength: 1, maxLength: 6 }),
      (uris) =>
        withPlugins(ctx, [{ name: 'ctcallow', policy: ALLOW_ALL }], async (log, plugins) => {
          for (const uri of uris) {
            hitRequest(options, ctx, uri);
            const { reply, calls } = await send(log, plugins, uri);
            log.expect(reply.status === 200, `GET ${uri} with a plugin that allows everything answered ${reply.status}: ${messageOf(reply)}`);
            log.expect(
              asked(calls[0]!, 'request', uri),
              `the plugin got no AuthZReq with RequestMethod GET and RequestUri ${JSON.stringify(uri)} (it got ${JSON.stringify(calls[0]!.map((c) => `${c.kind} ${c.message?.RequestUri ?? ''}`))})`,
            );
            log.expect(asked(calls[0]!, 'response', uri), `the plugin got no AuthZRes for GET ${uri}`);
            const status = calls[0]!.find((call) => call.kind === 'response')?.message?.ResponseStatusCode;
            log.expect(status === undefined || status === 200, `the AuthZRes for GET ${uri} says status ${status}, the answer was 200`);
          }
        }),
      { ...options, numRuns: ctx.numStarts },
      'every request went to the plugin with its method and URI, and its answer after',
      [everyRequest(ctx)],
    );
  },
};

/** The plugin's answers a denial is judged on: the message empty, with spaces at its ends, or plain words; allowed requests beside. */
const DENY_ITEMS = ['answer:allow', 'answer:deny', 'msg:empty', 'msg:edge-spaces', 'msg:words', ...REQUEST_ITEMS];
const msgItem = (msg: string): string => (msg === '' ? 'msg:empty' : msg.trim() !== msg ? 'msg:edge-spaces' : 'msg:words');

export const authzDenyCheck: RuleCheck = {
  rule: 'authz.deny',
  documentedItems: () => DENY_ITEMS,
  run(ctx, _api, options) {
    const msg = matching(/^[A-Za-z0-9 ._-]{0,24}$/);
    return checkProperty(
      fc.record({ denied: fc.subarray(['/version', '/info'], { minLength: 1 }), msg, uris: fc.array(allowedRequestOf(ctx), { minLength: 2, maxLength: 6 }) }),
      ({ denied, msg, uris }) => {
        const policy: AuthzPolicy = { request: (m) => (denied.includes(pathOf(m.RequestUri)) ? { Allow: false, Msg: msg } : { Allow: true }) };
        return withPlugins(ctx, [{ name: 'ctcdeny', policy }], async (log, plugins) => {
          for (const uri of uris) {
            hitRequest(options, ctx, uri);
            options.coverage?.hit(denied.includes(pathOf(uri)) ? 'answer:deny' : 'answer:allow');
            if (denied.includes(pathOf(uri))) options.coverage?.hit(msgItem(msg));
            const { reply, calls } = await send(log, plugins, uri);
            if (!denied.includes(pathOf(uri))) {
              log.expect(reply.status === 200, `GET ${uri}, which the plugin allows, answered ${reply.status}: ${messageOf(reply)}`);
              continue;
            }
            log.expect(reply.status === 403, `GET ${uri}, which the plugin denies, answered ${reply.status}, not 403`);
            log.expect(
              messageOf(reply) === denialOf('ctcdeny', msg),
              `GET ${uri} was denied with ${JSON.stringify(messageOf(reply))}, not ${JSON.stringify(denialOf('ctcdeny', msg))}`,
            );
            log.expect(!asked(calls[0]!, 'response', uri), `the plugin got an AuthZRes for GET ${uri}, which it had denied: the request was served`);
          }
        });
      },
      { ...options, numRuns: ctx.numStarts },
      "denied requests answered 403 with the plugin's message and were not served",
      // Every answer on every prefix, whatever the seed: below API 1.24 some releases answer in plain text.
      [
        { denied: ['/info'], msg: 'no', uris: ['/info', ...everyRequest(ctx)] },
        { denied: ['/version', '/info'], msg: '', uris: [`/v${ctx.expectedMin}/version`, `/v${ctx.expectedMax}/info`, '/version?a=1'] },
        { denied: ['/version'], msg: ' a b ', uris: [`/v${ctx.expectedMin}/version`, '/_ping'] },
      ],
    );
  },
};

const chainItem = (verdict: { first: boolean; second: boolean }): string => (!verdict.first ? 'first denies' : verdict.second ? 'both allow' : 'second denies');

export const authzChainCheck: RuleCheck = {
  rule: 'authz.chain',
  documentedItems: () => ['first denies', 'second denies', 'both allow'],
  run(ctx, _api, options) {
    // Per generated request: which of the two plugins allow it, told to them in a header (the plugins see the request's headers).
    const verdicts = fc.record({ first: fc.boolean(), second: fc.boolean() });
    const byHeader = (which: 'first' | 'second'): AuthzPolicy => ({
      request: (m) => ((m.RequestHeaders?.[VERDICT_HEADER] ?? '').includes(`${which}=deny`) ? { Allow: false, Msg: `${which} says no` } : { Allow: true }),
    });
    const askedAbout = (calls: readonly AuthzCall[], uri: string): boolean =>
      calls.some((call) => call.kind === 'request' && call.message !== undefined && pathOf(call.message.RequestUri) === pathOf(uri));
    return checkProperty(
      fc.array(fc.record({ uri: allowedRequestOf(ctx), verdict: verdicts }), { minLength: 1, maxLength: 6 }),
      (cases) =>
        withPlugins(
          ctx,
          [
            { name: 'ctcfirst', policy: byHeader('first') },
            { name: 'ctcsecond', policy: byHeader('second') },
          ],
          async (log, plugins) => {
            for (const { uri, verdict } of cases) {
              options.coverage?.hit(chainItem(verdict));
              const { reply, calls } = await send(log, plugins, uri, {
                [VERDICT_HEADER]: `first=${verdict.first ? 'allow' : 'deny'};second=${verdict.second ? 'allow' : 'deny'}`,
              });
              const [first, second] = calls as [AuthzCall[], AuthzCall[]];
              log.expect(askedAbout(first, uri), `the first plugin was not asked about GET ${uri}`);
              if (!verdict.first) {
                log.expect(
                  reply.status === 403 && messageOf(reply) === denialOf('ctcfirst', 'first says no'),
                  `GET ${uri}, denied by the first plugin, answered ${reply.status} ${JSON.stringify(messageOf(reply))}`,
                );
                log.expect(!askedAbout(second, uri), `the second plugin was asked about GET ${uri} after the first denied it`);
                continue;
              }
              log.expect(askedAbout(second, uri), `the second plugin was not asked about GET ${uri}, which the first allowed`);
              if (!verdict.second) {
                log.expect(
                  reply.status === 403 && messageOf(reply) === denialOf('ctcsecond', 'second says no'),
                  `GET ${uri}, denied by the second plugin, answered ${reply.status} ${JSON.stringify(messageOf(reply))}`,
                );
              } else {
                log.expect(reply.status === 200, `GET ${uri}, allowed by both plugins, answered ${reply.status}: ${messageOf(reply)}`);
              }
            }
          },
        ),
      { ...options, numRuns: ctx.numStarts },
      'both plugins asked in order; the first denial answered',
      [
        [
          { uri: '/version', verdict: { first: true, second: false } },
          { uri: '/_ping', verdict: { first: false, second: true } },
          { uri: '/info', verdict: { first: true, second: true } },
        ],
      ],
    );
  },
};

export const authzResponseDenyCheck: RuleCheck = {
  rule: 'authz.response-deny',
  run(ctx, _api, options) {
    return checkProperty(
      fc.record({ denied: fc.subarray(['/version', '/info'], { minLength: 1 }), uris: fc.array(allowedRequestOf(ctx), { minLength: 2, maxLength: 6 }) }),
      ({ denied, uris }) => {
        const policy: AuthzPolicy = {
          request: () => ({ Allow: true }),
          response: (m) => (denied.includes(pathOf(m.RequestUri)) ? { Allow: false, Msg: 'not this answer' } : { Allow: true }),
        };
        return withPlugins(ctx, [{ name: 'ctcres', policy }], async (log, plugins) => {
          for (const uri of uris) {
            const { reply } = await send(log, plugins, uri);
            if (!denied.includes(pathOf(uri))) {
              log.expect(reply.status === 200, `GET ${uri}, whose answer the plugin allows, answered ${reply.status}`);
              continue;
            }
            log.expect(reply.status === 403, `GET ${uri}, whose answer the plugin denies, answered ${reply.status}, not 403`);
            log.expect(
              messageOf(reply) === denialOf('ctcres', 'not this answer'),
              `GET ${uri} answered ${JSON.stringify(messageOf(reply))}, not the plugin's denial`,
            );
            log.expect(!/ApiVersion|OperatingSystem/.test(reply.body), `the denied answer of GET ${uri} carries the route's body`);
          }
        });
      },
      { ...options, numRuns: ctx.numStarts },
      'answers a plugin denied were replaced by 403 and its message',
      [{ denied: ['/version'], uris: ['/version', '/_ping'] }],
    );
  },
};

export const authzUnreachableCheck: RuleCheck = {
  rule: 'authz.unreachable',
  run(ctx, _api, options) {
    return checkProperty(
      allowedRequestOf(ctx),
      (uri) =>
        withPlugins(ctx, [{ name: 'ctcgone', policy: ALLOW_ALL }], async (log, plugins) => {
          const before = await log.send('GET', uri);
          log.expect(before.status === 200, `GET ${uri} answered ${before.status} while the plugin ran`);
          await plugins[0]!.close();
          const after = await log.send('GET', uri, { timeoutMs: 60_000 });
          log.expect(after.status !== 200 && after.status < 600, `GET ${uri} answered ${after.status} after the plugin went away`);
          log.expect(
            after.status === 500 && messageOf(after).startsWith(failurePrefix('ctcgone')),
            `GET ${uri} after the plugin went away answered ${after.status} ${JSON.stringify(messageOf(after))}, not 500 "${failurePrefix('ctcgone')}…"`,
          );
        }),
      // Each case waits out the plugin client's retries (15 s, twice when the answer is asked for too): a shorter URI proves nothing, so no shrinking.
      { ...options, numRuns: SLOW_CASES, shrink: false },
      'with the plugin gone, the request failed with 500 naming it',
    );
  },
};

export const authzMissingCheck: RuleCheck = {
  rule: 'authz.missing',
  run(ctx, _api, options) {
    return checkProperty(
      suiteName(8),
      async (name) => {
        const dir = makeRunDir();
        try {
          await expectRefused(
            ctx,
            { args: ['--authorization-plugin', name], pluginDir: dir },
            [fillMessage(AUTHZ_MESSAGES.notFound, { name })],
            `--authorization-plugin ${name}`,
          );
        } finally {
          removeRunDir(dir);
        }
      },
      { ...options, numRuns: SLOW_CASES },
      'a plugin that could not be found stopped the start',
    );
  },
};

/**
 * authz.spec-path: a running plugin named by the absolute path of its spec file, which lies outside
 * the plugin directory (so only the path leads to it). Strict reading: the daemon serves with the
 * plugin installed. Other reading: that, or the start fails saying the plugin was not found; never
 * a daemon that serves without asking the plugin.
 */
export const authzSpecPathCheck: RuleCheck = {
  rule: 'authz.spec-path',
  run(ctx, _api, options) {
    const strict = options.reading !== 'other';
    return checkProperty(
      fc.record({ name: suiteName(8), msg: matching(/^[A-Za-z0-9 ._-]{0,16}$/) }),
      async ({ name, msg }) => {
        const own = makeRunDir();
        const empty = makeRunDir();
        let plugin: AuthzPlugin | undefined;
        try {
          plugin = await startAuthzPlugin(own, name, { request: (m) => (pathOf(m.RequestUri) === '/info' ? { Allow: false, Msg: msg } : { Allow: true }) });
          const id = join(own, `${name}.spec`);
          writeFileSync(id, `unix://${plugin.socket}\n`);
          const request: StartRequest = { args: ['--authorization-plugin', id], pluginDir: empty };
          const running = plugin;
          const outcome = await startWith(ctx, request, async (log) => {
            const { reply, calls } = await send(log, [running], '/_ping');
            log.expect(reply.status === 200, `GET /_ping with the plugin of ${id} answered ${reply.status}: ${messageOf(reply)}`);
            log.expect(asked(calls[0]!, 'request', '/_ping'), `the plugin of ${id} was not asked about GET /_ping: the daemon serves without it`);
            const denied = await send(log, [running], '/info');
            log.expect(denied.reply.status === 403, `GET /info, which the plugin of ${id} denies, answered ${denied.reply.status}`);
          });
          if (outcome.served) return;
          const notFound = fillMessage(AUTHZ_MESSAGES.notFound, { name: id });
          if (strict)
            throw new Violation(
              `--authorization-plugin ${id} (the spec file of a running plugin): the daemon did not start (${describe(request)}): ${excerpt(outcome.output)}`,
            );
          if (outcome.exitCode === null || outcome.exitCode === 0 || !outcome.output.includes(notFound)) {
            throw new Violation(
              `--authorization-plugin ${id}: the daemon neither installed the plugin nor refused the start with ${JSON.stringify(notFound)} (exit ${String(outcome.exitCode)}): ${excerpt(outcome.output)}`,
            );
          }
        } finally {
          await plugin?.close();
          removeRunDir(own);
          removeRunDir(empty);
        }
      },
      { ...options, numRuns: SLOW_CASES },
      strict
        ? "a plugin named by its spec file's path was installed"
        : "a plugin named by its spec file's path was installed, or the start refused as not found",
    );
  },
};

export const authzOrderCheck: RuleCheck = {
  rule: 'authz.order',
  run(ctx, _api, options) {
    const maxMinor = Number(ctx.expectedMax.split('.')[1]);
    const tooNew = fc.integer({ min: maxMinor + 1, max: maxMinor + 400 }).map((minor) => `/v1.${minor}`);
    return checkProperty(
      fc.record({ prefix: tooNew, unknown: suiteName(6).map((n) => `/${n}/here`) }),
      ({ prefix, unknown }) => {
        const policy: AuthzPolicy = { request: (m) => (pathOf(m.RequestUri) === '/info' ? { Allow: false, Msg: 'no info' } : { Allow: true }) };
        return withPlugins(ctx, [{ name: 'ctcorder', policy }], async (log, plugins) => {
          const denied = await send(log, plugins, `${prefix}/info`);
          log.expect(
            denied.reply.status === 403 && messageOf(denied.reply) === denialOf('ctcorder', 'no info'),
            `GET ${prefix}/info, denied by the plugin, answered ${denied.reply.status} ${JSON.stringify(messageOf(denied.reply))}: the version was checked before the plugin`,
          );
          const allowed = await send(log, plugins, `${prefix}/version`);
          // Its status and words are api.version.too-new's: here only that the version check, not the plugin, refused it.
          log.expect(
            allowed.reply.status >= 400 && allowed.reply.status !== 403 && asked(allowed.calls[0]!, 'request', `${prefix}/version`),
            `GET ${prefix}/version, allowed by the plugin, answered ${allowed.reply.status}: the version check did not refuse it after the plugin allowed it`,
          );
          const missing = await send(log, plugins, unknown);
          log.expect(missing.reply.status === 404, `GET ${unknown} answered ${missing.reply.status}, not 404`);
          log.expect(missing.calls[0]!.length === 0, `the plugin was asked about GET ${unknown}, which no route serves`);
        });
      },
      { ...options, numRuns: ctx.numStarts },
      'the plugin answered before the version check, after routing',
    );
  },
};

export const AUTHZ_CHECKS: readonly RuleCheck[] = [
  authzAllowCheck,
  authzDenyCheck,
  authzChainCheck,
  authzResponseDenyCheck,
  authzUnreachableCheck,
  authzMissingCheck,
  authzSpecPathCheck,
  authzOrderCheck,
];
