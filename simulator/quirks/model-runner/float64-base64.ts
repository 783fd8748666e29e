import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): encoding_format "base64" encodes the vector as float64 (little-endian) instead of float32. */
export const FLOAT64_BASE64 = 'hypothetical.mr.embeddings.base64.float64';

export const float64Base64: QuirkModule = {
  where: 'simulator/quirks/model-runner/float64-base64.ts; the branch in simulator/model-runner/routes/embeddings.ts',
};
