import { FLOAT64_BASE64 } from '../../quirks/model-runner/float64-base64.js';
import { embeddingToBase64 } from '../engine/deterministic.js';
import { EngineRefusal } from '../replies.js';
import type { RunnerRequest } from './context.js';
import { answerInference } from './inference.js';
import { BATCH_POOLING_LEAK, leakPooling } from '../../quirks/model-runner/batch-pooling-leak.js';
import { checkEmbeddingWork, LIMITS } from '../limits.js';
import { EMBEDDINGS_ENCODED_WHOLE } from '../../quirks/model-runner/embeddings-encoded-whole.js';
import { embedInSlices } from '../engine/embed-slices.js';
import { sendJsonSliced } from './backpressure.js';

const MAX_DIMENSIONS = LIMITS.dimensions;

/** OpenAI's input forms: a string, strings, token ids or arrays of token ids (read as their text). */
function inputsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  const isTokens = (item: unknown): boolean => Array.isArray(item) && item.length > 0 && item.every((token) => Number.isInteger(token));
  if (isTokens(value)) return [(value as number[]).join(' ')];
  if (Array.isArray(value) && value.length > 0) {
    if (value.every((item) => typeof item === 'string')) return value as string[];
    if (value.every(isTokens)) return (value as number[][]).map((tokens) => tokens.join(' '));
  }
  if (value === undefined) throw new EngineRefusal("'input' is required", 'input');
  throw new EngineRefusal("'input' must be a string, a non-empty array of strings, or token arrays", 'input');
}

/** Little-endian is OpenAI's; the fault writes big-endian. */
function bigEndianBase64(vector: Float32Array): string {
  const buffer = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => buffer.writeFloatBE(value, i * 4));
  return buffer.toString('base64');
}

/** The vector as little-endian float64 (quirk: hypothetical.mr.embeddings.base64.float64). */
function float64Base64(vector: Float32Array): string {
  const buffer = Buffer.alloc(vector.length * 8);
  vector.forEach((value, i) => buffer.writeDoubleLE(value, i * 8));
  return buffer.toString('base64');
}

/** POST /engines[/<engine>]/v1/embeddings. */
export function embeddings(x: RunnerRequest, engineName: string | null): Promise<void> {
  return answerInference(x, engineName, async ({ engine, model, body }) => {
    const { faults } = x.runner;
    const inputs = inputsOf(body['input']);
    const format = body['encoding_format'] ?? 'float';
    if (format !== 'float' && format !== 'base64') throw new EngineRefusal('\'encoding_format\' must be "float" or "base64"', 'encoding_format');
    const dimensions = body['dimensions'];
    if (
      dimensions !== undefined &&
      dimensions !== null &&
      (!Number.isInteger(dimensions) || (dimensions as number) < 1 || (dimensions as number) > MAX_DIMENSIONS)
    ) {
      throw new EngineRefusal(`'dimensions' must be an integer from 1 to ${MAX_DIMENSIONS}`, 'dimensions');
    }
    checkEmbeddingWork(inputs, typeof dimensions === 'number' ? dimensions : engine.embeddingDimension, faults, x.runner.quirks);
    const result = await embedInSlices(engine, model, inputs, typeof dimensions === 'number' ? dimensions : undefined, faults.has('mr.inference.fairness'));
    const encode = (vector: Float32Array): number[] | string =>
      format === 'float'
        ? Array.from(vector)
        : faults.has('mr.embeddings.base64')
          ? bigEndianBase64(vector)
          : // Quirk (hypothetical): float64 in place of float32.
            x.runner.quirks.has(FLOAT64_BASE64)
            ? float64Base64(vector)
            : embeddingToBase64(vector);
    // Fault (mr.embeddings.shape): indexes from 1.
    const first = faults.has('mr.embeddings.shape') ? 1 : 0;
    // Quirk hypothetical.mr.embeddings.shape.batch-pooling-leak: each input after the first is pooled with some of the one before.
    const vectors = x.runner.quirks.has(BATCH_POOLING_LEAK) ? leakPooling(result.vectors) : result.vectors;
    const document = { object: 'list', data: [], model, usage: { prompt_tokens: result.promptTokens, total_tokens: result.promptTokens } };
    await sendJsonSliced(x.res, 200, document, 'data', vectors, (vector, i) => ({ object: 'embedding', index: i + first, embedding: encode(vector) }), {
      stallMs: x.runner.streamStallMs,
      // Quirk hypothetical.mr.inference.fairness.embeddings-encoded-whole: the answer is encoded in one go.
      whole: faults.has('mr.inference.fairness') || x.runner.quirks.has(EMBEDDINGS_ENCODED_WHOLE),
    });
  });
}
