import { RULES } from '../../specs/catalogue.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { skipped } from '../harness/verdict.js';

/**
 * The rules of the area that no target on this machine can carry (the catalogue says why: the
 * other platform, containers, images, a file system without d_type, the machine's own /etc). The
 * harness skips them before any check runs; this entry only keeps "one assertion per rule id"
 * true and states the reason if it is ever asked.
 */
function untestable(rule: string): RuleCheck {
  const why = RULES.find((r) => r.id === rule)?.testability;
  return { rule, run: () => Promise.resolve(skipped(why !== undefined && !why.testable ? why.why : 'not testable here')) };
}

export const UNTESTABLE_CONFIG_CHECKS: readonly RuleCheck[] = [
  'config.file.default-path',
  'config.file.other-platform',
  'config.cgroup.parent',
  'config.overlay.d-type',
  'config.runtimes.other-platform',
  'config.runtimes.on-path',
  'config.limits.defaults',
  'config.env.unobservable',
].map(untestable);
