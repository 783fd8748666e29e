import type { SimConfig } from '../../config/types.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import { leakPooling } from '../../quirks/model-runner/batch-pooling-leak.js';
import { embeddingToBase64 } from '../engine/deterministic.js';

/**
 * What the embeddings route (embeddings.ts) may do differently from the document: the vectors it
 * answers and how it writes them. REFERENCE_EMBEDDINGS is the document's; each fault and quirk that
 * changes it is one row of EMBEDDINGS_VARIATIONS. (The bounds and slices of its work are
 * ../limits-variant.ts's.)
 */
export interface EmbeddingsVariant {
  /** A vector as encoding_format "base64" writes it. */
  readonly base64Of: (vector: Float32Array) => string;
  /** The index of the first input's embedding. */
  readonly firstIndex: number;
  /** The vectors answered for a batch's, in order. */
  readonly pooled: (vectors: readonly Float32Array[]) => readonly Float32Array[];
}

/** Fault (mr.embeddings.base64): big-endian float32, where OpenAI's is little-endian. */
function bigEndianBase64(vector: Float32Array): string {
  const buffer = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => buffer.writeFloatBE(value, i * 4));
  return buffer.toString('base64');
}

/** The vector as little-endian float64. */
function float64Encoded(vector: Float32Array): string {
  const buffer = Buffer.alloc(vector.length * 8);
  vector.forEach((value, i) => buffer.writeDoubleLE(value, i * 8));
  return buffer.toString('base64');
}

/** The document's embeddings: little-endian float32, indexed from 0, each input's vector its own. */
export const REFERENCE_EMBEDDINGS: EmbeddingsVariant = Object.freeze({
  base64Of: embeddingToBase64,
  firstIndex: 0,
  pooled: (vectors: readonly Float32Array[]) => vectors,
});

/**
 * Each fault and quirk of the embeddings, and what it sets; the later row wins (of the base64
 * encoding, the fault mr.embeddings.base64 over the quirk float64, as the old branch asked it first).
 */
export const EMBEDDINGS_VARIATIONS: readonly VariationRow<EmbeddingsVariant>[] = [
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.embeddings.base64.float64', { base64Of: float64Encoded }],
  ['hypothetical.mr.embeddings.shape.batch-pooling-leak', { pooled: leakPooling }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.embeddings.base64', { base64Of: bigEndianBase64 }],
  ['mr.embeddings.shape', { firstIndex: 1 }],
];

/** The embeddings of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const embeddingsVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): EmbeddingsVariant =>
  resolveVariant(REFERENCE_EMBEDDINGS, EMBEDDINGS_VARIATIONS, config);
