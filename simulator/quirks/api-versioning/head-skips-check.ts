import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: HEAD requests skip the version check (served at any version), as a HEAD shortcut before the middleware would. */
export const HEAD_SKIPS_CHECK = 'hypothetical.api.version.too-old.head-served';
export const headSkipsCheck: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/head-skips-check.ts; its row of simulator/http/middleware/version-gate-variant.ts (GATE_VARIATIONS), read by simulator/http/middleware/version-gate.ts (versionGate)',
};
