import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the too-old error is built without its invalid-parameter type (a bare fmt.Errorf), so the error-to-status mapping answers 500 instead of 400. */
export const UNTYPED_ERROR_500 = 'hypothetical.api.version.too-old.status.untyped-error';
export const untypedError500: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/untyped-error-500.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** The status an untyped error gets from the daemon's error mapping. */
export const UNTYPED_ERROR_STATUS = 500;
