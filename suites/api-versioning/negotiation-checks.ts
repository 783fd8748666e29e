import { isOlder, compareVersions } from '../../common/dotted-version.js';
import { clientVersion } from '../arbitraries/versions.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { expectServed, expectTooOld, parseJsonObject } from '../laws/expect.js';

/** The daemon side of negotiation: what it advertises, and that it serves what a client then picks. */
export const negotiationCheck: RuleCheck = {
  rule: 'api.version.negotiation',
  run: (ctx, _api, options) =>
    checkProperty(
      clientVersion,
      async (client) => {
        const log = new ExchangeLog(ctx.client);
        const ping = await log.send('GET', '/_ping');
        const advertised = ping.headers['api-version'];
        log.expect(advertised === ctx.expectedMax, `/_ping should advertise Api-Version ${ctx.expectedMax}, got ${String(advertised)}`);
        const version = parseJsonObject((await log.send('GET', '/version')).body);
        log.expect(version?.['ApiVersion'] === ctx.expectedMax, `/version ApiVersion should be ${ctx.expectedMax}, got ${String(version?.['ApiVersion'])}`);
        log.expect(
          version?.['MinAPIVersion'] === ctx.expectedMin,
          `/version MinAPIVersion should be ${ctx.expectedMin}, got ${String(version?.['MinAPIVersion'])}`,
        );
        const negotiated = compareVersions(client, advertised!) < 0 ? client : advertised!;
        if (isOlder(negotiated, ctx.expectedMin)) await expectTooOld(log, 'GET', negotiated, '/version', ctx.expectedMin);
        else await expectServed(log, 'GET', negotiated, '/version');
      },
      { ...options, numRuns: Math.min(options.numRuns, 71) },
      'advertised range and the negotiated version agree',
    ),
};
