import fc from 'fast-check';
import { unknownPath } from '../arbitraries/requests.js';
import { ExchangeLog } from '../harness/exchange-log.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import type { SuiteContext } from '../harness/context.js';

/** Clean paths: served ones, versioned at the maximum, and unknown ones. */
const cleanPath = (ctx: SuiteContext): fc.Arbitrary<string> =>
  fc.oneof(fc.constantFrom('/_ping', '/version', `/v${ctx.expectedMax}/version`, `/v${ctx.expectedMin}/_ping`), unknownPath);

type Dirt = 'double-slash' | 'dot' | 'parent';

/** Inserts one kind of dirt after the n-th slash of a clean path; cleaning it gives the path back. */
function soil(path: string, dirt: Dirt, n: number): string {
  const slashes = [...path].flatMap((char, i) => (char === '/' ? [i] : []));
  const at = slashes[n % slashes.length]! + 1;
  const inserted = dirt === 'double-slash' ? '/' : dirt === 'dot' ? './' : 'ctc-x/../';
  return path.slice(0, at) + inserted + path.slice(at);
}

export const cleanRedirectCheck: RuleCheck = {
  rule: 'api.path.clean-redirect',
  run: (ctx, _api, options) =>
    checkProperty(
      // Every method: the router cleans the path before it looks at the method (observed: POST /%2F_ping?a=b → 301).
      fc.record({
        path: cleanPath(ctx),
        dirt: fc.constantFrom<Dirt>('double-slash', 'dot', 'parent'),
        at: fc.nat(8),
        query: fc.boolean(),
        method: fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'),
      }),
      async ({ path, dirt, at, query, method }) => {
        const log = new ExchangeLog(ctx.client);
        const suffix = query ? '?ctc=1' : '';
        const dirty = soil(path, dirt, at) + suffix;
        const reply = await log.send(method, dirty);
        log.expect(reply.status === 301, `${method} ${dirty} should be redirected (301) to its clean path, got ${reply.status}`);
        log.expect(reply.headers['location'] === path + suffix, `Location should be ${path + suffix}, got ${String(reply.headers['location'])}`);
      },
      options,
      'unclean paths are redirected to their clean form',
    ),
};

export const optionsCheck: RuleCheck = {
  rule: 'api.options.any-path',
  run: (ctx, _api, options) =>
    checkProperty(
      fc.tuple(fc.constantFrom('', `/v${ctx.expectedMax}`, `/v${ctx.expectedMin}`), fc.oneof(fc.constantFrom('/_ping', '/version'), unknownPath)),
      async ([prefix, path]) => {
        const log = new ExchangeLog(ctx.client);
        const reply = await log.send('OPTIONS', prefix + path);
        log.expect(reply.status === 200, `OPTIONS ${prefix + path} should answer 200, got ${reply.status}`);
        log.expect(reply.body === '', `OPTIONS ${prefix + path} should have no body, got ${JSON.stringify(reply.body.slice(0, 80))}`);
        log.expect(reply.headers['api-version'] === ctx.expectedMax, `Api-Version should be ${ctx.expectedMax}, got ${String(reply.headers['api-version'])}`);
      },
      options,
      'OPTIONS answers on every path',
    ),
};
