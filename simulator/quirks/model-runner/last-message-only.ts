import type { QuirkModule } from '../quirk-module.js';
import { countTokens, FRAMING_TOKENS } from '../../model-runner/engine/deterministic.js';
import type { ChatMessage, GenerationResult } from '../../model-runner/engine/engine.js';

/** Hypothetical (specs/quirks/model-runner.ts): a chat completion's prompt_tokens counts only the tokens of the last message (those evaluated past the prompt cache). */
export const LAST_MESSAGE_ONLY = 'hypothetical.mr.generation.usage.last-message-only';

export const lastMessageOnly: QuirkModule = {
  where:
    'simulator/quirks/model-runner/last-message-only.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};

/** The result with prompt_tokens of the last message alone (its content and framing). */
export function lastMessageCounted(result: GenerationResult, messages: readonly ChatMessage[]): GenerationResult {
  const last = messages[messages.length - 1];
  return last === undefined ? result : { ...result, promptTokens: countTokens(last.content) + FRAMING_TOKENS };
}
