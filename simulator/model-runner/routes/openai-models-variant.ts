import type { VariationRow } from '../../faults/variant-table.js';

/**
 * What the OpenAI-style model routes (openai-models.ts, and their place in ../route-table.ts) may do
 * differently from the document.
 * REFERENCE_OPENAI_MODELS is the document's; each fault and quirk that changes them is one row of
 * OPENAI_MODELS_VARIATIONS.
 */
export interface OpenAiModelsVariant {
  /** Who the list says owns the models, given the engine the path names (null: no owned_by). */
  readonly listOwner: (engine: string | null) => string | null;
  /** Who a retrieved model's object says owns it. */
  readonly retrieveOwner: (engine: string | null) => string | null;
  /** A latest tag is not shown in a model's id. */
  readonly latestDropped: boolean;
  /** The list is answered through a cache (openai-list-cached.ts). */
  readonly listCached: boolean;
  /** A model's id as one segment with an escaped "/" is taken. */
  readonly escapedSlashTaken: boolean;
  /** An id not held is answered all the same (retrieve-any-id.ts). */
  readonly retrieveAnyId: boolean;
  /** Under the shortcut /engines/v1, GET /models/{id} answers the whole list (/models matched as a prefix). */
  readonly shortcutRetrieveLists: boolean;
}

const docker = (): string => 'docker';

/** The document's OpenAI-style model routes: "docker" owns every model, as the real service says. */
export const REFERENCE_OPENAI_MODELS: OpenAiModelsVariant = Object.freeze({
  listOwner: docker,
  retrieveOwner: docker,
  latestDropped: false,
  listCached: false,
  escapedSlashTaken: true,
  retrieveAnyId: false,
  shortcutRetrieveLists: false,
});

/**
 * Each fault and quirk of the OpenAI-style model routes, and what it sets; the later row wins (the
 * fault mr.openai.models.list over mr.engines.shortcut: its list has no owner, and its retrieve
 * names "docker", as the old branches asked it first).
 */
export const OPENAI_MODELS_VARIATIONS: readonly VariationRow<OpenAiModelsVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.openai.models.list.latest-dropped', { latestDropped: true }],
  ['hypothetical.mr.models.create.openai-list-cached', { listCached: true }],
  ['hypothetical.mr.openai.models.retrieve.any-id', { retrieveAnyId: true }],
  ['hypothetical.mr.engines.shortcut.models-prefix', { shortcutRetrieveLists: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.openai.models.retrieve', { escapedSlashTaken: false }],
  ['mr.engines.shortcut', { listOwner: (engine) => engine ?? 'docker', retrieveOwner: (engine) => engine ?? 'docker' }],
  ['mr.openai.models.list', { listOwner: () => null, retrieveOwner: docker }],
];
