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

/** A glob over rule ids: `*` any characters (dots included), `?` one; anchored at both ends. */
function globRegExp(glob: string): RegExp {
  const body = [...glob].map((c) => (c === '*' ? '.*' : c === '?' ? '.' : c.replace(/[.+^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`);
}

/**
 * `--only` entries as the rule ids and cells the rest of a run reads. A rule id (or `rule@api`)
 * stays as it is; an area name (`model-runner`) or a glob over rule ids (`'mr.*'`,
 * `'api.version.too-*'`: `*` any characters, `?` one) becomes every rule it names, in catalogue
 * order. With `@api` it names that cell of each per-version rule it matches; with `@none`, each
 * rule not tied to an API version. A name that is neither a rule, an area nor a glob is left for
 * checkOnly to refuse; an area or glob that names no rule is a RunError. Duplicates are dropped.
 */
export function expandOnly(only: readonly string[] | undefined, rules: readonly Rule[]): string[] | undefined {
  if (only === undefined) return undefined;
  const expanded: string[] = [];
  for (const entry of only) {
    const at = entry.indexOf('@');
    const name = at < 0 ? entry : entry.slice(0, at);
    const api = at < 0 ? undefined : entry.slice(at + 1);
    const isArea = rules.some((rule) => rule.area === name);
    const isGlob = /[*?]/.test(name);
    if (rules.some((rule) => rule.id === name) || (!isArea && !isGlob)) {
      expanded.push(entry);
      continue;
    }
    if (api !== undefined && api !== 'none' && !/^1\.\d+$/.test(api))
      throw new RunError(
        'RUN_OPTIONS',
        `--only ${entry}: expected AREA, GLOB or either @API with API a version such as 1.44 (or none), not ${JSON.stringify(api)}`,
      );
    const pattern = globRegExp(name);
    const named = rules.filter((rule) => (isArea ? rule.area === name : pattern.test(rule.id)));
    const fitting = api === undefined ? named : named.filter((rule) => (rule.binding === 'per-version') === (api !== 'none'));
    if (fitting.length === 0)
      throw new RunError(
        'RUN_OPTIONS',
        named.length === 0
          ? `--only ${entry}: no rule of the catalogue matches ${JSON.stringify(name)} (see: ctr-conformance rules)`
          : `--only ${entry}: none of the ${named.length} rules ${isArea ? 'of the area' : 'matching'} ${name} ${api === 'none' ? 'is free of API versions' : 'is checked at each API version'}`,
      );
    expanded.push(...fitting.map((rule) => (api === undefined || api === 'none' ? rule.id : `${rule.id}@${api}`)));
  }
  return [...new Set(expanded)];
}

/**
 * Checks `--only` entries ("rule" or "rule@api") against the catalogue, before any target starts:
 * an unknown rule, an API part that is not a version (`1.N`) or `none`, or one that the rule's
 * binding cannot have, is a RunError.
 */
export function checkOnly(only: readonly string[] | undefined, rules: readonly Rule[]): void {
  for (const entry of only ?? []) {
    const [id, api, ...rest] = entry.split('@');
    const rule = rules.find((r) => r.id === id);
    if (rule === undefined)
      throw new RunError(
        'RUN_OPTIONS',
        `--only ${entry}: no rule ${JSON.stringify(id)} in the catalogue, nor an area or a glob such as 'mr.*' (see: ctr-conformance rules)`,
      );
    if (api === undefined) continue;
    if (rest.length > 0 || (api !== 'none' && !/^1\.\d+$/.test(api)))
      throw new RunError(
        'RUN_OPTIONS',
        `--only ${entry}: expected RULE or RULE@API with API a version such as 1.44 (or none), not ${JSON.stringify(entry.slice(entry.indexOf('@') + 1))}`,
      );
    const perVersion = rule.binding === 'per-version';
    if (perVersion === (api === 'none')) {
      throw new RunError(
        'RUN_OPTIONS',
        perVersion
          ? `--only ${entry}: ${id} is checked at each API version: name one (${id}@1.44) or none (${id})`
          : `--only ${entry}: ${id} is not tied to an API version: name it ${id} (or ${id}@none)`,
      );
    }
  }
}

/**
 * A selection must match cells on this target: an `--only` entry whose API version is no column
 * of its matrix, or a shard left with no cell, is a RunError (a run that judges nothing must not pass).
 */
export function checkSelection(
  only: readonly string[] | undefined,
  apiVersions: readonly string[],
  all: readonly PlannedCell[],
  planned: readonly PlannedCell[],
  shard?: Shard,
): void {
  for (const entry of only ?? []) {
    if (!all.some((cell) => entry === cell.rule.id || entry === cellKey(cell.rule.id, cell.api))) {
      throw new RunError(
        'RUN_OPTIONS',
        `--only ${entry}: this target has no such cell (its matrix has the API versions ${apiVersions[0]}–${apiVersions.at(-1)})`,
      );
    }
  }
  if (planned.length === 0 && shard !== undefined)
    throw new RunError('RUN_OPTIONS', `--shard ${shard.index}/${shard.count}: the part has no cell (the selection has ${all.length})`);
}

function selected(only: readonly string[] | undefined, rule: string, api: string | null): boolean {
  if (only === undefined || only.length === 0) return true;
  return only.some((entry) => entry === rule || entry === cellKey(rule, api));
}

/** One of `count` parts of a run (`index` from 1): machines share a long run, each writing its own report. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses "K/N" (1 ≤ K ≤ N); a malformed shard is a RunError. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || count < 1 || index < 1 || index > count) throw new RunError('RUN_OPTIONS', `--shard ${text}: expected K/N with 1 ≤ K ≤ N, e.g. 2/4`);
  return { index, count };
}

/**
 * The cells of a run: every rule at every column (per-version rules) or once, filtered by `only`,
 * then the shard's part (every count-th cell, so each part holds every area and every column).
 */
export function planCells(rules: readonly Rule[], apiVersions: readonly string[], only?: readonly string[], shard?: Shard): PlannedCell[] {
  checkOnly(only, rules);
  const cells = rules.flatMap((rule) =>
    (rule.binding === 'per-version' ? apiVersions : [null])
      .filter((api) => selected(only, rule.id, api))
      .map((api) => ({ rule, check: findCheck(rule.id), api })),
  );
  return shard === undefined ? cells : cells.filter((_, i) => i % shard.count === shard.index - 1);
}
