/**
 * What the CLI's exit code means. CI gates on it, so each is kept apart:
 * 0 no rule fails; 1 a rule fails or errors (or a baseline gate finds a regression);
 * 2 a usage error (nothing was run); 3 the target could not be started or reached at all;
 * 130 interrupted by SIGINT, 143 by SIGTERM (either way, the report of what ran is written).
 */
export const EXIT = Object.freeze({ PASS: 0, FAIL: 1, USAGE: 2, TARGET: 3, INTERRUPTED: 130, TERMINATED: 143 });
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
