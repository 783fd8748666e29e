import type { QuirkModule } from '../quirk-module.js';

/**
 * Hypothetical (specs/quirks/reload.ts): a release that otherwise swaps one configuration checks
 * the registry values only after it applied the other options (what 20.10 does, see
 * half-applied.ts, whose settingsAtRefusal it shares).
 */
export const REGISTRIES_LAST = 'hypothetical.reload.invalid.unchanged.registries-last';

export const registriesLast: QuirkModule = {
  where:
    'simulator/quirks/reload/registries-last.ts and simulator/quirks/reload/half-applied.ts, its row of simulator/reload/reload-variant.ts (RELOAD_VARIATIONS), read by simulator/reload/reload.ts',
};
