import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a choice max_tokens cut ends with finish_reason "stop", not "length". */
export const FINISH_STOP_WHEN_CUT = 'hypothetical.mr.generation.max-tokens.finish-stop';

export const finishStopWhenCut: QuirkModule = {
  where:
    'simulator/quirks/model-runner/finish-stop-when-cut.ts; the branch in simulator/model-runner/routes/chat.ts and simulator/model-runner/routes/completions.ts',
};

/** The finish reason the quirk reports. */
export const finishReasonWithQuirk = (reason: string): string => (reason === 'length' ? 'stop' : reason);
