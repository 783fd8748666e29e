import type { RuleId } from '../specs/catalogue.js';

/**
 * A piece of the simulator that says which rules it implements: routes, middlewares and the
 * configuration steps declare one each. The rule map (rules/implemented.ts) is derived from them.
 */
export interface Implementation {
  /** Repository-relative file(s) and symbol, e.g. "simulator/engine/system/ping.ts: GET /_ping" (test/where.test.ts checks them). */
  readonly where: string;
  readonly rules: readonly RuleId[];
}
