import type { Rule } from '../../specs/types.js';
import { findCheck } from '../checks.js';
import type { RuleCheck } from '../harness/rule-check.js';
import { RunError } from './errors.js';

/** One cell of the matrix: a rule at one API version (null for rules not tied to one). */
export interface PlannedCell {
  readonly rule: Rule;
  readonly check: RuleCheck | undefined;
  readonly api: string | null;
  /** Values of other axes, for rules that have any beyond the API version. */
  readonly axes?: Readonly<Record<string, string>>;
}

/** "rule@api", api "none" for rules not tied to one: what --only, baselines and rerun lines name. */
export const cellKey = (rule: string, api: string | null): string => `${rule}@${api ?? 'none'}`;

/** Checks `--only` entries ("rule" or "rule@api") against the catalogue; an unknown rule is a RunError. */
export function checkOnly(only: readonly string[] | undefined, rules: readonly Rule[]): void {
  for (const entry of only ?? []) {
    const rule = entry.split('@')[0];
    if (!rules.some((r) => r.id === rule)) throw new RunError('RUN_OPTIONS', `--only ${entry}: no rule ${JSON.stringify(rule)} in the catalogue (see: ctr-conformance rules)`);
  }
}

function selected(only: readonly string[] | undefined, rule: string, api: string | null): boolean {
  if (only === undefined || only.length === 0) return true;
  return only.some((entry) => entry === rule || entry === cellKey(rule, api));
}

/** The cells of a run: every rule at every column (per-version rules) or once, filtered by `only`. */
export function planCells(rules: readonly Rule[], apiVersions: readonly string[], only?: readonly string[]): PlannedCell[] {
  checkOnly(only, rules);
  return rules.flatMap((rule) =>
    (rule.binding === 'per-version' ? apiVersions : [null])
      .filter((api) => selected(only, rule.id, api))
      .map((api) => ({ rule, check: findCheck(rule.id), api })),
  );
}
