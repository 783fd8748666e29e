import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the non-streamed chat.completion leaves finish_reason null when the model stopped by itself (only a max_tokens cut sets it). */
export const FINISH_NULL_ON_STOP = 'hypothetical.mr.chat.shape.finish-null-on-stop';

export const finishNullOnStop: QuirkModule = {
  where:
    'simulator/quirks/model-runner/finish-null-on-stop.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};

/** The finish_reason the non-streamed answer shows with the quirk on. */
export const finishOrNull = (reason: string): string | null => (reason === 'stop' ? null : reason);
