import fc from 'fast-check';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { HttpClientError } from '../http/client.js';

/** A bad request: where it goes, its body, its content type; or a stream the client leaves. */
type BadInput =
  | { readonly kind: 'body'; readonly path: string; readonly body: string; readonly contentType: string }
  | { readonly kind: 'abandoned-stream'; readonly afterMs: number };

export const INFERENCE_PATHS = ['/engines/v1/chat/completions', '/engines/v1/completions', '/engines/v1/embeddings', '/models/create'];

/** Bodies a client gets wrong: not JSON, JSON of the wrong shape, wrong types, a lone surrogate, raw bytes. */
export const badBody = (model: string): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength: 40 }).filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    }),
    fc.json().filter((text) => {
      const value: unknown = JSON.parse(text);
      return typeof value !== 'object' || value === null || Array.isArray(value);
    }),
    fc.array(fc.anything(), { maxLength: 3 }).map((items) => JSON.stringify(items)),
    fc
      .record({
        model: fc.constant(model),
        messages: fc.oneof(fc.anything(), fc.array(fc.anything(), { maxLength: 2 })),
        input: fc.anything(),
        prompt: fc.anything(),
        n: fc.anything(),
        stop: fc.anything(),
      })
      .map((doc) => JSON.stringify(doc)),
    fc.constant(`{"model": ${JSON.stringify(model)}, "messages": [{"role": "user", "content": "\\ud800"}]}`),
    fc.uint8Array({ maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
  );

const badInput = (model: string): fc.Arbitrary<BadInput> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('body' as const),
        path: fc.constantFrom(...INFERENCE_PATHS),
        body: badBody(model),
        contentType: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('abandoned-stream' as const), afterMs: fc.integer({ min: 0, max: 5 }) }) },
  );

/** mr.server.survives-bad-input: bad requests get errors (never a 5xx for the body's sake), and the runner serves on. */
export const survivesBadInputCheck = runnerCheck({
  rule: 'mr.server.survives-bad-input',
  via: 'service',
  cases: (model) => fc.array(badInput(model), { minLength: 1, maxLength: 6 }),
  judge: async (inputs, { client, model }) => {
    const chat = { model, messages: [{ role: 'user', content: 'still there?' }], max_tokens: 4 };
    for (const input of inputs) {
      if (input.kind === 'body') {
        const reply = await client.request('POST', input.path, {
          body: input.body,
          headers: input.contentType === '' ? {} : { 'Content-Type': input.contentType },
        });
        if (reply.status >= 500)
          throw new Violation(
            `POST ${input.path} with ${JSON.stringify(input.body).slice(0, 120)} (${input.contentType || 'no content type'}) answered ${reply.status}: ${reply.body.slice(0, 200)}`,
          );
      } else {
        const leaving = new AbortController();
        setTimeout(() => leaving.abort(), input.afterMs).unref();
        await client
          .request('POST', '/engines/v1/chat/completions', { json: { ...chat, stream: true, max_tokens: 64, n: 4 }, signal: leaving.signal })
          .catch((error: unknown) => {
            if (!(error instanceof HttpClientError)) throw error;
          });
      }
    }
    const answer = await client.request('POST', '/engines/v1/chat/completions', { json: chat });
    if (answer.status !== 200)
      throw new Violation(`after ${inputs.length} bad requests, a good chat completion answered ${answer.status}: ${answer.body.slice(0, 200)}`);
    const held = await client.request('GET', `/models/${model.replace(/:latest$/, '')}`);
    if (held.status !== 200) throw new Violation(`after the bad requests, the model ${model} is no longer held (GET answered ${held.status})`);
  },
  summary: 'bad bodies and abandoned streams got errors, never a 5xx, and the runner served on with its store intact',
});
