import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: <PREFIX>MIN_API_VERSION reaches /version's MinAPIVersion, but the version middleware keeps the compiled-in default minimum: a raised minimum is reported and not enforced. */
export const GATE_KEEPS_DEFAULT = 'hypothetical.api.version.min-override-raise.gate-keeps-default';
export const gateKeepsDefault: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/gate-keeps-default.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};
