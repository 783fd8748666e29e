import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a choice max_tokens cut ends with finish_reason "stop", not "length". */
export const FINISH_STOP_WHEN_CUT = 'hypothetical.mr.generation.max-tokens.finish-stop';

export const finishStopWhenCut: QuirkModule = {
  where:
    'simulator/quirks/model-runner/finish-stop-when-cut.ts; its row of simulator/model-runner/routes/generation-params-variant.ts (GENERATION_VARIATIONS), read by simulator/model-runner/routes/generation-params.ts (withFinishQuirk, for the chat and text completions routes)',
};

/** The finish reason the quirk reports. */
export const finishReasonWithQuirk = (reason: string): string => (reason === 'length' ? 'stop' : reason);
