import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { CheckClient } from '../harness/context.js';
import { checkProperty } from '../harness/property.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { runnerCheck } from './runner-check.js';
import { Violation } from '../harness/verdict.js';
import { HttpClientError } from '../http/client.js';
import { inferenceClient, serviceClient } from './endpoints.js';
import { createModel, SUITE_MODEL } from './models.js';
import { call, clip, jsonOf } from './openai-calls.js';
import type { OpenAiObject } from './openai-schemas.js';

type Model = OpenAiObject<'model'>;

/** A path component of a model reference (lower case, as the reference grammar wants it). */
const component = fc.stringMatching(/^[a-z][a-z0-9]{2,7}$/);

/**
 * A namespace no other cell uses: random, not generated, because parallel cells run with the same
 * seed and would otherwise create and delete each other's models.
 */
const freshNamespace = (prefix: string): string => `${prefix}${randomBytes(6).toString('hex')}`;

const show = (ids: Iterable<string>): string => `[${[...ids].sort().join(', ')}]`;

/** Deletes what a case created; a failure to clean up must not hide the case's own verdict. */
async function deleteQuietly(service: CheckClient, reference: string): Promise<void> {
  await service.request('DELETE', `/models/${reference}`).catch((error: unknown) => {
    if (!(error instanceof HttpClientError)) throw error;
  });
}

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
          fc.uniqueArray(component, { minLength: 1, maxLength: 3 }),
          async (names) => {
            const namespace = freshNamespace('mrl');
            const created: string[] = [];
            try {
              for (const name of names) {
                await createModel(service, `${namespace}/${name}`);
                created.push(`${namespace}/${name}`);
              }
              const list = await call(client, 'GET', '/models', undefined, 'model-list');
              // Only this case's namespace: other cells create and delete models at the same time.
              const listed = new Set(list.data.map((model) => model.id).filter((id) => id.startsWith(`${namespace}/`)));
              const expected = new Set(created.map((reference) => `${reference}:latest`));
              if (!isDeepStrictEqual(listed, expected)) {
                throw new Violation(
                  `after POST /models/create of ${show(created)}, GET /models lists ${show(listed)} in ${namespace}/, not ${show(expected)}; the body: ${clip(JSON.stringify(list))}`,
                );
              }
            } finally {
              for (const reference of created) await deleteQuietly(service, reference);
            }
          },
          options,
          'GET /models is a valid OpenAI model list, and lists exactly the models created (as namespace/name:latest)',
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
  cases: () => fc.record({ namespace: component, name: component }),
  judge: async ({ namespace, name }, { client, ctx }) => {
    // On a runner with management, other cells create and delete models meanwhile: only the
    // models no other cell touches are judged (the suite's, and one of this case's own).
    const service = ctx.instance.endpoints.modelRunnerService === undefined ? undefined : serviceClient(ctx);
    const own = `mrt${namespace}/${name}:latest`;
    try {
      if (service !== undefined) await createModel(service, own);
      const list = await call(client, 'GET', '/models', undefined, 'model-list');
      const judged = service === undefined ? list.data : list.data.filter((entry) => entry.id === SUITE_MODEL || entry.id === own);
      if (service !== undefined && !judged.some((entry) => entry.id === own))
        throw new Violation(`${own} was created, but GET /models does not list it: ${clip(JSON.stringify(list))}`);
      for (const entry of judged) await retrievesEntry(client, entry);
    } finally {
      if (service !== undefined) {
        await service.request('DELETE', `/models/${own.replace(/:latest$/, '')}`);
        service.close();
      }
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
