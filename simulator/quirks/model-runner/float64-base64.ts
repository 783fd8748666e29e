import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): encoding_format "base64" encodes the vector as float64 (little-endian) instead of float32. */
export const FLOAT64_BASE64 = 'hypothetical.mr.embeddings.base64.float64';

export const float64Base64: QuirkModule = {
  where:
    'simulator/quirks/model-runner/float64-base64.ts; its row of simulator/model-runner/routes/embeddings-variant.ts (EMBEDDINGS_VARIATIONS), read by simulator/model-runner/routes/embeddings.ts (embeddings)',
};

/** The vector as little-endian float64, with the quirk on. */
export function float64Encoded(vector: Float32Array): string {
  const buffer = Buffer.alloc(vector.length * 8);
  vector.forEach((value, i) => buffer.writeDoubleLE(value, i * 8));
  return buffer.toString('base64');
}
