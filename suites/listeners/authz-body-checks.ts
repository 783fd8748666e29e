import fc from 'fast-check';
import { MODEL_REGISTRY } from '../../specs/model-registry.js';
import { checkProperty, type PropertyOptions } from '../harness/property.js';
import type { SuiteContext } from '../harness/context.js';
import type { ExchangeLog } from '../harness/exchange-log.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Unjudgeable } from '../harness/verdict.js';
import { errorMessageOf } from '../http/error-message.js';
import { ALLOW_ALL, type AuthzPlugin, type AuthzPolicy } from '../fixtures/authz-plugin.js';
import { asked, denialOf, send, withPlugins } from './authz-checks.js';
import type { RuleId } from '../../specs/catalogue.js';
import { matching } from '../arbitraries/matching.js';

/** The limits of moby pkg/authorization (maxBodySize): 1 MiB, 4 MiB from 29.4 (moby 7a767b27, ec76e941). */
const LIMIT = 1024 * 1024;
const LIMIT_29_4 = 4 * 1024 * 1024;
const MSG = 'body seen';

/** How a generated body is sent. */
interface BodyCase {
  readonly framing: 'length' | 'chunked';
  /** Its Content-Type, or null for none. */
  readonly type: string | null;
  readonly size: number;
  /** A name no image has: the route that acts on the body names it in its 404. */
  readonly image: string;
  /** The last thing in the body: a plugin shown the body whole sees it. */
  readonly marker: string;
  /** No prefix, or the newest API version's. */
  readonly versioned: boolean;
}

/** A JSON container config of exactly `size` bytes (at least its skeleton's), the marker at its end. */
function bodyOf(c: BodyCase): Buffer {
  const skeleton = JSON.stringify({ Image: c.image, Labels: { ctcpad: '', ctcmark: c.marker } });
  const base = Buffer.byteLength(skeleton);
  // The pad is plain ASCII letters, which JSON writes as they are: it goes between the empty value's quotes.
  const at = skeleton.indexOf('"ctcpad":""') + '"ctcpad":"'.length;
  return Buffer.concat([Buffer.from(skeleton.slice(0, at)), Buffer.alloc(Math.max(0, c.size - base), 'a'), Buffer.from(skeleton.slice(at))]);
}

/** The plugin of the body rules: it denies a request whose body it is shown, when the body carries the marker; it allows the rest (no body seen: nothing to object to). */
const markerPolicy = (marker: string): AuthzPolicy => ({
  request: (m) =>
    m.RequestBody !== undefined && m.RequestBody !== null && Buffer.from(m.RequestBody, 'base64').toString('utf8').includes(marker)
      ? { Allow: false, Msg: MSG }
      : { Allow: true },
});

const describeCase = (c: BodyCase, length: number): string =>
  `${c.framing === 'chunked' ? 'chunked' : `Content-Length ${length}`}, ${c.type === null ? 'no Content-Type' : `Content-Type ${c.type}`}, ${length} bytes`;

/**
 * One body through the daemon: POST /containers/create with the case's framing and type. Shown to
 * the plugin, it is denied with its 403; refused by the daemon without acting on it, fine; acted
 * on (the container created, or the body's image looked up: 404 naming it) unseen, a violation.
 */
async function sendBody(ctx: SuiteContext, log: ExchangeLog, plugin: AuthzPlugin, c: BodyCase, askedSuffices = false): Promise<void> {
  const body = bodyOf(c);
  const uri = `${c.versioned ? `/v${ctx.expectedMax}` : ''}/containers/create`;
  const headers: Record<string, string> = {
    ...(c.type === null ? {} : { 'Content-Type': c.type }),
    ...(c.framing === 'chunked' ? { 'Transfer-Encoding': 'chunked' } : {}),
  };
  plugin.setPolicy(markerPolicy(c.marker));
  const mark = plugin.calls.length;
  const reply = await log.send('POST', uri, { headers, body, timeoutMs: 60_000 });
  const calls = plugin.calls.slice(mark);
  const what = `POST ${uri} (${describeCase(c, body.length)}, ending in the marker ${c.marker})`;
  if (reply.status === 403 && errorMessageOf(reply) === denialOf(plugin.name, MSG)) return;
  const shown = calls.find((call) => call.kind === 'request')?.message?.RequestBody;
  const seen = shown === undefined || shown === null ? 'no body' : `${Buffer.from(shown, 'base64').length} bytes of it`;
  const actedOn = reply.status === 201 || (reply.status === 404 && errorMessageOf(reply).includes(c.image));
  // The other reading: a plugin asked about the request (its headers, the Content-Length among them) could have refused it.
  if (askedSuffices && calls.some((call) => call.kind === 'request' && call.message?.RequestUri === uri)) return;
  log.expect(
    !actedOn,
    `${what}: the plugin was shown ${seen} and allowed it, and the daemon acted on the body: ${reply.status} ${JSON.stringify(errorMessageOf(reply))}`,
  );
}

const NAME = 'ctcbody';
const imageName = matching(/^[a-z][a-z0-9]{5,11}$/).map((n) => `ctcnone-${n}`);
const markerOf = matching(/^[A-Za-z0-9]{8,16}$/).map((m) => `ctcmark${m}`);

function bodyCheck(
  rule: RuleId,
  items: readonly string[],
  cases: (ctx: SuiteContext) => fc.Arbitrary<BodyCase>,
  itemsOf: (c: BodyCase) => string[],
  examples: (ctx: SuiteContext) => BodyCase[],
  summary: string,
  /** The cases the rule's other reading lets through once the plugin was asked about the request. */
  otherReadingAskedSuffices: (c: BodyCase) => boolean = () => false,
): RuleCheck {
  return {
    rule,
    documentedItems: () => items,
    run(ctx, _api, options: PropertyOptions) {
      return checkProperty(
        fc.array(cases(ctx), { minLength: 1, maxLength: 3 }),
        (list) =>
          withPlugins(ctx, [{ name: NAME, policy: ALLOW_ALL }], async (log, plugins) => {
            for (const c of list) {
              for (const item of itemsOf(c)) options.coverage?.hit(item);
              await sendBody(ctx, log, plugins[0]!, c, options.reading === 'other' && otherReadingAskedSuffices(c));
            }
          }),
        // Each case starts a daemon; the bodies are up to 1 MiB: a shorter body proves less, but shrinking still finds the smallest failing size.
        { ...options, numRuns: ctx.numStarts },
        summary,
        [examples(ctx)],
      );
    },
  };
}

const base = { image: 'ctcnone-example', marker: 'ctcmarkExample1', versioned: true } as const;
const sizeItem = (size: number): string => (size < 1024 ? 'size:small' : size >= LIMIT - 1024 ? 'size:at-limit' : 'size:medium');

export const authzBodyChunkedCheck = bodyCheck(
  'authz.body.chunked',
  ['size:small', 'size:medium', 'size:at-limit', 'versioned', 'unversioned'],
  () =>
    fc.record({
      framing: fc.constant('chunked' as const),
      type: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
      size: fc.oneof(fc.integer({ min: 2, max: 1023 }), fc.integer({ min: 1024, max: LIMIT - 1025 }), fc.integer({ min: LIMIT - 1024, max: LIMIT - 1 })),
      image: imageName,
      marker: markerOf,
      versioned: fc.boolean(),
    }),
  (c) => [sizeItem(c.size), c.versioned ? 'versioned' : 'unversioned'],
  () => [
    { ...base, framing: 'chunked', type: 'application/json', size: 200 },
    { ...base, framing: 'chunked', type: 'application/json', size: LIMIT - 1, versioned: false },
    { ...base, framing: 'chunked', type: 'application/json; charset=utf-8', size: 300_000 },
  ],
  'every chunked body was shown to the plugin or refused, never acted on unseen',
);

export const authzBodyLargeCheck = bodyCheck(
  'authz.body.large',
  ['framing:length', 'framing:chunked', 'size:1MiB', 'size:above-1MiB', 'size:4MiB', 'size:above-4MiB'],
  () =>
    fc.record({
      framing: fc.constantFrom('length' as const, 'chunked' as const),
      type: fc.constant('application/json'),
      size: fc.oneof(
        fc.constant(LIMIT),
        fc.integer({ min: LIMIT + 1, max: LIMIT + 64 * 1024 }),
        fc.constant(LIMIT_29_4),
        fc.integer({ min: LIMIT_29_4 + 1, max: LIMIT_29_4 + 64 * 1024 }),
      ),
      image: imageName,
      marker: markerOf,
      versioned: fc.boolean(),
    }),
  (c) => [
    `framing:${c.framing}`,
    c.size === LIMIT ? 'size:1MiB' : c.size < LIMIT_29_4 ? 'size:above-1MiB' : c.size === LIMIT_29_4 ? 'size:4MiB' : 'size:above-4MiB',
  ],
  () => [
    { ...base, framing: 'length', type: 'application/json', size: LIMIT },
    { ...base, framing: 'chunked', type: 'application/json', size: LIMIT + 100 },
    { ...base, framing: 'length', type: 'application/json', size: LIMIT_29_4 + 1 },
    { ...base, framing: 'chunked', type: 'application/json', size: LIMIT_29_4 + 100 },
    { ...base, framing: 'length', type: 'application/json', size: LIMIT_29_4 },
  ],
  'every body of 1 MiB or more (up to 4 MiB + 64 KiB) was shown to the plugin or refused, never acted on unseen',
  // The other reading: with a Content-Length the plugin asked about the request sees how large it is and could refuse it; a chunked body's length it never sees.
  (c) => c.framing === 'length',
);

const UNTYPED = [null, 'text/plain', 'application/octet-stream'] as const;
const typeItem = (type: string | null): string => `type:${type ?? 'none'}`;

export const authzBodyUntypedCheck = bodyCheck(
  'authz.body.untyped',
  ['framing:length', 'framing:chunked', ...UNTYPED.map(typeItem)],
  () =>
    fc.record({
      framing: fc.constantFrom('length' as const, 'chunked' as const),
      type: fc.constantFrom(...UNTYPED),
      size: fc.integer({ min: 2, max: 64 * 1024 }),
      image: imageName,
      marker: markerOf,
      versioned: fc.boolean(),
    }),
  (c) => [`framing:${c.framing}`, typeItem(c.type)],
  () =>
    UNTYPED.flatMap((type) => [
      { ...base, framing: 'length' as const, type, size: 300 },
      { ...base, framing: 'chunked' as const, type, size: 300 },
    ]),
  'every JSON body sent without a JSON type was shown to the plugin or not acted on',
);

const TOO_LARGE = 'request body too large for authorization plugin: size exceeds 4194304 bytes';

/** authz.body.limit: up to 4 MiB shown whole (the plugin's 403 proves it saw the marker at the end), above it 500 with dockerd's words and no plugin asked. */
export const authzBodyLimitCheck: RuleCheck = {
  rule: 'authz.body.limit',
  documentedItems: () => ['framing:length', 'framing:chunked', 'size:below', 'size:at-limit', 'size:above'],
  run(ctx, _api, options) {
    const near = fc.oneof(fc.constant(LIMIT_29_4), fc.constant(LIMIT_29_4 + 1), fc.integer({ min: LIMIT_29_4 - 64 * 1024, max: LIMIT_29_4 + 64 * 1024 }));
    const one = fc.record({
      framing: fc.constantFrom('length' as const, 'chunked' as const),
      type: fc.constant('application/json'),
      size: near,
      image: imageName,
      marker: markerOf,
      versioned: fc.boolean(),
    });
    return checkProperty(
      fc.array(one, { minLength: 1, maxLength: 3 }),
      (list) =>
        withPlugins(ctx, [{ name: NAME, policy: ALLOW_ALL }], async (log, plugins) => {
          const plugin = plugins[0]!;
          for (const c of list) {
            options.coverage?.hit(`framing:${c.framing}`);
            options.coverage?.hit(c.size < LIMIT_29_4 ? 'size:below' : c.size === LIMIT_29_4 ? 'size:at-limit' : 'size:above');
            const body = bodyOf(c);
            const uri = `${c.versioned ? `/v${ctx.expectedMax}` : ''}/containers/create`;
            plugin.setPolicy(markerPolicy(c.marker));
            const mark = plugin.calls.length;
            const reply = await log.send('POST', uri, {
              headers: { 'Content-Type': 'application/json', ...(c.framing === 'chunked' ? { 'Transfer-Encoding': 'chunked' } : {}) },
              body,
              timeoutMs: 60_000,
            });
            const what = `POST ${uri} (${describeCase(c, body.length)})`;
            if (body.length <= LIMIT_29_4) {
              log.expect(
                reply.status === 403 && errorMessageOf(reply) === denialOf(NAME, MSG),
                `${what}: answered ${reply.status} ${JSON.stringify(errorMessageOf(reply))}, not the plugin's 403: the plugin was not shown the whole body`,
              );
            } else {
              log.expect(
                reply.status === 500 && errorMessageOf(reply) === TOO_LARGE,
                `${what}: answered ${reply.status} ${JSON.stringify(errorMessageOf(reply))}, not 500 ${JSON.stringify(TOO_LARGE)}`,
              );
              log.expect(
                plugin.calls.slice(mark).every((call) => call.kind !== 'request'),
                `${what}: the plugin was asked about a body over the limit`,
              );
            }
          }
        }),
      { ...options, numRuns: ctx.numStarts },
      'bodies up to 4 MiB were shown whole, larger ones refused with 500 before the plugin',
      [
        [
          { ...base, framing: 'length', type: 'application/json', size: LIMIT_29_4 },
          { ...base, framing: 'chunked', type: 'application/json', size: LIMIT_29_4 + 1 },
          { ...base, framing: 'chunked', type: 'application/json', size: LIMIT_29_4 - 10 },
          { ...base, framing: 'length', type: 'application/json', size: LIMIT_29_4 + 1 },
        ],
      ],
    );
  },
};

/** A model of the runner's registry (specs/model-registry.ts), picked by a generated name; the daemon is the check's own, so no lease. */
const registryModelFor = (name: string): string => {
  const models = MODEL_REGISTRY.filter((model) => model.name.startsWith('ai/'));
  return models[[...name].reduce((sum, c) => sum + c.charCodeAt(0), 0) % models.length]!.name;
};

/** The runner's prefix on the daemon socket (model-runner-api.md › Base addresses 2). */
const PREFIX = '/exp/vENG4.40';

/** authz.model-runner: requests under the runner's prefix go to the plugins, and a denied create creates nothing. */
export const authzModelRunnerCheck: RuleCheck = {
  rule: 'authz.model-runner',
  documentedItems: () => ['denied:POST', 'denied:GET', 'denied:DELETE', 'allowed:POST', 'allowed:GET', 'allowed:DELETE'],
  run(ctx, _api, options) {
    return checkProperty(
      fc.record({
        name: matching(/^[a-z][a-z0-9]{3,10}$/),
        denied: fc.subarray(['POST', 'GET', 'DELETE']),
        msg: matching(/^[A-Za-z0-9 ._-]{0,16}$/),
      }),
      ({ name, denied, msg }) =>
        withPlugins(ctx, [{ name: 'ctcrunner', policy: ALLOW_ALL }], async (log, plugins) => {
          const plugin = plugins[0]!;
          const probe = await log.send('GET', `${PREFIX}/models`);
          if (probe.status === 404 && plugin.calls.every((call) => call.message?.RequestUri !== `${PREFIX}/models`)) {
            throw new Unjudgeable(
              `the daemon socket has no model runner: GET ${PREFIX}/models answered 404 ${JSON.stringify(errorMessageOf(probe))} without asking the plugin`,
            );
          }
          const underPrefix = (uri: string): boolean => uri.startsWith(PREFIX);
          plugin.setPolicy({ request: (m) => (underPrefix(m.RequestUri) && denied.includes(m.RequestMethod) ? { Allow: false, Msg: msg } : { Allow: true }) });
          // A model the runner's registry has (it creates nothing else), so that a create the plugin failed to deny would take effect.
          const model = registryModelFor(name);
          const requests: readonly (readonly [string, string, unknown?])[] = [
            ['POST', `${PREFIX}/models/create`, { from: model }],
            ['GET', `${PREFIX}/models/${model}`],
            ['GET', `${PREFIX}/models`],
            ['GET', `${PREFIX}/engines/v1/models`],
            ['DELETE', `${PREFIX}/models/${model}`],
          ];
          for (const [method, uri, json] of requests) {
            options.coverage?.hit(`${denied.includes(method) ? 'denied' : 'allowed'}:${method}`);
            const mark = plugin.calls.length;
            const reply = await log.send(method, uri, json === undefined ? { timeoutMs: 60_000 } : { json, timeoutMs: 60_000 });
            const calls = plugin.calls.slice(mark);
            const told = calls.some((call) => call.kind === 'request' && call.message?.RequestUri === uri && call.message.RequestMethod === method);
            log.expect(
              told,
              `${method} ${uri} on the daemon socket was not put to the plugin (it got ${JSON.stringify(calls.map((c) => `${c.kind} ${c.message?.RequestMethod ?? ''} ${c.message?.RequestUri ?? ''}`))}); it answered ${reply.status}`,
            );
            if (denied.includes(method)) {
              log.expect(
                reply.status === 403 && errorMessageOf(reply) === denialOf('ctcrunner', msg),
                `${method} ${uri}, which the plugin denies, answered ${reply.status} ${JSON.stringify(errorMessageOf(reply))}, not 403 ${JSON.stringify(denialOf('ctcrunner', msg))}`,
              );
            }
          }
          if (denied.includes('POST')) {
            plugin.setPolicy(ALLOW_ALL);
            const after = await send(log, [plugin], `${PREFIX}/models/${model}`);
            log.expect(
              after.reply.status === 404,
              `GET ${PREFIX}/models/${model} answered ${after.reply.status} after its create was denied: the runner created the model all the same`,
            );
            log.expect(asked(after.calls[0]!, 'request', `${PREFIX}/models/${model}`), `GET ${PREFIX}/models/${model} was not put to the plugin`);
          }
        }),
      { ...options, numRuns: ctx.numStarts },
      "every request under the runner's prefix went to the plugin; denied ones answered 403 and did nothing",
      // Between them, every method both denied and allowed, whatever the seed.
      [
        { name: 'example', denied: ['POST'], msg: 'no models' },
        { name: 'examplb', denied: ['GET', 'DELETE'], msg: 'no reads' },
      ],
    );
  },
};

export const AUTHZ_BODY_CHECKS: readonly RuleCheck[] = [
  authzModelRunnerCheck,
  authzBodyChunkedCheck,
  authzBodyLargeCheck,
  authzBodyUntypedCheck,
  authzBodyLimitCheck,
];
