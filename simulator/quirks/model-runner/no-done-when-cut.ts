import type { QuirkModule } from '../quirk-module.js';
import type { Generation } from '../../model-runner/engine/engine.js';

/** Hypothetical (specs/quirks/model-runner.ts): a streamed chat completion that max_tokens cut ends after its finish chunk without "data: [DONE]"; one the model ended itself has it. */
export const NO_DONE_WHEN_CUT = 'hypothetical.mr.chat.stream.no-done-when-cut';

export const noDoneWhenCut: QuirkModule = {
  where:
    'simulator/quirks/model-runner/no-done-when-cut.ts; its row of simulator/model-runner/routes/chat-variant.ts (CHAT_VARIATIONS), read by simulator/model-runner/routes/chat.ts (chatCompletions)',
};

/** Whether the stream ends with "data: [DONE]": not when the cap cut a choice (the cap's early return). */
export const doneUnlessCut = (choices: readonly Generation[]): boolean => !choices.some((choice) => choice.finishReason === 'length');
