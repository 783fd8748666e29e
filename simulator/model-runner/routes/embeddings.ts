import { EngineRefusal } from '../replies.js';
import type { RunnerRequest } from './context.js';
import { answerInference } from './inference.js';
import { checkEmbeddingWork, LIMITS } from '../limits.js';
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

/**
 * POST /engines[/<engine>]/v1/embeddings. Where a fault or a quirk makes it differ, it reads the
 * field of its variant (embeddings-variant.ts; the work's bounds and slices: ../limits-variant.ts).
 */
export function embeddings(x: RunnerRequest, engineName: string | null): Promise<void> {
  return answerInference(x, engineName, async ({ engine, model, body }) => {
    const { variants } = x.runner;
    const variant = variants.embeddings;
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
    checkEmbeddingWork(inputs, typeof dimensions === 'number' ? dimensions : engine.embeddingDimension, variants.work);
    const result = await embedInSlices(engine, model, inputs, typeof dimensions === 'number' ? dimensions : undefined, variants.work.workedWhole);
    const encode = (vector: Float32Array): number[] | string => (format === 'float' ? Array.from(vector) : variant.base64Of(vector));
    const first = variant.firstIndex;
    const vectors = variant.pooled(result.vectors);
    const document = { object: 'list', data: [], model, usage: { prompt_tokens: result.promptTokens, total_tokens: result.promptTokens } };
    await sendJsonSliced(x.res, 200, document, 'data', vectors, (vector, i) => ({ object: 'embedding', index: i + first, embedding: encode(vector) }), {
      stallMs: x.runner.streamStallMs,
      whole: variants.work.encodedWhole,
    });
  });
}
