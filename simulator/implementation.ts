import type { RuleId } from '../specs/catalogue.js';

/**
 * A piece of the simulator that says which rules it implements: routes, middlewares and the
 * configuration steps declare one each. The rule map (rules/implemented.ts) is derived from them.
 */
export interface Implementation {
  /** File and symbol, e.g. "engine/system/ping.ts: GET /_ping". */
  readonly where: string;
  readonly rules: readonly RuleId[];
}
