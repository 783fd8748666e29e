import type { RuleCheck } from './harness/rule-check.js';
import { DAEMON_CONFIG_CHECKS } from './daemon-config/index.js';
import { MODEL_RUNNER_CHECKS } from './model-runner/index.js';
import { LISTENERS_CHECKS } from './listeners/index.js';
import { RELOAD_CHECKS } from './reload/index.js';
import { API_VERSIONING_CHECKS } from './api-versioning/index.js';
import { DEPRECATIONS_CHECKS } from './deprecations/index.js';

/** Every assertion, by the rule id it is tagged with. */
export const ALL_CHECKS: readonly RuleCheck[] = [
  ...API_VERSIONING_CHECKS,
  ...DAEMON_CONFIG_CHECKS,
  ...RELOAD_CHECKS,
  ...MODEL_RUNNER_CHECKS,
  ...LISTENERS_CHECKS,
  ...DEPRECATIONS_CHECKS,
];

const byRule = new Map<string, RuleCheck>(ALL_CHECKS.map((check) => [check.rule, check]));

export const findCheck = (rule: string): RuleCheck | undefined => byRule.get(rule);
