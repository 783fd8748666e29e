import type { RuleCheck } from '../harness/rule-check.js';
import { untestableCheck } from '../harness/untestable.js';
import { survivesBadInputCheck } from './bad-input-checks.js';
import { MODEL_RUNNER_INFERENCE_CHECKS } from './inference-index.js';
import { bodyLimitCheck, inferenceChecksCheck } from './runner-check-checks.js';
import { MODEL_RUNNER_SERVICE_CHECKS } from './service-index.js';
import { concurrentCheck, crashSafeCheck, persistsCheck } from './store-checks.js';

/** The model-runner area: one assertion per rule id (specs/rules/model-runner/). */
export const MODEL_RUNNER_CHECKS: readonly RuleCheck[] = [
  ...MODEL_RUNNER_SERVICE_CHECKS,
  ...MODEL_RUNNER_INFERENCE_CHECKS,
  persistsCheck,
  crashSafeCheck,
  concurrentCheck,
  survivesBadInputCheck,
  inferenceChecksCheck,
  bodyLimitCheck,
  untestableCheck('mr.tcp.default-port'),
];
