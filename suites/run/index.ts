/**
 * The run as a library: plan the cells, start the target, judge every cell within its deadline,
 * stop the target, build the report (runToReport: the one path from options to the report the CLI
 * writes). The CLI parses arguments, calls it, writes and prints; tests and the benchmark call it.
 */
export { runSuites, observedRangeOf, type RunOptions, type SuiteRun } from './run-suites.js';
export { assembleReport, TOOL_VERSION } from './assemble-report.js';
export { runToReport, type ReportOptions, type ReportedRun } from './run-to-report.js';
export { recordedOptions, targetArgsOf, withRunRecord, type RecordedReport } from './run-record.js';
export { planCells, checkOnly, expandOnly, cellKey, parseShard, type PlannedCell, type Shard } from './plan.js';
export { evaluateCell, type RunState } from './evaluate-cell.js';
export { DEFAULT_DEADLINES, DeadlinePassed, deadlineController, type Deadlines } from './deadlines.js';
export { CellClient, clientFactory, type ClientFactory } from './cell-client.js';
export { rerunCommand, withRerun, CLI_COMMAND, type RerunBase } from './rerun.js';
export { RunError } from './errors.js';
export { ResponsivenessWatch, TargetUnresponsive, UNRESPONSIVE_AFTER } from './responsiveness.js';
export { withStartArgs } from './start-args.js';
export { deviationCoversCell, deviationNotes, withEngineDeviations, withKnownDeviations, type DeviationSource } from './known-deviations.js';
export { replaySelection, type ReplaySelection } from './replay-selection.js';
export { curlAfterRun, simulatorCommand, withCurlAfterRun, SIM_COMMAND, SIM_DIR, type CurlContext } from './curl-after-run.js';
