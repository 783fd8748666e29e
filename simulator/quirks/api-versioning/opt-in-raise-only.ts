import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: 25.0 validates <PREFIX>MIN_API_VERSION below the default and starts, but applies the override only when it raises the minimum (`if v > min`): the opt-in is read and dropped. */
export const OPT_IN_RAISE_ONLY = 'hypothetical.api.version.legacy-opt-in.raise-only';
export const optInRaiseOnly: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/opt-in-raise-only.ts, its row of simulator/config/min-api-variant.ts (MIN_API_VARIATIONS), read by simulator/config/min-api.ts (resolveMinApi)',
};
