export type * from './model/result.js';
export { totalsOf } from './model/totals.js';
export {
  ConformanceReportSchema,
  RESULT_STATUSES,
  reportJsonSchema,
  reportJsonSchemaText,
  validateReport,
  type ValidationResult,
} from './schema.js';
export { renderBadge, tallyByArea, type AreaTally } from './renderers/index.js';
export { renderHtml, renderJson, renderJunit, apiRangeText, axesText, evidenceText, replayHint, resultName } from './renderers/index.js';
export { deviationCovers, knownDeviationsApply, knownDeviationsObservedOn, observedOn, TARGET_KINDS, withoutKnownDeviations } from './model/result.js';
export { curlCommand, shellWord } from './renderers/curl.js';
export {
  REPORT_FILES,
  ReportError,
  writeReport,
  type Renderer,
  type ReportErrorCode,
  type ReportFormat,
  type ReportPaths,
  type WriteReportOptions,
} from './write.js';
export {
  baselineOf,
  baselineOutcome,
  changeText,
  compareWithBaseline,
  isBaseline,
  isRegression,
  type Baseline,
  type BaselineComparison,
} from './baselines/baseline.js';
export { comparableReport, MergeError, mergeShards, type MergeErrorCode, type ShardReport } from './merge/index.js';
export * from './compare/index.js';
export {
  markdownText,
  MAX_DIFFERING_ROWS,
  percentText,
  renderComparisonHtml,
  renderComparisonJson,
  renderComparisonMarkdown,
  verdictText,
  VERDICT_DISPLAY,
} from './renderers/index.js';
export {
  CERTIFYING_LEVELS,
  certificationLine,
  certificationVerdict,
  type AreaCount,
  type CertificationVerdict,
  type FailedRule,
} from './certification-verdict.js';
