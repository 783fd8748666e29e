import { countTokens } from './engine/tokens.js';
import type { WorkVariant } from './limits-variant.js';
import { EngineRefusal } from './replies.js';

/**
 * The bounds of the work one inference request may ask for (rules mr.inference.work-bounds and
 * mr.inference.fairness). Two kinds:
 *
 * - the OpenAI API's documented limits (openai/openai-openapi @ f85dbe22, openapi.yaml;
 *   ../shared/reference/model-runner.md items 36 and 38), refused as OpenAI refuses them: 400,
 *   invalid_request_error, `param` naming the field;
 * - the simulator's own total-work bounds, where no document gives one (OpenAI documents no limit
 *   on a completion's prompt array, nor on inputs × dimensions; llama-server is bounded by its
 *   context and slots, which the simulator does not have). Without them one 100 KB request (30 000
 *   prompts × n 128) asks for millions of choices. They are chosen so that the heaviest request
 *   they allow is answered in about a second, in slices (engine/slices.ts), in a few tens of MB.
 */
export const LIMITS = {
  /** CreateChatCompletionRequest.n, CreateCompletionRequest.n: minimum 1, maximum 128. */
  n: 128,
  /** CreateEmbeddingRequest.input: "any array must be 2048 dimensions or less". */
  embeddingInputs: 2048,
  /** CreateEmbeddingRequest.input: "must not exceed the max input tokens for the model (8192 tokens for all embedding models)". */
  embeddingInputTokens: 8192,
  /** CreateEmbeddingRequest.input: "a maximum of 300,000 tokens summed across all inputs in a single request". */
  embeddingRequestTokens: 300_000,
  /**
   * CreateEmbeddingRequest.dimensions: OpenAI documents only a minimum (1) and the model's own size
   * (3072 for text-embedding-3-large); llama-server ignores it (n_embd). The simulator's: 4096.
   */
  dimensions: 4096,
  /** The simulator's: choices per request, prompts × n (a chat has one prompt, so n alone). */
  choices: 4096,
  /** The simulator's: embedding values per request, inputs × dimensions (2048 inputs of 1024, 512 of 4096). */
  embeddingValues: 2048 * 1024,
} as const;

/**
 * prompts × n within LIMITS.choices; the refusal names the field that made it too many: the
 * prompt array when it alone is over, n otherwise.
 */
export function checkChoices(prompts: number, n: number): void {
  if (prompts * n <= LIMITS.choices) return;
  if (prompts > LIMITS.choices)
    throw new EngineRefusal(`Invalid 'prompt': array too long. Expected an array of at most ${LIMITS.choices} prompts, but got ${prompts} instead.`, 'prompt');
  throw new EngineRefusal(
    `Invalid 'n': ${prompts} prompts × n ${n} is ${prompts * n} choices, above this server's maximum of ${LIMITS.choices} choices per request.`,
    'n',
  );
}

/**
 * The embeddings request's documented limits (item count, tokens per input, tokens in all), then
 * the simulator's bound on inputs × dimensions. Where a fault or a quirk makes it differ, it reads
 * the field of its variant (limits-variant.ts).
 */
export function checkEmbeddingWork(inputs: readonly string[], dimensions: number, work: WorkVariant): void {
  if (work.documentedLimitsChecked) {
    if (inputs.length > LIMITS.embeddingInputs)
      throw new EngineRefusal(
        `Invalid 'input': array too long. Expected an array with maximum length ${LIMITS.embeddingInputs}, but got an array with length ${inputs.length} instead.`,
        'input',
      );
    let total = 0;
    for (const [index, input] of inputs.entries()) {
      const tokens = countTokens(input);
      if (tokens > LIMITS.embeddingInputTokens)
        throw new EngineRefusal(
          `Invalid 'input[${index}]': ${tokens} tokens, above the maximum input length of ${LIMITS.embeddingInputTokens} tokens.`,
          'input',
        );
      total += tokens;
    }
    if (total > LIMITS.embeddingRequestTokens && work.requestTotalChecked)
      throw new EngineRefusal(`Invalid 'input': ${total} tokens in all, above the maximum of ${LIMITS.embeddingRequestTokens} tokens per request.`, 'input');
  }
  if (inputs.length * dimensions > LIMITS.embeddingValues) {
    throw new EngineRefusal(
      `Invalid 'dimensions': ${inputs.length} inputs × ${dimensions} dimensions is ${inputs.length * dimensions} values, above this server's maximum of ${LIMITS.embeddingValues} per request.`,
      'dimensions',
    );
  }
}
