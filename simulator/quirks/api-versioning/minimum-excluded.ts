import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: an off-by-one in the range check refuses the minimum version itself as too old. */
export const MINIMUM_EXCLUDED = 'hypothetical.api.version.prefix.minimum-excluded';
export const minimumExcluded: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/minimum-excluded.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};
