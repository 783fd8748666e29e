import type { VariationRow } from '../../faults/variant-table.js';

/**
 * What the management routes (models.ts: /models…) may do differently from the document.
 * REFERENCE_MODELS is the document's; each fault and quirk that changes them is one row of
 * MODELS_VARIATIONS.
 */
export interface ModelsVariant {
  /** A name in a path is looked up as given, not lower-cased. */
  readonly lookupKeepsCase: boolean;
  /** The namespace in a path is looked up as given (namespace-case-kept.ts). */
  readonly namespaceCaseKept: boolean;
  /** A create's "from" that is an array of one string is taken as that string. */
  readonly arrayFromTaken: boolean;
  /** A create whose "from" is neither a string nor absent fails inside (500), not 400. */
  readonly badFromFailsInside: boolean;
  /** A create reference of three segments is taken as namespace and a name holding "/". */
  readonly threeSegmentsTaken: boolean;
  /** A create asks the registry first (a model it lacks is 404). */
  readonly registryAsked: boolean;
  /** A create the registry refuses leaves a record in the store. */
  readonly unknownRecordLeft: boolean;
  /** The whole created reference, its tag too, is lower-cased. */
  readonly tagLowerCased: boolean;
  /** A create of a held model is a conflict (409). */
  readonly cachedConflict: boolean;
  /** A create of a held model answers "Using cached model" (false: the pull's progress). */
  readonly cachedLine: boolean;
  /** The create's progress ends with its success line. */
  readonly successLine: boolean;
  /** A reference without namespace goes into "ai" instead of being refused. */
  readonly bareNameInAi: boolean;
  /** The management list is refreshed on additions only (stale-after-delete.ts). */
  readonly staleAfterDelete: boolean;
  /** Segments after <namespace>/<name> are dropped by GET, and an unknown action is taken as the model's GET. */
  readonly extraSegmentsDropped: boolean;
  /** More than a reference's segments is a bad request (400). */
  readonly extraSegmentsRefused: boolean;
  /** GET /models/{reference} shows the short id (short-id.ts). */
  readonly shortId: boolean;
  /** Added to the creation time GET /models/{reference} shows. */
  readonly createdShownOffBy: number;
  /** A delete by id needs no force. */
  readonly deleteByIdUnforced: boolean;
  /** A delete of a model not held: 404, "untagged" all the same, or an empty 200. */
  readonly absentDelete: 'not-found' | 'untagged' | 'empty';
  /** The status of a tag. */
  readonly tagStatus: 200 | 201;
}

/** The document's management routes. */
export const REFERENCE_MODELS: ModelsVariant = Object.freeze({
  lookupKeepsCase: false,
  namespaceCaseKept: false,
  arrayFromTaken: false,
  badFromFailsInside: false,
  threeSegmentsTaken: false,
  registryAsked: true,
  unknownRecordLeft: false,
  tagLowerCased: false,
  cachedConflict: false,
  cachedLine: true,
  successLine: true,
  bareNameInAi: false,
  staleAfterDelete: false,
  extraSegmentsDropped: false,
  extraSegmentsRefused: false,
  shortId: false,
  createdShownOffBy: 0,
  deleteByIdUnforced: false,
  absentDelete: 'not-found',
  tagStatus: 201,
});

/**
 * Each fault and quirk of the management routes, and what it sets; the later row wins (the fault
 * mr.models.delete's "untagged" over the quirk's empty 200, as the old branches asked the fault first).
 */
export const MODELS_VARIATIONS: readonly VariationRow<ModelsVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.reference.normalised.namespace-case-kept', { namespaceCaseKept: true }],
  ['hypothetical.mr.models.create.bad-body.array-from-taken', { arrayFromTaken: true }],
  ['hypothetical.mr.models.create.unknown.record-left', { unknownRecordLeft: true }],
  ['hypothetical.mr.reference.normalised.tag-lower-cased', { tagLowerCased: true }],
  ['hypothetical.mr.models.create.cached.conflict-409', { cachedConflict: true }],
  ['hypothetical.mr.reference.format.bare-name-in-ai', { bareNameInAi: true }],
  ['hypothetical.mr.models.list.stale-after-delete', { staleAfterDelete: true }],
  ['hypothetical.mr.models.extra-segments.bad-request', { extraSegmentsRefused: true }],
  ['hypothetical.mr.models.get.short-id', { shortId: true }],
  ['hypothetical.mr.models.delete.tagged.id-unforced', { deleteByIdUnforced: true }],
  ['hypothetical.mr.models.delete.absent-200', { absentDelete: 'empty' }],
  ['hypothetical.mr.models.tag.created-200', { tagStatus: 200 }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.reference.normalised', { lookupKeepsCase: true }],
  ['mr.models.create.bad-body', { badFromFailsInside: true }],
  ['mr.reference.format', { threeSegmentsTaken: true }],
  ['mr.models.create.unknown', { registryAsked: false }],
  ['mr.models.create.cached', { cachedLine: false }],
  ['mr.models.create', { successLine: false }],
  ['mr.models.extra-segments', { extraSegmentsDropped: true }],
  ['mr.models.get', { createdShownOffBy: 1 }],
  ['mr.models.delete', { absentDelete: 'untagged' }],
];
