import type { QuirkModule } from '../quirk-module.js';
import type { Exchange } from '../../http/exchange.js';

/** Hypothetical: a version above the maximum is served as the maximum (silently clamped, as if the daemon negotiated for the client) instead of refused. */
export const TOO_NEW_CLAMPED = 'hypothetical.api.version.too-new.clamped';
export const tooNewClamped: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/too-new-clamped.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};

/** Serves the request at the maximum: the gate lets it through (false: not answered). */
export function clampToMaximum(x: Exchange, max: string): false {
  x.version = max;
  return false;
}
