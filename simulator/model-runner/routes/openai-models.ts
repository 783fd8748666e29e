import { plainError, RUNNER_MESSAGES, sendJson } from '../replies.js';
import { ModelStoreError, parseModelReference, type ModelRecord } from '../store/index.js';
import type { RunnerRequest } from './context.js';
import { listedThroughCache, OPENAI_LIST_CACHED } from '../../quirks/model-runner/openai-list-cached.js';
import { LATEST_DROPPED, withoutLatest } from '../../quirks/model-runner/latest-dropped.js';
import { objectFromId, RETRIEVE_ANY_ID } from '../../quirks/model-runner/retrieve-any-id.js';

/** A record as an OpenAI model object; its id is its first tag, as the real service lists it. */
function modelObject(record: ModelRecord, ownedBy: string | null, quirks: ReadonlySet<string>): Record<string, unknown> {
  const id = record.tags[0] ?? record.id;
  // Quirk hypothetical.mr.openai.models.list.latest-dropped: a latest tag is not shown.
  return {
    id: quirks.has(LATEST_DROPPED) ? withoutLatest(id) : id,
    object: 'model',
    created: record.created,
    ...(ownedBy === null ? {} : { owned_by: ownedBy }),
  };
}

/** Who the list says owns the models: "docker", as the real service says (faults change it). */
function ownedBy(x: RunnerRequest, engine: string | null): string | null {
  if (x.runner.faults.has('mr.openai.models.list')) return null;
  if (x.runner.faults.has('mr.engines.shortcut') && engine !== null) return engine;
  return 'docker';
}

/** GET /engines[/<engine>]/v1/models: every model held, whatever the engine (the real service does not check it). */
export function listOpenAiModels(x: RunnerRequest, engine: string | null): void {
  const owner = ownedBy(x, engine);
  sendJson(x.res, 200, {
    object: 'list',
    data: (x.runner.quirks.has(OPENAI_LIST_CACHED) ? listedThroughCache(x.runner, x.runner.records()) : x.runner.records()).map((record) =>
      modelObject(record, owner, x.runner.quirks),
    ),
  });
}

/** GET /engines[/<engine>]/v1/models/{namespace}/{name}, or the id as one escaped segment. */
export function retrieveOpenAiModel(x: RunnerRequest, engine: string | null, parts: readonly string[]): void {
  // Fault (mr.openai.models.retrieve): an escaped "/" is not taken.
  if (x.runner.faults.has('mr.openai.models.retrieve') && parts.length === 1 && parts[0]!.includes('/'))
    return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  let record: ModelRecord | undefined;
  try {
    record = x.runner.get(parseModelReference(parts.join('/')));
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
  }
  // Quirk hypothetical.mr.openai.models.retrieve.any-id: an id not held is answered all the same.
  if (record === undefined && x.runner.quirks.has(RETRIEVE_ANY_ID)) return sendJson(x.res, 200, objectFromId(parts.join('/')));
  if (record === undefined) return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  sendJson(x.res, 200, modelObject(record, x.runner.faults.has('mr.openai.models.list') ? 'docker' : ownedBy(x, engine), x.runner.quirks));
}
