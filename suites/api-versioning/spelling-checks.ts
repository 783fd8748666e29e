import { compareVersions } from '../../common/dotted-version.js';
import { malformedVersion, numericVersion } from '../arbitraries/versions.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { isClientError, isSuccess, messageOf } from '../laws/expect.js';

export const compareNumericCheck: RuleCheck = {
  rule: 'api.version.compare-numeric',
  run: (ctx, _api, options) =>
    checkProperty(
      numericVersion,
      async (spelling) => {
        const log = new ExchangeLog(ctx.client);
        const url = `/v${spelling}/version`;
        const reply = await log.send('GET', url);
        if (compareVersions(spelling, ctx.expectedMin) < 0) {
          log.expect(
            isClientError(reply) && messageOf(reply).includes('is too old'),
            `${url} compares below ${ctx.expectedMin} and should be refused as too old, got ${reply.status}`,
          );
        } else if (compareVersions(spelling, ctx.expectedMax) > 0) {
          log.expect(
            isClientError(reply) && messageOf(reply).includes('is too new'),
            `${url} compares above ${ctx.expectedMax} and should be refused as too new, got ${reply.status}`,
          );
        } else {
          log.expect(isSuccess(reply), `${url} compares within ${ctx.expectedMin}–${ctx.expectedMax} and should be served, got ${reply.status}`);
        }
      },
      options,
      'numeric spellings compare segment-wise',
    ),
};

export const malformedCheck: RuleCheck = {
  rule: 'api.version.malformed-not-found',
  run: (ctx, _api, options) =>
    checkProperty(
      malformedVersion,
      async (spelling) => {
        const log = new ExchangeLog(ctx.client);
        const url = `/v${encodeURI(spelling)}/version`;
        const reply = await log.send('GET', url);
        log.expect(reply.status === 404, `${url} is not a versioned route and should answer 404, got ${reply.status}`);
      },
      options,
      'malformed version prefixes are not routes',
    ),
};
