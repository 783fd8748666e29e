import fc from 'fast-check';
import type { CheckClient, SuiteContext } from '../harness/context.js';
import type { PropertyOptions } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerProperty } from './runner-check.js';
import { Violation, type Verdict } from '../harness/verdict.js';
import { LOWER_DIGITS, word } from '../arbitraries/words.js';
import { compareSides } from './answer-comparison.js';
import { defaultEngineOf, DOCKER_DEFAULT_ENGINE } from './endpoints.js';
import { bodyOf, describeCall, generationCall, modelCall, openAiCall, refusedGenerationCall, type OpenAiCall } from './openai-call-arbitraries.js';
import { clip } from './openai-calls.js';
import type { RuleId } from '../../specs/catalogue.js';

/** Runs a property over the service root with the suite's model held. */
async function withModel<T>(
  ctx: SuiteContext,
  options: PropertyOptions,
  arbitrary: (model: string) => fc.Arbitrary<T>,
  body: (client: CheckClient, value: T, model: string) => Promise<void>,
  summary: string,
): Promise<Verdict> {
  return runnerProperty(ctx, options, { via: 'service', cases: arbitrary, judge: (value, { client, model }) => body(client, value, model), summary });
}

/** Generated OpenAI-style requests answer alike under /engines/v1 and under /engines/<engine>/v1. */
function shortcutEquals(rule: RuleId, engineOf: (ctx: SuiteContext) => string): RuleCheck {
  return {
    rule,
    run: (ctx, _api, options) => {
      const engine = engineOf(ctx);
      return withModel(
        ctx,
        options,
        (model) => fc.record({ calls: fc.array(openAiCall(model), { minLength: 1, maxLength: 4 }), shortFirst: fc.boolean() }),
        async (client, { calls, shortFirst }, model) => {
          for (const call of calls) {
            const side = (base: string) => ({
              label: `${call.method} ${base}${call.path}`,
              send: () => client.request(call.method, `${base}${call.path}`, bodyOf(call)),
            });
            const [short, full] = [side('/engines/v1'), side(`/engines/${engine}/v1`)];
            // A list also shows other cells' models; when it will not hold still, the suite's model is compared.
            const difference = await compareSides(
              shortFirst ? short : full,
              shortFirst ? full : short,
              call.path === '/models' ? (reference) => reference === model : undefined,
            );
            if (difference !== null) throw new Violation(`${describeCall(call, `/engines[/${engine}]/v1${call.path}`)}: ${difference}`);
          }
        },
        `every OpenAI-style request answered alike under /engines/v1 and /engines/${engine}/v1`,
      );
    },
  };
}

/** mr.engines.shortcut: the same answers under /engines/v1 and /engines/<the target's default engine>/v1. */
export const shortcutCheck = shortcutEquals('mr.engines.shortcut', (ctx) => defaultEngineOf(ctx.instance));

/** mr.engines.default-name: the same answers under /engines/v1 and /engines/llama.cpp/v1, whatever the target says. */
export const defaultNameCheck = shortcutEquals('mr.engines.default-name', () => DOCKER_DEFAULT_ENGINE);

/**
 * Engine names the runner does not have: lower-case letters, digits, "." and "-", beginning with
 * a letter or digit (so never "." or ".."), never the version segment, and none of the real
 * service's engines (it may have them installed).
 */
const KNOWN_ENGINES = new Set([DOCKER_DEFAULT_ENGINE, 'v1', 'vllm', 'mlx', 'sglang', 'diffusers']);
const unknownEngine = (defaultEngine: string): fc.Arbitrary<string> =>
  fc
    .tuple(word(LOWER_DIGITS, 1, 1), word(`${LOWER_DIGITS}.-`, 0, 15))
    .map(([head, tail]) => head + tail)
    .filter((name) => !KNOWN_ENGINES.has(name) && name !== defaultEngine);

/** mr.engines.unknown: POST chat, completions and embeddings under an unknown engine are 404, whatever the body. */
export const unknownEngineCheck: RuleCheck = {
  rule: 'mr.engines.unknown',
  run: (ctx, _api, options) =>
    withModel(
      ctx,
      options,
      (model) =>
        fc.record({
          engine: unknownEngine(defaultEngineOf(ctx.instance)),
          calls: fc.array(fc.oneof(generationCall(model), refusedGenerationCall(model)), { minLength: 1, maxLength: 4 }),
        }),
      async (client, { engine, calls }) => {
        for (const call of calls) {
          const path = `/engines/${engine}/v1${call.path}`;
          const reply = await client.request(call.method, path, bodyOf(call));
          if (reply.status !== 404)
            throw new Violation(
              `${describeCall(call, path)} (engine ${JSON.stringify(engine)}, not one the runner has) answered ${reply.status}, not 404: ${clip(reply.body)}`,
            );
        }
      },
      'generation requests under engines the runner does not have answered 404, valid body or not',
    ),
};

/**
 * Version segments other than v1: other numbers, other case, no "v", suffixes. Never "", "." or
 * "..", which a cleaned path drops or folds into another.
 */
const otherVersion = fc
  .oneof(
    fc.nat(20).map((n) => `v${n}`),
    fc.nat(20).map((n) => `V${n}`),
    fc.nat(20).map(String),
    fc.tuple(fc.constantFrom('v1', 'V1', 'v2'), fc.constantFrom('.0', '.1', 'beta', 'alpha1', '-preview', '0', '_', '1')).map(([v, tail]) => v + tail),
    fc.constantFrom('v01', 'v', 'api', 'latest', 'openai'),
  )
  .filter((segment) => segment !== 'v1');

/** A valid OpenAI-style request: served under v1, so that its 404 elsewhere is the segment's doing. */
const servedCall = (model: string): fc.Arbitrary<OpenAiCall> =>
  fc.oneof(
    modelCall(model).filter((call) => call.valid),
    generationCall(model),
  );

/** mr.versioning.v1: valid OpenAI-style requests are served under v1, in the full form and the shortcut. */
export const versioningCheck: RuleCheck = {
  rule: 'mr.versioning.v1',
  run: (ctx, _api, options) => {
    const engine = defaultEngineOf(ctx.instance);
    return withModel(
      ctx,
      options,
      (model) => fc.record({ calls: fc.array(servedCall(model), { minLength: 1, maxLength: 3 }), shortFirst: fc.boolean() }),
      async (client, { calls, shortFirst }) => {
        for (const call of calls) {
          const bases = shortFirst ? ['/engines/v1', `/engines/${engine}/v1`] : [`/engines/${engine}/v1`, '/engines/v1'];
          for (const base of bases) {
            const reply = await client.request(call.method, `${base}${call.path}`, bodyOf(call));
            if (reply.status < 200 || reply.status > 299)
              throw new Violation(`${describeCall(call, `${base}${call.path}`)} answered ${reply.status}: the v1 path is not served: ${clip(reply.body)}`);
          }
        }
      },
      'valid OpenAI-style requests were served under v1, in the full form and the shortcut',
    );
  },
};

/** mr.versioning.other-segments: a request v1 serves, with another segment in place of v1, is 404. */
export const otherSegmentsCheck: RuleCheck = {
  rule: 'mr.versioning.other-segments',
  run: (ctx, _api, options) => {
    const engine = defaultEngineOf(ctx.instance);
    return withModel(
      ctx,
      options,
      (model) => fc.record({ segment: otherVersion, calls: fc.array(servedCall(model), { minLength: 1, maxLength: 3 }) }),
      async (client, { segment, calls }) => {
        for (const call of calls) {
          // A request v1 serves (mr.versioning.v1 judges that it is), so that its 404 here is the segment's doing.
          // The segment where v1 belongs, in the full form and in the shortcut (never /engines/<segment>/v1/…: that names an engine).
          for (const path of [`/engines/${engine}/${segment}${call.path}`, `/engines/${segment}${call.path}`]) {
            const other = await client.request(call.method, path, bodyOf(call));
            if (other.status !== 404)
              throw new Violation(
                `${describeCall(call, path)} (version segment ${JSON.stringify(segment)}) answered ${other.status}, not 404: ${clip(other.body)}`,
              );
          }
        }
      },
      'OpenAI-style requests were served under v1 and answered 404 under other version segments',
    );
  },
};
