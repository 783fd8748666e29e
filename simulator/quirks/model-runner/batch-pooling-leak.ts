// Quirk hypothetical.mr.embeddings.shape.batch-pooling-leak (specs/quirks/model-runner.ts): in a batch, the pooling of
// each input after the first leaks the previous input's state: its vector differs from the same input's alone.

/** The batch's vectors with the quirk on: each after the first mixed with a quarter of the one before it, normalised again. */
export function leakPooling(vectors: readonly Float32Array[]): Float32Array[] {
  return vectors.map((vector, i) => {
    if (i === 0) return vector;
    const previous = vectors[i - 1]!;
    const mixed = vector.map((value, j) => value + 0.25 * (previous[j] ?? 0));
    const norm = Math.hypot(...mixed) || 1;
    return mixed.map((value) => value / norm);
  });
}
