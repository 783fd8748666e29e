import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: an off-by-one in the range check (`>=` for `>`) refuses the advertised maximum itself as too new, so a client negotiating down to it is refused. */
export const MAXIMUM_EXCLUDED = 'hypothetical.api.version.negotiation.maximum-excluded';
export const maximumExcluded: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/maximum-excluded.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};
