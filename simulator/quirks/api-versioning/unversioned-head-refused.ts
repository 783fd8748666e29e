import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the unversioned routes are kept for GET only; unversioned HEAD /_ping is not found. */
export const UNVERSIONED_HEAD_REFUSED = 'hypothetical.api.version.unversioned-served.head-refused';
export const unversionedHeadRefused: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/unversioned-head-refused.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};
