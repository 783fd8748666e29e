import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: /version reports the compiled-in oldest version (1.12) as MinAPIVersion while refusing everything below 1.24. */
export const REPORTS_LEGACY_FLOOR = 'hypothetical.limits.min-api-version.reports-legacy-floor';
export const reportsLegacyFloor: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/reports-legacy-floor.ts, its row of simulator/engine/system/response-kit-variant.ts (RESPONSE_KIT_VARIATIONS), read by simulator/engine/system/response-kit.ts (minApiReported)',
};

/** The MinAPIVersion /version reports with the quirk on: the compiled-in oldest version. */
export const reportedLegacyFloor = (): string => '1.12';
