/**
 * What a report leads with (issue 38). A target without the daemon API (`openai:`, `llama-server`)
 * carries only the model runner's API: every rule of the other surfaces is skipped on it, so its
 * outputs lead with the results of what it carries, name what was tested instead of a daemon's
 * unknown version, release and API range, and fold the rules it cannot carry into one line that
 * says so (and unfolds). A target with the daemon API is presented as before. Statuses and totals
 * are never touched: this only decides what comes first.
 */
import type { ConformanceReport, ResultStatus, RuleResult, TargetDescription } from './result.js';
import { totalsOf } from './totals.js';

/** The words a reader sees for each surface of the catalogue (any other string is shown as it is). */
const SURFACE_WORDS: Readonly<Record<string, string>> = {
  'daemon-api': 'the daemon API',
  'daemon-process': 'the daemon as a process',
  'model-runner-api': "the model runner's API",
  'model-runner-service': 'the model runner service',
};
export const surfaceWords = (surface: string): string => SURFACE_WORDS[surface] ?? surface;

/** Whether the outputs lead with the target's own surfaces: it lacks the daemon API. */
export const leadsWithCarried = (target: Pick<TargetDescription, 'surfaces'>): boolean => !target.surfaces.includes('daemon-api');

/** The rules of surfaces a target does not carry, folded into one line. */
export interface NotCarried {
  /** The folded rules' ids. */
  readonly rules: ReadonlySet<string>;
  /** Their cells (every one skipped). */
  readonly cells: number;
  /** How many folded rules speak of each surface, most first. */
  readonly bySurface: readonly { readonly surface: string; readonly rules: number }[];
  /** "187 rules not judged on this target (1447 skipped cells): it carries only the model runner's API; they speak of …". */
  readonly line: string;
}

/**
 * The rules to fold on a target that lacks the daemon API: those the report says speak of a
 * surface the target does not carry, every cell of which is skipped. A rule with any other result
 * (a failure above all) stays where a reader sees it. Null for a target with the daemon API, and
 * when nothing folds (a report written before rules recorded their surface folds nothing).
 */
export function notCarried(report: Pick<ConformanceReport, 'target' | 'rules' | 'results'>): NotCarried | null {
  const { surfaces } = report.target;
  if (!leadsWithCarried(report.target)) return null;
  const statuses = new Map<string, Set<ResultStatus>>();
  for (const r of report.results) statuses.set(r.rule, (statuses.get(r.rule) ?? new Set()).add(r.status));
  const folded = report.rules.filter((rule) => {
    const seen = statuses.get(rule.id);
    return rule.surface !== undefined && !surfaces.includes(rule.surface) && seen !== undefined && seen.size === 1 && seen.has('skipped');
  });
  if (folded.length === 0) return null;
  const rules = new Set(folded.map((rule) => rule.id));
  const cells = report.results.filter((r) => rules.has(r.rule)).length;
  const counts = new Map<string, number>();
  for (const rule of folded) counts.set(rule.surface!, (counts.get(rule.surface!) ?? 0) + 1);
  const bySurface = [...counts].map(([surface, n]) => ({ surface, rules: n })).sort((a, b) => b.rules - a.rules);
  const carried =
    surfaces.length === 0 ? 'it carries none of the interfaces the rules speak of' : `it carries only ${surfaces.map(surfaceWords).join(' and ')}`;
  const of = bySurface.map((s) => `${surfaceWords(s.surface)} (${s.rules})`).join(', ');
  const line = `${folded.length} rule${folded.length === 1 ? '' : 's'} not judged on this target (${cells} skipped cell${cells === 1 ? '' : 's'}): ${carried}; they speak of ${of}`;
  return { rules, cells, bySurface, line };
}

/** The results a reader is shown first: all but those of the folded rules. */
export const leadResults = (report: Pick<ConformanceReport, 'results'>, folded: NotCarried | null): readonly RuleResult[] =>
  folded === null ? report.results : report.results.filter((r) => !folded.rules.has(r.rule));

/** The totals of the lead results (report.json's totals are those of every result). */
export const leadTotals = (report: Pick<ConformanceReport, 'results'>, folded: NotCarried | null): Record<ResultStatus, number> =>
  totalsOf(leadResults(report, folded));

/**
 * What was tested, for a target without the daemon API: the engine and its build where its answers
 * showed them, and the endpoint of the model runner's API. E.g. "the model runner's API of
 * llama.cpp (llama-server) b4567, at http://127.0.0.1:8080/v1".
 */
export function testedText(target: Pick<TargetDescription, 'spec' | 'surfaces' | 'engine' | 'version'>): string {
  const what = target.surfaces.length === 0 ? 'no interface the rules speak of' : target.surfaces.map(surfaceWords).join(' and ');
  const engine = target.engine;
  const by = engine === undefined ? '' : engine.name === null ? ', engine not identified' : ` of ${engine.name} ${engine.version ?? '(build not identified)'}`;
  const version = target.version === null ? '' : `, version ${target.version}`;
  const at = target.spec.startsWith('openai:') ? `, at ${target.spec.slice('openai:'.length)}` : '';
  return `${what}${by}${version}${at}`;
}
