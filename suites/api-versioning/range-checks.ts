import fc from 'fast-check';
import { inRange, isNewer, isOlder } from '../../common/dotted-version.js';
import { spellingsOf } from '../arbitraries/versions.js';
import { SERVED_RESOURCES, servedResource } from '../arbitraries/requests.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { everySpelling } from '../laws/every-spelling.js';
import { documentedTooOld, expectServed, expectTooOld, isClientError, messageOf, parseJsonObject, tooNewMessage } from '../laws/expect.js';
import type { RuleId } from '../../specs/catalogue.js';

const inServedRange = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && inRange(api, { min: ctx.expectedMin, max: ctx.expectedMax }) ? null : `API ${api} is outside ${ctx.expectedMin}–${ctx.expectedMax}`;
const belowMin = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && isOlder(api, ctx.expectedMin) ? null : `API ${api} is not below the minimum ${ctx.expectedMin}`;
const aboveMax = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && isNewer(api, ctx.expectedMax) ? null : `API ${api} is not above the maximum ${ctx.expectedMax}`;

/** Resources whose answers have a body to read a message from. */
const withBody = SERVED_RESOURCES.filter(([method]) => method !== 'HEAD');

export const prefixCheck = everySpelling({
  rule: 'api.version.prefix',
  applies: inServedRange,
  resources: SERVED_RESOURCES,
  async holds(log, spelling, [method, path], ctx) {
    const reply = await expectServed(log, method, spelling, path);
    if (path === '/version') {
      const doc = parseJsonObject(reply.body);
      log.expect(
        doc?.['ApiVersion'] === ctx.expectedMax,
        `/v${spelling}/version should describe the same daemon as /version (ApiVersion ${ctx.expectedMax}), got ${String(doc?.['ApiVersion'])}`,
      );
    }
  },
  summary: (api) => `every spelling of /v${api}/ is served`,
});

export const unversionedCheck: RuleCheck = {
  rule: 'api.version.unversioned-served',
  run: (ctx, _api, options) =>
    checkProperty(
      servedResource,
      async ([method, path]) => {
        await expectServed(new ExchangeLog(ctx.client), method, null, path);
      },
      options,
      'unversioned /_ping and /version are served',
    ),
};

export const tooOldCheck = everySpelling({
  rule: 'api.version.too-old',
  applies: belowMin,
  resources: SERVED_RESOURCES,
  async holds(log, spelling, [method, path], ctx) {
    await expectTooOld(log, method, spelling, path, ctx.expectedMin);
  },
  summary: (api) => `API ${api} is refused as too old`,
});

export const tooOldWordingCheck = everySpelling({
  rule: 'api.version.too-old.wording',
  applies: belowMin,
  resources: withBody,
  async holds(log, spelling, [method, path], ctx) {
    const reply = await log.send(method, `/v${spelling}${path}`);
    const expected = documentedTooOld(spelling, ctx.expectedMin);
    log.expect(messageOf(reply) === expected, `message should read ${JSON.stringify(expected)}, got ${JSON.stringify(messageOf(reply))}`);
  },
  summary: () => 'the too-old message reads as documented',
});

export const tooOldStatusCheck = everySpelling({
  rule: 'api.version.too-old.status',
  applies: belowMin,
  resources: SERVED_RESOURCES,
  async holds(log, spelling, [method, path]) {
    const reply = await log.send(method, `/v${spelling}${path}`);
    log.expect(reply.status === 400, `status should be 400, got ${reply.status}`);
  },
  summary: () => 'the too-old refusal is 400',
});

export const tooNewCheck = everySpelling({
  rule: 'api.version.too-new',
  applies: aboveMax,
  resources: SERVED_RESOURCES,
  async holds(log, spelling, [method, path], ctx) {
    const url = `/v${spelling}${path}`;
    const reply = await log.send(method, url);
    log.expect(reply.status === 400, `${method} ${url} should be refused with 400 (above ${ctx.expectedMax}), got ${reply.status}`);
    if (method !== 'HEAD') {
      const expected = tooNewMessage(spelling, ctx.expectedMax);
      log.expect(messageOf(reply) === expected, `message should read ${JSON.stringify(expected)}, got ${JSON.stringify(messageOf(reply))}`);
    }
  },
  summary: (api) => `API ${api} is refused as too new`,
});

/** Served iff floor ≤ api ≤ max, with `floor` a constant the document gives. */
function documentedFloorCheck(rule: RuleId, floor: string, speaksOf: (api: string) => boolean): RuleCheck {
  return everySpelling({
    rule,
    applies: (ctx, api) => {
      if (api === null || !speaksOf(api)) return `API ${api} is not one this rule speaks of`;
      return isNewer(api, ctx.expectedMax) ? `API ${api} is above the maximum ${ctx.expectedMax}` : null;
    },
    resources: SERVED_RESOURCES,
    async holds(log, spelling, [method, path], _ctx, api) {
      if (isOlder(api, floor)) {
        const reply = await log.send(method, `/v${spelling}${path}`);
        log.expect(isClientError(reply), `API ${spelling} is below ${floor} and should be refused, got ${reply.status}`);
        return;
      }
      await expectServed(log, method, spelling, path);
      if (path === '/version' && api === floor) {
        const min = parseJsonObject((await log.send('GET', '/version')).body)?.['MinAPIVersion'];
        log.expect(min === floor, `MinAPIVersion should be ${floor}, got ${String(min)}`);
      }
    },
    summary: (api) => (isOlder(api, floor) ? `API ${api} is refused (below ${floor})` : `API ${api} is served (${floor} or later)`),
  });
}

export const minimum112Check = documentedFloorCheck('api.version.minimum-1.12', '1.12', () => true);
export const below124Check = documentedFloorCheck('api.version.below-1.24-disabled', '1.24', (api) => isOlder(api, '1.24'));
/**
 * limits.min-api-version, by both readings of the document. The reading (the verdict), the
 * Limits table with Versioning 2's "the minimum will rise in later releases": from 25.0 the minimum
 * is at least 1.24 — 1.23 refused, MinAPIVersion 1.24 or later and served, 1.24 served exactly when
 * it is the minimum. The other, the table's value fixed for ever: 1.24 served, MinAPIVersion 1.24.
 */
export const limitsMinimumCheck: RuleCheck = {
  rule: 'limits.min-api-version',
  applies: (ctx, api) => {
    if (api !== '1.23' && api !== '1.24') return `API ${api} is not one this rule speaks of`;
    return isNewer(api, ctx.expectedMax) ? `API ${api} is above the maximum ${ctx.expectedMax}` : null;
  },
  run(ctx, api, options) {
    const fixed = options.reading === 'other';
    return checkProperty(
      fc.tuple(spellingsOf(api!), servedResource),
      async ([spelling, [method, path]]) => {
        const log = new ExchangeLog(ctx.client);
        const url = `/v${spelling}${path}`;
        if (api === '1.23') {
          const reply = await log.send(method, url);
          log.expect(isClientError(reply), `API ${spelling} is below 1.24 and should be refused, got ${reply.status}`);
          return;
        }
        const min = parseJsonObject((await log.send('GET', '/version')).body)?.['MinAPIVersion'];
        if (fixed) {
          log.expect(min === '1.24', `MinAPIVersion should be 1.24 (daemon.md › Limits, the value fixed for ever), got ${String(min)}`);
          await expectServed(log, method, spelling, path);
          return;
        }
        log.expect(typeof min === 'string' && !isOlder(min, '1.24'), `MinAPIVersion should be 1.24 or later, got ${String(min)}`);
        await expectServed(log, method, min as string, path);
        if (min === '1.24') await expectServed(log, method, spelling, path);
        else
          log.expect(isClientError(await log.send(method, url)), `API ${spelling} is below the minimum ${String(min)} the daemon names and should be refused`);
      },
      options,
      fixed ? `API ${api}: the minimum is 1.24` : `API ${api}: the minimum is 1.24 or later`,
    );
  },
};
/** Runs only against a daemon on the other platform (the rule's platforms say so). */
export const windowsMinimumCheck = documentedFloorCheck('api.version.windows-minimum', '1.24', () => true);
