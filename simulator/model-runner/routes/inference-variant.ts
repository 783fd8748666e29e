import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import { refusedBeforeEngine } from '../../quirks/model-runner/body-first.js';
import type { RunnerRequest } from './context.js';
import { INFERENCE_BODY_LIMIT } from './inference.js';

/**
 * What the runner's checks of an inference request (inference.ts, checkInference) may do
 * differently from the document. REFERENCE_INFERENCE is the document's; each fault and quirk that
 * changes it is one row of INFERENCE_VARIATIONS.
 */
export interface InferenceVariant {
  /**
   * Under an unknown engine, the body's checks before the engine's: answers their refusal and
   * resolves true, or false for the engine's to follow (undefined: the engine's first).
   */
  readonly refusedBeforeEngine: ((x: RunnerRequest, limit: number) => Promise<boolean>) | undefined;
  /** A request for an unknown engine is served by the default engine. */
  readonly unknownEngineServed: boolean;
  /** The largest inference body, in bytes. */
  readonly bodyLimitBytes: number;
  /** The status of the refusal of a JSON array body. */
  readonly arrayBodyStatus: number;
  /** A model not held fails inside the engine (500). */
  readonly unheldModelFails: boolean;
  /** A model not held is refused (404). */
  readonly unheldModelRefused: boolean;
}

/** "10MB" read as decimal megabytes. */
const DECIMAL_BODY_LIMIT = 10 * 1000 * 1000;

/** Fault (mr.inference.body-limit): 16 MiB. */
const FAULTY_BODY_LIMIT = 16 * 1024 * 1024;

/** The document's checks. */
export const REFERENCE_INFERENCE: InferenceVariant = Object.freeze({
  refusedBeforeEngine: undefined,
  unknownEngineServed: false,
  bodyLimitBytes: INFERENCE_BODY_LIMIT,
  arrayBodyStatus: 400,
  unheldModelFails: false,
  unheldModelRefused: true,
});

/**
 * Each fault and quirk of the checks, and what it sets; the later row wins (of the body limit, the
 * fault mr.inference.body-limit over the quirk decimal-mb, as the old branch asked it first).
 */
export const INFERENCE_VARIATIONS: readonly VariationRow<InferenceVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.engines.unknown.body-first', { refusedBeforeEngine }],
  ['hypothetical.mr.inference.body-limit.decimal-mb', { bodyLimitBytes: DECIMAL_BODY_LIMIT }],
  ['hypothetical.mr.inference.checks.unknown-model-500', { unheldModelFails: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.engines.unknown', { unknownEngineServed: true }],
  ['mr.inference.body-limit', { bodyLimitBytes: FAULTY_BODY_LIMIT }],
  ['mr.server.survives-bad-input', { arrayBodyStatus: 500 }],
  ['mr.inference.checks', { unheldModelRefused: false }],
];

/** The checks of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const inferenceVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): InferenceVariant =>
  resolveVariant(REFERENCE_INFERENCE, INFERENCE_VARIATIONS, config);
