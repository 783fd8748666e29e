import { RULES, type RuleId } from '../../specs/catalogue.js';
import type { RuleCheck } from './rule-check.js';
import { skipped } from './verdict.js';

/**
 * The check of a rule no target on this machine can carry (the catalogue says why). The harness
 * skips such rules before any check runs; this entry only keeps "one assertion per rule id" true
 * and states the reason if it is ever asked.
 */
export function untestableCheck(rule: RuleId): RuleCheck {
  const why = RULES.find((r) => r.id === rule)?.testability;
  return { rule, run: () => Promise.resolve(skipped(why !== undefined && !why.testable ? why.why : 'not testable here')) };
}
