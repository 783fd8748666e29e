/** Hypothetical: before 25.0, /version reports the other platform's earliest version (1.24) as MinAPIVersion on Linux too, while 1.12 and later are served. */
export const OTHER_PLATFORM_MINIMUM = 'hypothetical.api.version.minimum-1.12.other-platform-reported';

/** The MinAPIVersion /version reports with the quirk on: the other platform's minimum. */
export const reportedWithOtherPlatform = (windowsMinApi: string): string => windowsMinApi;
