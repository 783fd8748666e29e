import fc from 'fast-check';
import { inRange, isOlder } from '../../common/dotted-version.js';
import { NONDISTRIBUTABLE_NULL_FROM_RELEASE } from '../../specs/info-fields.js';
import type { SuiteContext } from '../harness/context.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { Unjudgeable } from '../harness/verdict.js';
import { everySpelling } from '../laws/every-spelling.js';
import { parseJsonObject } from '../laws/expect.js';
import { infoValidator, type NondistributableExpectation } from './info-schema.js';

const inServedRange = (ctx: SuiteContext, api: string | null): string | null =>
  api !== null && inRange(api, { min: ctx.expectedMin, max: ctx.expectedMax }) ? null : `API ${api} is outside ${ctx.expectedMin}–${ctx.expectedMax}`;

/** The deprecated RegistryConfig fields are null from the release that deprecated the option; before it they list what is configured. */
function nondistributableOf(ctx: SuiteContext): NondistributableExpectation {
  if (ctx.release === null) throw new Unjudgeable('release unknown — pass `--release` to judge');
  return isOlder(ctx.release.release, NONDISTRIBUTABLE_NULL_FROM_RELEASE) ? 'null-or-list' : 'null';
}

/**
 * config.info.shape: at every API version the target serves, every spelling of
 * `GET /v<api>/info` answers 200 JSON whose fields match the schema of that version
 * (suites/daemon-config/info-schema.ts).
 */
export const infoShapeCheck: RuleCheck = everySpelling({
  rule: 'config.info.shape',
  applies: inServedRange,
  resources: fc.constant(['GET', '/info'] as const),
  async holds(log, spelling, [method, path], ctx, api) {
    const validate = infoValidator(api, nondistributableOf(ctx));
    const reply = await log.send(method, `/v${spelling}${path}`);
    log.expect(reply.status === 200, `GET /v${spelling}/info should answer 200, got ${reply.status}`);
    const type = reply.headers['content-type'] ?? '';
    log.expect(type.startsWith('application/json'), `GET /v${spelling}/info should be JSON, got Content-Type ${JSON.stringify(type)}`);
    const document = parseJsonObject(reply.body);
    log.expect(document !== null, `GET /v${spelling}/info should be a JSON object, got ${JSON.stringify(reply.body.slice(0, 80))}`);
    const valid = validate(document);
    const problems = (validate.errors ?? [])
      .slice(0, 5)
      .map((error) => `${error.instancePath || '/'} ${error.message ?? 'is invalid'}${error.params === undefined ? '' : ` ${JSON.stringify(error.params)}`}`);
    log.expect(valid, `GET /v${spelling}/info does not match the API ${api} schema: ${problems.join('; ')}`);
  },
  summary: (api) => `GET /v${api}/info answers the fields of API ${api}`,
});
