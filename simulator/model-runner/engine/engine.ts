/**
 * The inference engine the model runner hands requests to, once the HTTP layer has checked them.
 * The simulator's own engine (deterministic.ts) implements it; a real backend (a llama-server
 * proxy) can be plugged in behind the same interface.
 */

/** One message of a chat conversation, as the request gave it (content already a string). */
export interface ChatMessage {
  readonly role: string;
  readonly content: string;
}

/** What every generation takes from the request. */
export interface GenerationParams {
  /** `max_tokens` / `max_completion_tokens`: at most this many completion tokens per choice. */
  readonly maxTokens?: number;
  /** Up to four strings: generation ends before the first occurrence of any, which is not returned. */
  readonly stop?: readonly string[];
  /** Number of choices (1 when the request does not say). */
  readonly n: number;
  /** `seed`: the same request with the same seed gives the same text. */
  readonly seed?: number;
  readonly temperature?: number;
}

/** One generated choice: its text is exactly its pieces joined (a stream sends one piece per chunk). */
export interface Generation {
  readonly pieces: readonly string[];
  readonly text: string;
  /** `stop` when the text ended by itself or at a stop string, `length` when maxTokens cut it. */
  readonly finishReason: 'stop' | 'length';
  /** Completion tokens of this choice (= pieces.length). */
  readonly completionTokens: number;
}

export interface GenerationResult {
  readonly promptTokens: number;
  readonly choices: readonly Generation[];
}

export interface EmbeddingResult {
  /** One unit vector (L2 norm 1) per input, in order, all of the same dimension. */
  readonly vectors: readonly Float32Array[];
  readonly promptTokens: number;
}

export interface InferenceEngine {
  /** The engine's name in `/engines/<engine>/v1/…` (the default engine answers `/engines/v1/…` too). */
  readonly name: string;
  /** Dimension of embeddings when the request does not ask for one. */
  readonly embeddingDimension: number;
  chat(model: string, messages: readonly ChatMessage[], params: GenerationParams): GenerationResult;
  complete(model: string, prompt: string, params: GenerationParams): GenerationResult;
  /** `dimensions` as the request gave it (OpenAI's: the vectors are that long). */
  embed(model: string, inputs: readonly string[], dimensions?: number): EmbeddingResult;
}
