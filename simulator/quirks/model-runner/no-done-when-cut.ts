import type { Generation } from '../../model-runner/engine/engine.js';

// Quirk hypothetical.mr.chat.stream.no-done-when-cut (specs/quirks/model-runner.ts): a streamed chat completion that
// max_tokens cut ends after its finish chunk without "data: [DONE]"; one the model ended itself has it.

/** Whether the stream ends with "data: [DONE]": not when the cap cut a choice (the cap's early return). */
export const doneUnlessCut = (choices: readonly Generation[]): boolean => !choices.some((choice) => choice.finishReason === 'length');
