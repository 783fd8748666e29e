import fc from 'fast-check';
import { Violation } from '../harness/verdict.js';
import { cleanUp, freshNamespace, listRecords, ownTags, sendCreate, show } from './management-calls.js';
import { clip } from './openai-calls.js';
import { bind, modelPath, validReference } from './reference-arbitraries.js';
import { runnerCheck } from './runner-check.js';

/**
 * mr.models.create.unknown: a well-formed reference no registry has is 404 "Model not found", and
 * nothing is stored. The references hold a fresh random namespace (`m` and 8 letters or digits), so
 * no registry has them, whatever the target's.
 */
export const createUnknownCheck = runnerCheck({
  rule: 'mr.models.create.unknown',
  via: 'service',
  model: false,
  cases: () => fc.uniqueArray(validReference, { minLength: 1, maxLength: 3, selector: (ref) => ref.canonical }),
  summary: 'creates of well-formed references no registry has answered 404 saying the model was not found, and nothing was held or listed under them after',
  judge: async (refs, { client }) => {
    const ns = freshNamespace();
    try {
      for (const ref of refs) {
        const text = bind(ref.text, ns);
        const reply = await sendCreate(client, text);
        if (reply.status !== 404)
          throw new Violation(
            `POST /models/create {"from": ${JSON.stringify(text)}} (a namespace no registry has) answered ${reply.status}, not 404: ${clip(reply.body)}`,
          );
        if (!/not found/i.test(reply.body))
          throw new Violation(`POST /models/create {"from": ${JSON.stringify(text)}} answered 404 without saying the model was not found: ${clip(reply.body)}`);
        const path = modelPath(ref, ns);
        const got = await client.request('GET', `/models/${path}`);
        if (got.status !== 404)
          throw new Violation(`after the refused create of ${text}, GET /models/${path} answered ${got.status}, not 404: ${clip(got.body)}`);
      }
      const listed = ownTags(await listRecords(client), ns);
      if (listed.length > 0)
        throw new Violation(`after refused creates of ${show(refs.map((ref) => bind(ref.text, ns)))}, GET /models lists ${show(listed)} in their namespace`);
    } finally {
      await cleanUp(client, ns);
    }
  },
});
