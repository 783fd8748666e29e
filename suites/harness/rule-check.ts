import type { RuleId } from '../../specs/catalogue.js';
import type { SuiteContext } from './context.js';
import type { PropertyOptions } from './property.js';
import type { Verdict } from './verdict.js';

/**
 * The assertion for one rule id. Per-version rules get the matrix column; others get null. What
 * the target must be able to do for the check to run is the catalogue's `requires` (specs/), not
 * the check's business.
 */
export interface RuleCheck {
  /** The rule it asserts: an id of the catalogue (specs/catalogue.ts), so a misspelt id does not compile. */
  readonly rule: RuleId;
  /** Why the rule does not apply to this cell, or null when it does. */
  applies?(ctx: SuiteContext, api: string | null): string | null;
  /**
   * Every documented item (option, key, field, form) the rule's generator ranges over in this
   * cell. The check reports each one a generated case exercises (`options.coverage.hit`); the
   * report shows which were generated, and a rule that leaves one out at the default settings
   * fails test/coverage.test.ts.
   */
  documentedItems?(ctx: SuiteContext, api: string | null): readonly string[];
  run(ctx: SuiteContext, api: string | null, options: PropertyOptions): Promise<Verdict>;
}
