/** The run's entry point, kept here for callers of the harness; the run itself is suites/run/. */
export { runSuites, type RunOptions, type SuiteRun } from '../run/index.js';
