import type { EmbeddingResult, InferenceEngine } from './engine.js';
import { groupsOf, mapInSlices } from './slices.js';

/** Embedding values computed per slice (each input's vector is its own, so slicing changes nothing). */
const VALUES_PER_SLICE = 32 * 1024;

/**
 * engine.embed over the inputs in groups of about VALUES_PER_SLICE values, yielding between
 * groups (engine/slices.ts). `whole`: one call (fault mr.inference.fairness).
 */
export async function embedInSlices(
  engine: InferenceEngine,
  model: string,
  inputs: readonly string[],
  dimensions: number | undefined,
  whole = false,
): Promise<EmbeddingResult> {
  if (whole) return engine.embed(model, inputs, dimensions);
  const size = dimensions ?? engine.embeddingDimension;
  const parts = await mapInSlices(groupsOf(inputs, VALUES_PER_SLICE / Math.max(1, size)), (group) => engine.embed(model, group, dimensions));
  return { vectors: parts.flatMap((part) => part.vectors), promptTokens: parts.reduce((sum, part) => sum + part.promptTokens, 0) };
}
