export { CompareError, type CompareErrorCode } from './compare-error.js';
export { compareReports, type CompareInput } from './compare-reports.js';
export {
  isJudged,
  RULE_VERDICTS,
  type ComparedArea,
  type ComparedImplementation,
  type ComparedRule,
  type Comparison,
  type OverallScore,
  type RuleVerdict,
  type Score,
  type VerdictCell,
} from './comparison.js';
export { implementationLabel } from './labels.js';
export { ruleAnchors } from './rule-anchor.js';
