import type { RuleId } from '../../specs/catalogue.js';

/**
 * One deliberately broken behaviour of the simulator, switched on with `--fault <rule-id>`. The
 * self-test runs the whole catalogue with each fault on and requires that exactly that rule fails.
 */
export interface Fault {
  /** What the simulator does instead of following the rule, and where. */
  readonly breaks: string;
  /**
   * Rules that any violation of this one necessarily violates too (the self-test lets them fail),
   * with the reason. Kept to the logically unavoidable.
   */
  readonly alsoBreaks?: { readonly rules: readonly RuleId[]; readonly why: string };
}
