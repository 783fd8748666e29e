import { plainError, RUNNER_MESSAGES, sendJson } from '../replies.js';
import { ModelStoreError, parseModelReference, type ModelRecord } from '../store/index.js';
import type { RunnerRequest } from './context.js';
import { listedThroughCache } from '../../quirks/model-runner/openai-list-cached.js';
import { withoutLatest } from '../../quirks/model-runner/latest-dropped.js';
import { objectFromId } from '../../quirks/model-runner/retrieve-any-id.js';
import type { OpenAiModelsVariant } from './openai-models-variant.js';

/**
 * A record as an OpenAI model object; its id is its first tag, as the real service lists it. Where
 * a fault or a quirk makes these routes differ, they read the field of their variant
 * (openai-models-variant.ts) that says how.
 */
function modelObject(record: ModelRecord, ownedBy: string | null, variant: OpenAiModelsVariant): Record<string, unknown> {
  const id = record.tags[0] ?? record.id;
  return {
    id: variant.latestDropped ? withoutLatest(id) : id,
    object: 'model',
    created: record.created,
    ...(ownedBy === null ? {} : { owned_by: ownedBy }),
  };
}

/** GET /engines[/<engine>]/v1/models: every model held, whatever the engine (the real service does not check it). */
export function listOpenAiModels(x: RunnerRequest, engine: string | null): void {
  const variant = x.runner.variants.openAiModels;
  const owner = variant.listOwner(engine);
  sendJson(x.res, 200, {
    object: 'list',
    data: (variant.listCached ? listedThroughCache(x.runner, x.runner.records()) : x.runner.records()).map((record) => modelObject(record, owner, variant)),
  });
}

/** GET /engines[/<engine>]/v1/models/{namespace}/{name}, or the id as one escaped segment. */
export function retrieveOpenAiModel(x: RunnerRequest, engine: string | null, parts: readonly string[]): void {
  const variant = x.runner.variants.openAiModels;
  if (!variant.escapedSlashTaken && parts.length === 1 && parts[0]!.includes('/')) return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  let record: ModelRecord | undefined;
  try {
    record = x.runner.get(parseModelReference(parts.join('/')));
  } catch (error) {
    if (!(error instanceof ModelStoreError)) throw error;
  }
  if (record === undefined && variant.retrieveAnyId) return sendJson(x.res, 200, objectFromId(parts.join('/')));
  if (record === undefined) return plainError(x.res, 404, RUNNER_MESSAGES.modelNotFound);
  sendJson(x.res, 200, modelObject(record, variant.retrieveOwner(engine), variant));
}
