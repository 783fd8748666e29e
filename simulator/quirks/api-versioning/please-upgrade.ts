import type { QuirkModule } from '../quirk-module.js';

/** Observed (20.10, 26.1, 28.5): the too-old message says "…, please upgrade your client to a newer version". */
export const PLEASE_UPGRADE = 'observed.api.version.too-old.wording';
export const pleaseUpgrade: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/please-upgrade.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};
