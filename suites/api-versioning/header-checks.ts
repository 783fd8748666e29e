import fc from 'fast-check';
import { isNewer, isOlder } from '../../common/dotted-version.js';
import { LEGACY_ERROR_API } from '../../specs/messages.js';
import { SERVED_RESOURCES, unknownPath } from '../arbitraries/requests.js';
import { spellingsOf } from '../arbitraries/versions.js';
import type { SuiteContext } from '../harness/context.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { everySpelling } from '../laws/every-spelling.js';
import { unobserved } from '../harness/release-facts.js';
import { skipped } from '../harness/verdict.js';
import type { HttpReply } from '../http/client.js';
import { isClientError, messageOf, PAGE_NOT_FOUND, parseJsonObject } from '../laws/expect.js';

export const apiVersionHeaderCheck = everySpelling({
  rule: 'api.headers.api-version',
  // HEAD /_ping too: a /_ping answer like the others (observed: Api-Version on HEAD /v1.51/_ping and its refusals on 20.10.24, 26.1.5, 28.5.2).
  resources: SERVED_RESOURCES,
  async holds(log, spelling, [method, path], ctx) {
    const reply = await log.send(method, `/v${spelling}${path}`);
    log.expect(
      reply.headers['api-version'] === ctx.expectedMax,
      `Api-Version should be ${ctx.expectedMax} whatever version was asked, got ${String(reply.headers['api-version'])}`,
    );
    log.expect(
      reply.headers['ostype'] === 'linux' || reply.headers['ostype'] === 'windows',
      `Ostype should be linux or windows, got ${String(reply.headers['ostype'])}`,
    );
    log.expect(typeof reply.headers['server'] === 'string' && reply.headers['server'] !== '', 'Server header should be present');
  },
  summary: () => 'Api-Version, Ostype and Server on every answer',
});

function expectJsonError(log: ExchangeLog, reply: HttpReply, url: string): void {
  log.expect(isClientError(reply), `${url} should be an error, got ${reply.status}`);
  log.expect(
    (reply.headers['content-type'] ?? '').startsWith('application/json'),
    `${url}: error Content-Type should be application/json, got ${String(reply.headers['content-type'])}`,
  );
  log.expect(
    typeof parseJsonObject(reply.body)?.['message'] === 'string',
    `${url}: error body should be a JSON object with a string "message", got ${JSON.stringify(reply.body.slice(0, 100))}`,
  );
}

export const jsonErrorCheck = everySpelling({
  rule: 'api.error.json-body',
  applies: (_ctx, api) => (api !== null && !isOlder(api, LEGACY_ERROR_API) ? null : `API ${api} is below ${LEGACY_ERROR_API}`),
  resources: unknownPath.map((path) => ['GET', path] as const),
  async holds(log, spelling, [method, path], ctx, api) {
    // Above the maximum, the error is the refusal; within the range, an unknown path's 404.
    const url = isNewer(api, ctx.expectedMax) ? `/v${spelling}/version` : `/v${spelling}${path}`;
    expectJsonError(log, await log.send(method, url), url);
  },
  summary: (api) => `errors at API ${api} are JSON`,
});

export const legacyPlainTextCheck: RuleCheck = {
  rule: 'api.error.legacy-plain-text',
  applies: (ctx: SuiteContext, api) =>
    api !== null && isOlder(api, LEGACY_ERROR_API) && isOlder(api, ctx.expectedMin) ? null : `API ${api} is served, or not below ${LEGACY_ERROR_API}`,
  run(ctx, api, options) {
    const plain = ctx.observed?.legacyPlainTextErrors ?? null;
    if (plain === null) {
      return Promise.resolve(skipped(unobserved(ctx, 'the content type of its legacy errors is not known')));
    }
    const expected = plain ? 'text/plain' : 'application/json';
    return checkProperty(
      spellingsOf(api!),
      async (spelling) => {
        const log = new ExchangeLog(ctx.client);
        const url = `/v${spelling}/version`;
        const reply = await log.send('GET', url);
        log.expect(isClientError(reply), `${url} should be refused, got ${reply.status}`);
        log.expect(
          (reply.headers['content-type'] ?? '').startsWith(expected),
          `release ${ctx.release!.release} answers errors below API ${LEGACY_ERROR_API} as ${expected}, got ${String(reply.headers['content-type'])}`,
        );
      },
      options,
      `refusals at API ${api} are ${expected}`,
    );
  },
};

export const legacyPlainTextNotFoundCheck: RuleCheck = {
  rule: 'api.not-found.legacy-plain-text',
  run(ctx, api, options) {
    const plain = ctx.observed?.legacyPlainTextNotFound ?? null;
    if (plain === null) {
      return Promise.resolve(skipped(unobserved(ctx, 'the content type of its legacy 404s is not known')));
    }
    const expected = plain ? 'text/plain' : 'application/json';
    return checkProperty(
      fc.tuple(spellingsOf(api!), fc.constantFrom('GET', 'POST'), unknownPath),
      async ([spelling, method, path]) => {
        const log = new ExchangeLog(ctx.client);
        const url = `/v${spelling}${path}`;
        const reply = await log.send(method, url);
        log.expect(reply.status === 404, `${method} ${url} is no route and should answer 404, got ${reply.status}`);
        log.expect(
          (reply.headers['content-type'] ?? '').startsWith(expected),
          `release ${ctx.release!.release} answers unknown paths below API ${LEGACY_ERROR_API} as ${expected}, got ${String(reply.headers['content-type'])}`,
        );
        log.expect(messageOf(reply) === PAGE_NOT_FOUND, `message should be ${JSON.stringify(PAGE_NOT_FOUND)}, got ${JSON.stringify(messageOf(reply))}`);
      },
      options,
      `unknown paths at API ${api} answer 404 as ${expected}`,
    );
  },
};
