import type { ConformanceReport, RuleResult, RuleSummary } from '../model/result.js';
import { areaOf } from '../renderers/html-summary.js';
import { CompareError } from './compare-error.js';
import { isJudged, RULE_VERDICTS, type RuleVerdict, type ComparedArea, type ComparedImplementation, type ComparedRule, type Comparison } from './comparison.js';
import { implementationLabel } from './labels.js';
import { ruleAnchors } from './rule-anchor.js';
import { overallOf, scoreOf } from './scores.js';
import { verdictOf } from './verdict.js';

/** One report to compare. */
export interface CompareInput {
  /** Where it was read (named in every refusal and warning). */
  readonly source: string;
  readonly report: ConformanceReport;
  /** A link to its report.html from where the comparison is written; null when there is none. */
  readonly reportHref: string | null;
  /** The column's name; absent: made from the target (`dockerd 28.5`). */
  readonly label?: string;
}

function labelsOf(inputs: readonly CompareInput[]): string[] {
  const labels = inputs.map((input) => input.label ?? implementationLabel(input.report.target));
  labels.forEach((label, i) => {
    if (label.trim() === '') throw new CompareError('COMPARE_LABEL', `the label of ${inputs[i]!.source} is empty`);
    const first = labels.indexOf(label);
    if (first !== i)
      throw new CompareError(
        'COMPARE_DUPLICATE_LABEL',
        `${inputs[first]!.source} and ${inputs[i]!.source} are both "${label}": give each report its own label (--label, one per report in order)`,
      );
  });
  return labels;
}

/** "100: a, b; 15: c": which columns have which value. */
function grouped(labels: readonly string[], values: readonly string[]): string {
  const by = new Map<string, string[]>();
  values.forEach((value, i) => by.set(value, [...(by.get(value) ?? []), labels[i]!]));
  return [...by].map(([value, who]) => `${value}: ${who.join(', ')}`).join('; ');
}

/** What a reader should know before trusting the comparison. */
function warningsOf(inputs: readonly CompareInput[], labels: readonly string[]): string[] {
  const warnings: string[] = [];
  const tools = inputs.map((i) => i.report.tool.version);
  if (new Set(tools).size > 1)
    warnings.push(
      `the reports come from different versions of ctr-conformance (${grouped(labels, tools)}): a verdict may differ because a rule or its check changed`,
    );
  const depths = inputs.map((i) => String(i.report.numRuns));
  if (new Set(depths).size > 1)
    warnings.push(
      `the runs generated different numbers of cases per property (${grouped(labels, depths)}): a deeper run may find a failure a shallower one misses`,
    );
  inputs.forEach((input, i) => {
    const only = input.report.options?.only ?? [];
    if (only.length > 0) warnings.push(`${labels[i]} ran only some rules (--only ${only.join(' --only ')}): the other rules are "not run" there`);
  });
  return warnings;
}

/**
 * Every rule of the reports, once: the rules they list, in the order they first appear, then the
 * rules only their results name (a listed rule's title and area win over none).
 */
function rulesOf(inputs: readonly CompareInput[]): RuleSummary[] {
  const rules = new Map<string, RuleSummary>();
  for (const { report } of inputs) for (const rule of report.rules) if (!rules.has(rule.id)) rules.set(rule.id, rule);
  for (const { report } of inputs) {
    for (const r of report.results)
      if (!rules.has(r.rule)) rules.set(r.rule, { id: r.rule, title: '(not listed in the report’s rules)', source: 'implementation', section: '' });
  }
  return [...rules.values()];
}

function describe(input: CompareInput, label: string, column: number, rows: readonly ComparedRule[]): ComparedImplementation {
  const { report } = input;
  const t = report.target;
  return {
    label,
    source: input.source,
    report: input.reportHref,
    target: {
      spec: t.spec,
      kind: t.kind,
      profile: t.profile,
      version: t.version,
      release: t.release,
      apiRange: t.apiRange,
      observedApiRange: t.observedApiRange,
    },
    toolVersion: report.tool.version,
    seed: report.seed,
    numRuns: report.numRuns,
    startedAt: report.startedAt,
    totals: report.totals,
    verdicts: Object.fromEntries(RULE_VERDICTS.map((v) => [v, rows.filter((r) => r.cells[column]?.verdict === v).length])) as Record<RuleVerdict, number>,
  };
}

/**
 * Reports side by side (pure: reports in, comparison out). One column per report, one row per
 * rule of any of them, grouped by area; a cell is the rule's verdict over the API versions of
 * that report, linked to its evidence. Within an area the rules that differ (the implementations
 * that judged them do not agree) come first. The scores count, of the rules every implementation
 * judged, those each passes and those all pass.
 *
 * Refused with a CompareError: fewer than two reports, a shard of a run (merge it first), a
 * label given empty, two columns of one name. Different tool versions, depths or rule selections
 * are warnings: the comparison is made, and says so.
 */
export function compareReports(inputs: readonly CompareInput[]): Comparison {
  if (inputs.length < 2) throw new CompareError('COMPARE_TOO_FEW', `a comparison needs two reports or more; ${inputs.length} given`);
  for (const { source, report } of inputs) {
    if (report.shard !== undefined)
      throw new CompareError(
        'COMPARE_SHARD',
        `${source} is shard ${report.shard.index}/${report.shard.count} of a run, not a whole run: merge its shards first (ctr-conformance merge)`,
      );
  }
  const labels = labelsOf(inputs);
  const columns = inputs.map((input) => {
    const byRule = new Map<string, RuleResult[]>();
    for (const r of input.report.results) {
      const list = byRule.get(r.rule);
      if (list === undefined) byRule.set(r.rule, [r]);
      else list.push(r);
    }
    return { byRule, anchors: ruleAnchors(input.report), href: input.reportHref };
  });

  const rows: ComparedRule[] = rulesOf(inputs).map((rule) => {
    const cells = columns.map(({ byRule, anchors, href }) => {
      const anchor = anchors.get(rule.id);
      return verdictOf(byRule.get(rule.id) ?? [], href === null || anchor === undefined ? null : `${href}#${anchor}`);
    });
    const judged = new Set(cells.filter((c) => isJudged(c.verdict)).map((c) => c.verdict));
    return {
      id: rule.id,
      title: rule.title,
      source: rule.source,
      area: areaOf(rule),
      cells,
      differs: judged.size > 1,
      scored: cells.every((c) => isJudged(c.verdict)),
      interoperable: cells.every((c) => c.verdict === 'pass'),
    };
  });

  const areaNames = [...new Set(rows.map((r) => r.area))];
  const areas: ComparedArea[] = areaNames.map((area) => {
    const members = rows.filter((r) => r.area === area);
    return {
      area,
      score: scoreOf(members, inputs.length),
      differing: members.filter((r) => r.differs).length,
      rules: [...members.filter((r) => r.differs), ...members.filter((r) => !r.differs)],
    };
  });
  return {
    format: 'ctr-conformance-comparison/1',
    implementations: inputs.map((input, i) => describe(input, labels[i]!, i, rows)),
    areas,
    overall: overallOf(areas, inputs.length),
    warnings: warningsOf(inputs, labels),
  };
}
