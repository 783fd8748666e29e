import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): the version segment is not checked: /engines/v2/… (and any v<n>) answers as /engines/v1/…. */
export const V2_SERVED = 'hypothetical.mr.versioning.other-segments.v2-served';

export const v2Served: QuirkModule = {
  where:
    'simulator/quirks/model-runner/v2-served.ts; its row of simulator/model-runner/handler-variant.ts (HANDLER_VARIATIONS), read by simulator/model-runner/handler.ts (runnerHandler)',
};
