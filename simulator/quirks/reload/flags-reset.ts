import type { QuirkModule } from '../quirk-module.js';

/** 20.10, 26.1, 28.5, 29.7: a reload resets the download limits and features given as start flags (specs/known-deviations.ts). */
export const FLAGS_RESET = 'observed.reload.flags.kept';

export const flagsReset: QuirkModule = {
  where:
    'simulator/quirks/reload/flags-reset.ts, its row of simulator/reload/reload-variant.ts (RELOAD_VARIATIONS), read by simulator/reload/apply.ts (the flags a reload keeps)',
};
