import { countTokens, FRAMING_TOKENS } from '../../model-runner/engine/deterministic.js';
import type { ChatMessage, GenerationResult } from '../../model-runner/engine/engine.js';

// Quirk hypothetical.mr.generation.usage.last-message-only (specs/quirks/model-runner.ts): a chat completion's
// prompt_tokens counts only the tokens of the last message (those evaluated past the prompt cache).

/** The result with prompt_tokens of the last message alone (its content and framing). */
export function lastMessageCounted(result: GenerationResult, messages: readonly ChatMessage[]): GenerationResult {
  const last = messages[messages.length - 1];
  return last === undefined ? result : { ...result, promptTokens: countTokens(last.content) + FRAMING_TOKENS };
}
