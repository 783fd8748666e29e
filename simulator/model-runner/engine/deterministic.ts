import { unitVector } from './embedding.js';
import type { ChatMessage, EmbeddingResult, Generation, GenerationParams, GenerationResult, InferenceEngine } from './engine.js';
import { generate } from './generation.js';
import { FNV_OFFSET, hashNumber, hashText } from './seed-hash.js';
import { countTokens } from './tokens.js';

export { embeddingToBase64 } from './embedding.js';
export { MAX_PIECES, MIN_PIECES } from './generation.js';
export { countTokens } from './tokens.js';

/** The dimension of the simulator's embeddings when a request does not ask for one. */
export const EMBEDDING_DIMENSION = 64;

/**
 * Prompt tokens a chat message costs besides its content: the role and the template's markers
 * around it (a real chat template spends a few, e.g. `<|im_start|>user\n…<|im_end|>`).
 */
export const FRAMING_TOKENS = 3;

/**
 * A whole number ≥ 1 from a count the HTTP layer has already checked; anything else (0, a
 * fraction, NaN) becomes the nearest sensible count rather than an empty or broken answer.
 */
const atLeastOne = (value: number): number => (Number.isNaN(value) ? 1 : Math.max(1, Math.floor(value)));

/**
 * The simulator's own engine: deterministic, instant, no model file.
 *
 * - Text is drawn from a small fixed vocabulary by a PRNG seeded from the model, the whole prompt
 *   (every message's role and content for a chat), `seed` (0 when absent) and the choice's index;
 *   chat and text completion hash apart. `temperature` changes nothing: every request is as
 *   reproducible as a greedy one.
 * - Each choice has an intrinsic length of MIN_PIECES–MAX_PIECES tokens; `maxTokens` cuts it
 *   ("length"), a stop string ends it just before the string ("stop"). A piece is a token, so
 *   `completionTokens === pieces.length` and `countTokens(text)` agrees.
 * - Prompt tokens: countTokens of the prompt; for a chat, of every content plus FRAMING_TOKENS
 *   per message. Embeddings count countTokens of each input (so 0 for an empty one).
 * - Embeddings are unit vectors drawn from (model, input), `dimensions` long (EMBEDDING_DIMENSION
 *   by default); a shorter one is the start of a longer one, renormalised.
 */
export class DeterministicEngine implements InferenceEngine {
  /** The real service's default engine's name (docker/model-runner pkg/server/server.go DefaultBackendName). */
  constructor(readonly name: string = 'llama.cpp') {}
  readonly embeddingDimension = EMBEDDING_DIMENSION;

  chat(model: string, messages: readonly ChatMessage[], params: GenerationParams): GenerationResult {
    let state = hashText(hashText(FNV_OFFSET, 'chat'), model);
    let promptTokens = 0;
    for (const message of messages) {
      state = hashText(hashText(state, message.role), message.content);
      promptTokens += countTokens(message.content) + FRAMING_TOKENS;
    }
    return { promptTokens, choices: choices(state, params) };
  }

  complete(model: string, prompt: string, params: GenerationParams): GenerationResult {
    const state = hashText(hashText(hashText(FNV_OFFSET, 'complete'), model), prompt);
    return { promptTokens: countTokens(prompt), choices: choices(state, params) };
  }

  embed(model: string, inputs: readonly string[], dimensions?: number): EmbeddingResult {
    const size = dimensions === undefined ? EMBEDDING_DIMENSION : atLeastOne(dimensions);
    const base = hashText(hashText(FNV_OFFSET, 'embed'), model);
    let promptTokens = 0;
    const vectors = inputs.map((input) => {
      promptTokens += countTokens(input);
      return unitVector(hashText(base, input), size);
    });
    return { vectors, promptTokens };
  }
}

/**
 * The n choices of a request whose prompt hashed to `state`. The prompt is hashed once; each
 * choice only adds the seed and its index, so n = 128 on a long prompt costs no more hashing.
 */
function choices(state: number, params: GenerationParams): Generation[] {
  const seeded = hashNumber(state, params.seed ?? 0);
  const cap = params.maxTokens === undefined ? Infinity : atLeastOne(params.maxTokens);
  const n = atLeastOne(params.n);
  const result: Generation[] = [];
  for (let index = 0; index < n; index++) result.push(generate(hashNumber(seeded, index), cap, params.stop));
  return result;
}
