import fc from 'fast-check';
import { LOWER_DIGITS, word } from '../arbitraries/words.js';
import { Unjudgeable, Violation } from '../harness/verdict.js';
import { compareSides } from './answer-comparison.js';
import { serviceEndpoint } from './endpoints.js';
import { bodyOf, describeCall, openAiCall, type OpenAiCall } from './openai-call-arbitraries.js';
import { runnerCheck } from './runner-check.js';

/**
 * Paths under /v1/ that are no OpenAI-style endpoint of the shortcut, each with what it is under
 * /engines/v1/: the full form with an engine named v1 (GET lists, POST an unknown engine), another
 * version segment after it, unknown words, one endpoint with a method it does not take.
 */
const otherPath: fc.Arbitrary<OpenAiCall> = fc.oneof(
  fc.constantFrom(
    { method: 'GET' as const, path: '/v1/models', valid: false },
    { method: 'POST' as const, path: '/v1/chat/completions', raw: '{"model":"x"}', valid: false },
    { method: 'POST' as const, path: '/llama.cpp/v1/embeddings', raw: '{"model":"x"}', valid: false },
  ),
  fc.tuple(fc.constantFrom('GET' as const, 'POST' as const), word(LOWER_DIGITS, 1, 8)).map(([method, name]) => ({ method, path: `/${name}`, valid: false })),
  fc.constantFrom(
    { method: 'GET' as const, path: '/chat/completions', valid: false },
    { method: 'GET' as const, path: '/embeddings', valid: false },
    { method: 'POST' as const, path: '/models', raw: '{}', valid: false },
  ),
);

/** mr.engines.v1-alias: on the TCP listener, every request answers alike under /v1/ and /engines/v1/. */
export const v1AliasCheck = runnerCheck({
  rule: 'mr.engines.v1-alias',
  via: 'service',
  cases: (model, ctx) => {
    if (serviceEndpoint(ctx.instance).kind !== 'tcp') throw new Unjudgeable('the model runner service address is not a TCP address');
    return fc.record({
      calls: fc.array(fc.oneof({ weight: 3, arbitrary: openAiCall(model) }, { weight: 1, arbitrary: otherPath }), { minLength: 1, maxLength: 4 }),
      aliasFirst: fc.boolean(),
    });
  },
  judge: async ({ calls, aliasFirst }, { client, model }) => {
    for (const call of calls) {
      const side = (base: string) => ({
        label: `${call.method} ${base}${call.path}`,
        send: () => client.request(call.method, `${base}${call.path}`, bodyOf(call)),
      });
      const [alias, full] = [side('/v1'), side('/engines/v1')];
      // A list also shows other cells' models; when it will not hold still, the suite's model is compared
      // (any GET under /models: a runner may answer a list there too).
      const difference = await compareSides(
        aliasFirst ? alias : full,
        aliasFirst ? full : alias,
        call.method === 'GET' && call.path.startsWith('/models') ? (reference) => reference === model : undefined,
      );
      if (difference !== null) throw new Violation(`${describeCall(call, `[/engines]/v1${call.path}`)}: ${difference}`);
    }
  },
  summary: 'every request answered alike under /v1/ and /engines/v1/ on the TCP listener',
});
