import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { Violation } from '../harness/verdict.js';
import { inLease, tagOrFail } from './leased-references.js';
import { createOrFail } from './management-calls.js';
import { clip } from './openai-calls.js';
import { component, tag } from './reference-arbitraries.js';
import { runnerCheck } from './runner-check.js';

/** The actions of POST /models/{reference}/{action} (and GET's export): a generated extra segment is none of them. */
const ACTIONS = new Set(['tag', 'push', 'repackage', 'export', 'purge', 'create', 'load']);

const extraSegment = component.filter((segment) => !ACTIONS.has(segment));

/** mr.models.extra-segments: GET and DELETE with segments after a held reference are 404; POST with an unknown action is 404. */
export const extraSegmentsCheck = runnerCheck({
  rule: 'mr.models.extra-segments',
  via: 'service',
  model: false,
  cases: () =>
    fc.record({
      name: component,
      // Lower case: what a tag's case does is mr.reference.normalised's, not this rule's.
      tag: fc.option(
        tag.map((t) => t.toLowerCase()),
        { nil: undefined },
      ),
      extra: fc.array(extraSegment, { minLength: 1, maxLength: 3 }),
      order: fc.shuffledSubarray(['GET', 'DELETE', 'POST'] as const, { minLength: 1 }),
      // Under a name of the case's own (given by a tag), or under the registry reference itself.
      named: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
  summary: 'paths with segments after a held reference answered 404 to GET, DELETE and POST, and the model was still held, its record unchanged',
  judge: ({ name, tag: t, extra, order, named }, { client, ctx }) =>
    inLease(ctx, client, 1, async ({ references: [registry], namespace: ns }) => {
      // The runner creates only what its registry has: a name of the case's own is a tag of that model.
      await createOrFail(client, registry!);
      const reference = named ? `${ns}/${name}${t === undefined ? '' : `:${t}`}` : registry!;
      if (named) await tagOrFail(client, registry!, reference);
      const before = await client.request('GET', `/models/${reference}`);
      if (before.status !== 200) throw new Violation(`GET /models/${reference} (just created) answered ${before.status}: ${clip(before.body)}`);
      const path = `/models/${reference}/${extra.join('/')}`;
      for (const method of order) {
        const reply = await client.request(method, path, method === 'POST' ? { json: {} } : {});
        const why = method === 'POST' ? `its last segment ${JSON.stringify(extra[extra.length - 1])} is no action` : 'no model is held under that path';
        if (reply.status !== 404) throw new Violation(`${method} ${path} (${why}) answered ${reply.status}, not 404: ${clip(reply.body)}`);
      }
      const after = await client.request('GET', `/models/${reference}`);
      if (after.status !== 200 || !isDeepStrictEqual(JSON.parse(after.body), JSON.parse(before.body)))
        throw new Violation(
          `after ${order.join(', ')} ${path}, GET /models/${reference} answered ${after.status} ${clip(after.body)}, not the record held before: ${clip(before.body)}`,
        );
    }),
});
