import { Mulberry32 } from './prng.js';

/**
 * A unit vector (L2 norm 1) of `size` components drawn from `seed`. The components come in order
 * from one stream, so a shorter vector is the start of a longer one, renormalised: the way OpenAI's
 * `dimensions` shortens an embedding.
 */
export function unitVector(seed: number, size: number): Float32Array {
  const random = new Mulberry32(seed);
  const vector = new Float32Array(size);
  let squares = 0;
  for (let i = 0; i < size; i++) {
    vector[i] = random.next() * 2 - 1;
    // The norm of the float32 values as stored, not of the doubles drawn, so the result is 1 as float32.
    squares += vector[i]! * vector[i]!;
  }
  if (squares === 0) {
    // All draws exactly 0 (practically never): any unit vector will do, but it must be one.
    if (size > 0) vector[0] = 1;
    return vector;
  }
  const scale = 1 / Math.sqrt(squares);
  for (let i = 0; i < size; i++) vector[i] = vector[i]! * scale;
  return vector;
}

/**
 * OpenAI's `encoding_format: "base64"`: the float32 values, little-endian whatever the host's byte
 * order, in base64 (openai-node decodes it with a little-endian Float32Array view).
 */
export function embeddingToBase64(vector: Float32Array): string {
  const bytes = Buffer.alloc(vector.length * 4);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < vector.length; i++) view.setFloat32(i * 4, vector[i]!, true);
  return bytes.toString('base64');
}
