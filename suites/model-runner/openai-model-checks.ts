import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { CheckClient } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { anySpellingOf, inLease, spell, spelling } from './leased-references.js';
import { inferenceClient, serviceClient } from './endpoints.js';
import { createModel, SUITE_MODEL } from './models.js';
import { call, clip, jsonOf } from './openai-calls.js';
import type { OpenAiObject } from './openai-schemas.js';
import { matching } from '../arbitraries/matching.js';

type Model = OpenAiObject<'model'>;

/** A path component of a model reference (lower case, as the reference grammar wants it). */
const component = matching(/^[a-z][a-z0-9]{2,7}$/);

const show = (ids: Iterable<string>): string => `[${[...ids].sort().join(', ')}]`;

/** mr.openai.models.list: the list is an OpenAI model list; on a runner with management, its ids are the held models. */
export const modelsListCheck: RuleCheck = {
  rule: 'mr.openai.models.list',
  async run(ctx, _api, options) {
    const client = inferenceClient(ctx);
    try {
      if (ctx.instance.endpoints.modelRunnerService === undefined) {
        // A bare OpenAI-compatible server: nothing to create, so one look at its list is the whole check.
        const listOnce = async (): Promise<void> => {
          await call(client, 'GET', '/models', undefined, 'model-list');
        };
        return await checkProperty(fc.constant(null), listOnce, { ...options, numRuns: 1 }, 'GET /models is a valid OpenAI model list');
      }
      const service = serviceClient(ctx);
      try {
        return await checkProperty(
          fc.array(spelling, { minLength: 1, maxLength: 3 }),
          (spellings) =>
            // Registry references leased by the case: the runner creates nothing else, and cells share it.
            inLease(ctx, service, spellings.length, async ({ references }) => {
              const created: string[] = [];
              for (const [i, reference] of references.entries()) {
                await createModel(service, spell(reference, spellings[i]!).text);
                created.push(reference);
              }
              const list = await call(client, 'GET', '/models', undefined, 'model-list');
              // Only this case's references: other cells create and delete models at the same time.
              const listed = list.data.map((model) => model.id).filter(anySpellingOf(references));
              if (!isDeepStrictEqual(new Set(listed), new Set(created)) || listed.length !== created.length) {
                throw new Violation(
                  `after POST /models/create of ${show(created)}, GET /models lists ${show(listed)} of them, not ${show(created)} each once; the body: ${clip(JSON.stringify(list))}`,
                );
              }
            }),
          options,
          'GET /models is a valid OpenAI model list, and lists exactly the models created (by their canonical references)',
        );
      } finally {
        service.close();
      }
    } finally {
      client.close();
    }
  },
};

/** The path of an id as separate segments (the reference's own "/"); ":" is kept, as a path allows it. */
const segmentsPath = (id: string): string =>
  `/models/${id
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/%3A/gi, ':'))
    .join('/')}`;
/** The path of an id as one segment, "/" escaped as %2F, as openai-node sends it (src/internal/utils/path.ts). */
const escapedPath = (id: string): string => `/models/${encodeURIComponent(id)}`;
const spellings = (id: string): string[] => [...new Set([segmentsPath(id), escapedPath(id)])];

/** Whether `id` is still listed (a model another cell deleted meanwhile is no longer the target's to answer). */
async function stillListed(client: CheckClient, id: string): Promise<boolean> {
  const list = await call(client, 'GET', '/models', undefined, 'model-list');
  return list.data.some((model) => model.id === id);
}

/** Both spellings of a listed id answer its list entry. */
async function retrievesEntry(client: CheckClient, entry: Model): Promise<void> {
  for (const path of spellings(entry.id)) {
    const reply = await client.request('GET', path);
    if (reply.status !== 200) {
      if (!(await stillListed(client, entry.id))) return;
      throw new Violation(`${entry.id} is listed, but GET ${path} answered ${reply.status}: ${clip(reply.body)}`);
    }
    const model = jsonOf(`GET ${path}`, reply);
    if (!isDeepStrictEqual(model, entry)) throw new Violation(`GET ${path} answered ${clip(reply.body)}, not the list's entry ${clip(JSON.stringify(entry))}`);
  }
}

/** mr.openai.models.retrieve: every listed id, in both spellings, is its list entry; an id not listed is 404. */
export const modelsRetrieveCheck = runnerCheck({
  rule: 'mr.openai.models.retrieve',
  // The model is held (though no case names it) so that the list holds at least one model (on a runner with management it creates the suite's).
  cases: () => fc.record({ namespace: component, name: component, spelled: spelling }),
  judge: async ({ namespace, name, spelled }, { client, ctx }) => {
    // On a runner with management, other cells create and delete models meanwhile: only the
    // models no other cell touches are judged (the suite's, and a registry reference leased by the case).
    const service = ctx.instance.endpoints.modelRunnerService === undefined ? undefined : serviceClient(ctx);
    try {
      if (service === undefined) await retrievesListed(client);
      else
        await inLease(ctx, service, 1, async ({ references: [own] }) => {
          await createModel(service, spell(own!, spelled).text);
          await retrievesListed(client, own!);
        });
    } finally {
      service?.close();
    }
    const list = await call(client, 'GET', '/models', undefined, 'model-list');
    const unknown = `mrr${namespace}/${name}:latest`;
    fc.pre(!list.data.some((model) => model.id === unknown));
    for (const path of spellings(unknown)) {
      const reply = await client.request('GET', path);
      if (reply.status !== 404) throw new Violation(`${unknown} is not listed, but GET ${path} answered ${reply.status}: ${clip(reply.body)}`);
    }
  },
  summary: 'every listed id answered its list entry, as two segments and escaped; ids not listed answered 404',
});

/** Every listed entry (with `own`, only the suite's model and `own`, which must be listed) answers its list entry. */
async function retrievesListed(client: CheckClient, own?: string): Promise<void> {
  const list = await call(client, 'GET', '/models', undefined, 'model-list');
  const judged = own === undefined ? list.data : list.data.filter((entry) => entry.id === SUITE_MODEL || entry.id === own);
  if (own !== undefined && !judged.some((entry) => entry.id === own))
    throw new Violation(`${own} was created, but GET /models does not list it: ${clip(JSON.stringify(list))}`);
  for (const entry of judged) await retrievesEntry(client, entry);
}
