import type { SuiteContext } from './context.js';
import type { PropertyOptions } from './property.js';
import type { Verdict } from './verdict.js';

/** The assertion for one rule id. Per-version rules get the matrix column; others get null. */
export interface RuleCheck {
  readonly rule: string;
  /** Starts daemons of its own with other settings: only on configurable targets. */
  readonly startsDaemons?: boolean;
  /** Sends raw bytes or paths a recording cannot carry ("//x"): not on a replayed transcript. */
  readonly needsWire?: boolean;
  /** Why the rule does not apply to this cell, or null when it does. */
  applies?(ctx: SuiteContext, api: string | null): string | null;
  run(ctx: SuiteContext, api: string | null, options: PropertyOptions): Promise<Verdict>;
}
