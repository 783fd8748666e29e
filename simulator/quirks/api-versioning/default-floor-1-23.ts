import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: from 25.0 the default minimum is compiled in one short (1.23): API 1.23 is served while /version still names 1.24. */
export const DEFAULT_FLOOR_1_23 = 'hypothetical.api.version.below-1.24-disabled.floor-1-23';
export const defaultFloor123: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/default-floor-1-23.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** The minimum the version gate enforces with the quirk on: one minor below a 1.24 minimum. */
export const gateMinimum = (minApi: string): string => (minApi === '1.24' ? '1.23' : minApi);
