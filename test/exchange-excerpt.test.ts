import fc from 'fast-check';
import t from 'tap';
import { binaryBodyNote } from '../reports/model/result.js';
import { bodyOf, toExchange } from '../suites/harness/exchange-log.js';

/** What a report keeps of a request body: its text cut to the excerpt, decoded whole (the slow reference). */
const reference = (body: Buffer | string | undefined, json?: unknown): string | undefined => {
  if (json !== undefined) return JSON.stringify(json).slice(0, 400);
  if (body === undefined) return undefined;
  if (typeof body === 'string') return body.slice(0, 400);
  return body.includes(0) ? binaryBodyNote(body.length) : body.toString('utf8').slice(0, 400);
};

// Text around the cut: multi-byte and astral characters, and bytes that are no UTF-8 at all.
const bytes = fc.oneof(
  fc.uint8Array({ minLength: 0, maxLength: 3000 }).map((a) => Buffer.from(a)),
  fc.string({ unit: 'binary', minLength: 0, maxLength: 1200 }).map((s) => Buffer.from(s, 'utf8')),
  fc
    .tuple(fc.string({ unit: 'grapheme', maxLength: 500 }), fc.uint8Array({ maxLength: 8 }))
    .map(([s, tail]) => Buffer.concat([Buffer.from(s.replace(/\0/g, ''), 'utf8'), Buffer.from(tail.filter((b) => b !== 0))])),
);

t.test('the excerpt of a request body is what decoding it whole and cutting it gives', async (t) => {
  fc.assert(
    fc.property(
      bytes,
      (body) => bodyOf({ body }) === reference(body) && toExchange('POST /x', null, undefined, bodyOf({ body })).requestBody === reference(body),
    ),
    { numRuns: 400 },
  );
  fc.assert(
    fc.property(
      fc.string({ unit: 'binary', maxLength: 1000 }),
      fc.jsonValue(),
      (text, json) => bodyOf({ body: text }) === reference(text) && bodyOf({ json }) === reference(undefined, json),
    ),
    { numRuns: 200 },
  );
  // fast-check throws with the seed and path of a counterexample; here both properties held.
  t.pass('both properties held');
  t.equal(bodyOf(undefined), undefined);
  t.equal(bodyOf({}), undefined);
});
