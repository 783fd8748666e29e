import { API_VERSIONING_RULES } from './rules/api-versioning/index.js';
import { DAEMON_CONFIG_RULES } from './rules/daemon-config/index.js';
import { MODEL_RUNNER_RULES } from './rules/model-runner/index.js';
import { LISTENERS_RULES } from './rules/listeners/index.js';
import { RELOAD_RULES } from './rules/reload/index.js';
import { DEPRECATIONS_RULES } from './rules/deprecations/index.js';
import type { Rule } from './types.js';

const CATALOGUE = [
  ...API_VERSIONING_RULES,
  ...DAEMON_CONFIG_RULES,
  ...RELOAD_RULES,
  ...MODEL_RUNNER_RULES,
  ...LISTENERS_RULES,
  ...DEPRECATIONS_RULES,
] as const satisfies readonly Rule[];

/** The whole catalogue, in a stable order. */
export const RULES: readonly Rule[] = CATALOGUE;

/**
 * The rules a recording of a real daemon carries (scripts/record-transcripts.mjs records them with
 * --only): testable on the daemon's API with no capability beyond it.
 */
export const RECORDABLE_RULE_IDS: readonly string[] = RULES.filter(
  (rule) => rule.testability.testable && rule.applies.surface === 'daemon-api' && rule.requires.length === 0,
).map((rule) => rule.id);

type CatalogueRule = (typeof CATALOGUE)[number];

/** Every rule id of the catalogue, as a type: a fault or a check naming another id does not compile. */
export type RuleId = CatalogueRule['id'];

/** Ids of the rules this machine can check: each must have a fault in the simulator. */
export type TestableRuleId = Extract<CatalogueRule, { readonly testability: { readonly testable: true } }>['id'];
