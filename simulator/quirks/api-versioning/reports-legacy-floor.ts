/** Hypothetical: /version reports the compiled-in oldest version (1.12) as MinAPIVersion while refusing everything below 1.24. */
export const REPORTS_LEGACY_FLOOR = 'hypothetical.limits.min-api-version.reports-legacy-floor';

/** The MinAPIVersion /version reports with the quirk on: the compiled-in oldest version. */
export const reportedLegacyFloor = (): string => '1.12';
