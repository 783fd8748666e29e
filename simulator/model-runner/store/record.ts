import { createHash } from 'node:crypto';
import type { ModelRecord, ModelReference } from './types.js';

/** Shapes of real small GGUF models; parameters, size and architecture belong together. */
const SHAPES = [
  { parameters: '361.82M', size: '256.35MiB', architecture: 'llama' },
  { parameters: '1.24B', size: '770.28MiB', architecture: 'llama' },
  { parameters: '494.03M', size: '379.38MiB', architecture: 'qwen2' },
  { parameters: '3.82B', size: '2.23GiB', architecture: 'phi3' },
] as const;
const CONTEXT_SIZES = [2048, 4096, 8192, 32768] as const;

/** The `sha256:<64 hex>` id of the model a canonical reference names. */
export function modelIdOf(ref: ModelReference): string {
  return `sha256:${createHash('sha256').update(ref.canonical).digest('hex')}`;
}

/**
 * The record of a model the simulator "pulls". The simulator has no registry, so everything but
 * `created` follows from the canonical reference: the same reference always gets the same id and
 * config, whichever run or process creates it.
 *
 * @param nowSeconds - `created`, unix seconds (the caller's clock).
 */
export function recordFor(ref: ModelReference, nowSeconds: number): ModelRecord {
  const id = modelIdOf(ref);
  const hex = id.slice('sha256:'.length);
  const shape = SHAPES[parseInt(hex.slice(0, 2), 16) % SHAPES.length]!;
  const contextSize = CONTEXT_SIZES[parseInt(hex.slice(2, 4), 16) % CONTEXT_SIZES.length]!;
  return {
    id,
    tags: [ref.canonical],
    created: nowSeconds,
    config: {
      format: 'gguf',
      quantization: 'Q4_K_M',
      parameters: shape.parameters,
      architecture: shape.architecture,
      size: shape.size,
      context_size: contextSize,
    },
  };
}
