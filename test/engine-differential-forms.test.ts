import fc from 'fast-check';
import t from 'tap';
import type { HttpReply } from '../suites/http/client.js';
import { formOf, shapeOf } from '../suites/model-runner/engine-differential/answer-form.js';
import { formDifferences } from '../suites/model-runner/engine-differential/form-differences.js';

const reply = (status: number, body: string, type = 'application/json'): HttpReply => ({ status, headers: { 'content-type': type }, body });
/** JSON values with the leaves replaced: the same shape, other text and numbers (an `object` type tag kept). */
const releaf = (value: unknown, seed: number): unknown =>
  Array.isArray(value)
    ? value.map((v) => releaf(v, seed))
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k === 'object' && typeof v === 'string' ? v : releaf(v, seed)]))
      : typeof value === 'string'
        ? `${value}${seed}`
        : typeof value === 'number'
          ? value + seed
          : value;

t.test('an answer differs from nothing of its own form; text and numbers are not compared', async (t) => {
  fc.assert(
    fc.property(fc.jsonValue(), fc.constantFrom(200, 400, 404, 500), fc.integer({ min: 1, max: 9 }), (value, status, seed) => {
      const a = formOf(reply(status, JSON.stringify(value)));
      const b = formOf(reply(status, JSON.stringify(releaf(value, seed))));
      return formDifferences(a, a).length === 0 && formDifferences(a, b).length === 0;
    }),
  );
  t.pass('json values');
  fc.assert(
    fc.property(fc.array(fc.jsonValue(), { maxLength: 5 }), fc.boolean(), (events, done) => {
      const body = [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), done ? 'data: [DONE]\n\n' : ''].join('');
      const form = formOf(reply(200, body, 'text/event-stream'));
      return form.done === (done || false) && formDifferences(form, form).length === 0;
    }),
  );
  t.pass('event streams');
});

t.test('what a client would parse differently is a difference, with its path', async (t) => {
  const a = formOf(reply(200, '{"choices":[{"message":{"content":"x"}}],"usage":{"total_tokens":1}}'));
  const b = formOf(reply(200, '{"choices":[{"message":{"content":null}}],"timings":{}}'));
  t.same(
    formDifferences(a, b).map((d) => `${d.aspect} ${d.at}`),
    ['type $.choices[].message.content', 'only-first $.usage', 'only-second $.timings'],
  );
  const plain = formOf(reply(404, 'model not found\n', 'text/plain; charset=utf-8'));
  const openai = formOf(reply(404, '{"error":{"message":"model not found","type":"not_found_error","code":404}}'));
  t.same(
    formDifferences(plain, openai).map((d) => d.aspect),
    ['body', 'error'],
    'an error in plain text vs the OpenAI error object',
  );
  t.same(
    formDifferences(formOf(reply(200, '{}')), formOf(reply(400, '{}'))).map((d) => d.aspect),
    ['status', 'error'],
  );
  t.same(shapeOf([1, 'a', 2]), { array: ['number', 'string'] }, 'arrays: the merged shapes of their elements');
  t.same(
    formDifferences(formOf(reply(200, '{"object":"chat.completion"}')), formOf(reply(200, '{"object":"chat_completion"}'))).map((d) => d.aspect),
    ['type'],
    'the OpenAI type tag is part of the shape',
  );
  t.same(shapeOf([{ a: 1 }, { b: 'x' }]), { array: [{ object: { a: 'number', b: 'string' } }] }, 'objects merged key by key');
});
