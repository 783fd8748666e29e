import { isOlder } from '../../common/dotted-version.js';
import {
  deviationCovers,
  knownDeviationsApply,
  type ConformanceReport,
  type KnownDeviationNote,
  type RuleResult,
  type RuleSummary,
} from '../../reports/model/result.js';
import { ENGINE_DEVIATIONS, type EngineDeviation } from '../../specs/engine-deviations.js';
import { KNOWN_DEVIATIONS, type KnownDeviation } from '../../specs/known-deviations.js';
import { RULES } from '../../specs/index.js';
import type { Rule } from '../../specs/types.js';

/**
 * Which known deviations a target can show: a real implementation (or a recording of one) every
 * deviation of its release; the simulator only those whose observed quirk it carries (`--quirk`,
 * `--as-observed`): a simulator that fails such a cell for another reason (a `--fault`) is not
 * the release deviating.
 */
export type DeviationSource = { readonly kind: 'release' } | { readonly kind: 'simulator'; readonly quirks: readonly string[] };

/** The implementation every entry of specs/known-deviations.ts was observed on: real dockerd releases. */
export const OBSERVED_IMPLEMENTATION = 'dockerd';

/** Whether `deviation` covers the cell of `api` on a release whose minimum API version is `min`. */
export function deviationCoversCell(deviation: Pick<KnownDeviation, 'cells'>, api: string | null, min: string | null): boolean {
  if (deviation.cells === 'all') return true;
  if (api === null) return false;
  return deviation.cells === 'below-minimum' ? min !== null && isOlder(api, min) : deviation.cells.api.includes(api);
}

/** The words a rule rests on: the document's quote, or what an implementation rule expects. */
const ruleSays = (rule: Rule): string => (rule.source.kind === 'document' ? rule.source.quote : rule.expectation);

/** The known deviations of `release` from `rule` that `source` can show, with the report's columns they cover. */
export function deviationNotes(
  rule: Rule,
  release: string,
  min: string | null,
  apiVersions: readonly string[],
  source: DeviationSource,
  deviations: readonly KnownDeviation[] = KNOWN_DEVIATIONS,
): KnownDeviationNote[] {
  return deviations
    .filter((d) => d.rule === rule.id && d.releases.includes(release) && (source.kind === 'release' || source.quirks.includes(d.quirk)))
    .map((d) => ({
      implementation: OBSERVED_IMPLEMENTATION,
      release,
      apis: d.cells === 'all' ? null : apiVersions.filter((api) => deviationCoversCell(d, api, min)),
      what: d.what,
      ...(d.evidence === undefined ? {} : { evidence: d.evidence }),
      ruleSays: ruleSays(rule),
    }));
}

/**
 * The report with its release's known deviations recorded (withNotes). Only a target of the implementation they were observed on gets them: another vendor's engine
 * judged as a dockerd release by the API version it claims (Podman as 20.10) gets none.
 */
export function withKnownDeviations(
  report: ConformanceReport,
  source: DeviationSource,
  rules: readonly Rule[] = RULES,
  deviations: readonly KnownDeviation[] = KNOWN_DEVIATIONS,
): ConformanceReport {
  const release = report.target.release;
  if (release === null || !knownDeviationsApply(report.target)) return report;
  const min = report.target.apiRange?.min ?? null;
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const notes = new Map<string, KnownDeviationNote[]>();
  for (const summary of report.rules) {
    const rule = byId.get(summary.id);
    const found = rule === undefined ? [] : deviationNotes(rule, release, min, report.apiVersions, source, deviations);
    if (found.length > 0) notes.set(summary.id, found);
  }
  return withNotes(report, notes);
}

/**
 * The report of a bare OpenAI-compatible engine (an `openai:`-kind target) with that engine's
 * known deviations (specs/engine-deviations.ts) recorded as a release's are: only where the report
 * names the engine and a build the deviation was observed on.
 */
export function withEngineDeviations(
  report: ConformanceReport,
  rules: readonly Rule[] = RULES,
  deviations: readonly EngineDeviation[] = ENGINE_DEVIATIONS,
): ConformanceReport {
  const engine = report.target.engine;
  if (engine === undefined || engine.name === null || engine.version === null) return report;
  const { name, version } = engine;
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const notes = new Map<string, KnownDeviationNote[]>();
  for (const d of deviations) {
    const rule = byId.get(d.rule);
    if (rule === undefined || d.engine !== name || !d.builds.includes(version)) continue;
    notes.set(d.rule, [
      ...(notes.get(d.rule) ?? []),
      { implementation: name, release: version, apis: null, what: d.what, evidence: d.evidence, ruleSays: ruleSays(rule) },
    ]);
  }
  return withNotes(report, notes);
}

/**
 * The report with each rule's `notes` recorded (`knownDeviations`) and each failing cell one of
 * them covers labelled (`knownDeviation: true`). Statuses and totals are not touched: a known
 * deviation is a failure. Every rule gets its notes whether or not a cell failed, so that the
 * shards of one run agree.
 */
function withNotes(report: ConformanceReport, notes: ReadonlyMap<string, readonly KnownDeviationNote[]>): ConformanceReport {
  if (notes.size === 0) return report;
  const rules: RuleSummary[] = report.rules.map((summary) => {
    const found = notes.get(summary.id);
    return found === undefined ? summary : { ...summary, knownDeviations: found };
  });
  const results: RuleResult[] = report.results.map((result) =>
    result.status === 'fail' && (notes.get(result.rule) ?? []).some((note) => deviationCovers(note, result.api)) ? { ...result, knownDeviation: true } : result,
  );
  return { ...report, rules, results };
}
