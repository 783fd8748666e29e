import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: /version reports the compiled-in oldest version (1.12) as MinAPIVersion while refusing everything below 1.24. */
export const REPORTS_LEGACY_FLOOR = 'hypothetical.limits.min-api-version.reports-legacy-floor';
export const reportsLegacyFloor: QuirkModule = {
  where: 'simulator/quirks/api-versioning/reports-legacy-floor.ts, called from simulator/engine/system/response-kit.ts (minApiReported)',
};
