import fc from 'fast-check';
import { inRange, isNewer, isOlder } from '../../common/dotted-version.js';
import { spellingsOf } from '../arbitraries/versions.js';
import { servedResource } from '../arbitraries/requests.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { documentedTooOld, expectServed, expectTooOld, isClientError, messageOf, parseJsonObject, tooNewMessage } from './expect.js';

const inServedRange = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && inRange(api, { min: ctx.expectedMin, max: ctx.expectedMax }) ? null : `API ${api} is outside ${ctx.expectedMin}–${ctx.expectedMax}`;
const belowMin = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && isOlder(api, ctx.expectedMin) ? null : `API ${api} is not below the minimum ${ctx.expectedMin}`;
const aboveMax = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && isNewer(api, ctx.expectedMax) ? null : `API ${api} is not above the maximum ${ctx.expectedMax}`;

/** Resources whose answers have a body to read a message from. */
const withBody = servedResource.filter(([method]) => method !== 'HEAD');

export const prefixCheck: RuleCheck = {
  rule: 'api.version.prefix',
  applies: inServedRange,
  run: (ctx, api, options) =>
    checkProperty(
      fc.tuple(spellingsOf(api!), servedResource),
      async ([spelling, [method, path]]) => {
        const log = new ExchangeLog(ctx.client);
        const reply = await expectServed(log, method, spelling, path);
        if (path === '/version') {
          const doc = parseJsonObject(reply.body);
          log.expect(doc?.['ApiVersion'] === ctx.expectedMax, `/v${spelling}/version should describe the same daemon as /version (ApiVersion ${ctx.expectedMax}), got ${String(doc?.['ApiVersion'])}`);
        }
      },
      options,
      `every spelling of /v${api}/ is served`,
    ),
};

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

export const tooOldCheck: RuleCheck = {
  rule: 'api.version.too-old',
  applies: belowMin,
  run: (ctx, api, options) =>
    checkProperty(
      fc.tuple(spellingsOf(api!), servedResource),
      async ([spelling, [method, path]]) => {
        await expectTooOld(new ExchangeLog(ctx.client), method, spelling, path, ctx.expectedMin);
      },
      options,
      `API ${api} is refused as too old`,
    ),
};

export const tooOldWordingCheck: RuleCheck = {
  rule: 'api.version.too-old.wording',
  applies: belowMin,
  run: (ctx, api, options) =>
    checkProperty(
      fc.tuple(spellingsOf(api!), withBody),
      async ([spelling, [method, path]]) => {
        const log = new ExchangeLog(ctx.client);
        const reply = await log.send(method, `/v${spelling}${path}`);
        const expected = documentedTooOld(spelling, ctx.expectedMin);
        log.expect(messageOf(reply) === expected, `message should read ${JSON.stringify(expected)}, got ${JSON.stringify(messageOf(reply))}`);
      },
      options,
      'the too-old message reads as documented',
    ),
};

export const tooOldStatusCheck: RuleCheck = {
  rule: 'api.version.too-old.status',
  applies: belowMin,
  run: (ctx, api, options) =>
    checkProperty(
      fc.tuple(spellingsOf(api!), servedResource),
      async ([spelling, [method, path]]) => {
        const log = new ExchangeLog(ctx.client);
        const reply = await log.send(method, `/v${spelling}${path}`);
        log.expect(reply.status === 400, `status should be 400, got ${reply.status}`);
      },
      options,
      'the too-old refusal is 400',
    ),
};

export const tooNewCheck: RuleCheck = {
  rule: 'api.version.too-new',
  applies: aboveMax,
  run: (ctx, api, options) =>
    checkProperty(
      fc.tuple(spellingsOf(api!), servedResource),
      async ([spelling, [method, path]]) => {
        const log = new ExchangeLog(ctx.client);
        const url = `/v${spelling}${path}`;
        const reply = await log.send(method, url);
        log.expect(reply.status === 400, `${method} ${url} should be refused with 400 (above ${ctx.expectedMax}), got ${reply.status}`);
        if (method !== 'HEAD') {
          const expected = tooNewMessage(spelling, ctx.expectedMax);
          log.expect(messageOf(reply) === expected, `message should read ${JSON.stringify(expected)}, got ${JSON.stringify(messageOf(reply))}`);
        }
      },
      options,
      `API ${api} is refused as too new`,
    ),
};

/** Served iff floor ≤ api ≤ max, with `floor` a constant the document gives. */
function documentedFloorCheck(rule: string, floor: string, applies: (api: string) => boolean): RuleCheck {
  return {
    rule,
    applies: (ctx, api) => {
      if (api === null || !applies(api)) return `API ${api} is not one this rule speaks of`;
      return isNewer(api, ctx.expectedMax) ? `API ${api} is above the maximum ${ctx.expectedMax}` : null;
    },
    run: (ctx, api, options) =>
      checkProperty(
        fc.tuple(spellingsOf(api!), servedResource),
        async ([spelling, [method, path]]) => {
          const log = new ExchangeLog(ctx.client);
          if (isOlder(api!, floor)) {
            const reply = await log.send(method, `/v${spelling}${path}`);
            log.expect(isClientError(reply), `API ${spelling} is below ${floor} and should be refused, got ${reply.status}`);
            return;
          }
          await expectServed(log, method, spelling, path);
          if (path === '/version' && api === floor) {
            const reply = await log.send('GET', '/version');
            const min = parseJsonObject(reply.body)?.['MinAPIVersion'];
            log.expect(min === floor, `MinAPIVersion should be ${floor}, got ${String(min)}`);
          }
        },
        options,
        isOlder(api!, floor) ? `API ${api} is refused (below ${floor})` : `API ${api} is served (${floor} or later)`,
      ),
  };
}

export const minimum112Check = documentedFloorCheck('api.version.minimum-1.12', '1.12', () => true);
export const below124Check = documentedFloorCheck('api.version.below-1.24-disabled', '1.24', (api) => isOlder(api, '1.24'));
export const limitsMinimumCheck = documentedFloorCheck('limits.min-api-version', '1.24', (api) => api === '1.23' || api === '1.24');
