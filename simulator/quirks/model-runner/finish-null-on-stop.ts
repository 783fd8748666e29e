// Quirk hypothetical.mr.chat.shape.finish-null-on-stop (specs/quirks/model-runner.ts): the non-streamed chat.completion
// leaves finish_reason null when the model stopped by itself (only a max_tokens cut sets it).

/** The finish_reason the non-streamed answer shows with the quirk on. */
export const finishOrNull = (reason: string): string | null => (reason === 'stop' ? null : reason);
