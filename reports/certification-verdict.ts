/**
 * What "certified" means, defined once: certification.json, the report's header, the badge, the
 * console and `verify` all read this module's verdict of a report.
 *
 * - The rules that decide are the document's: levels `must` and `descriptive` (both assert the
 *   words of the specification). `implementation` rules record what real releases do where the
 *   document is silent; their failures are reported beside the verdict and never decide it.
 * - A deciding rule fails the certification when any of its cells fails or errs, at any API
 *   version the run judged (an error is a cell nobody could judge, so it counts as a failure), a
 *   known deviation of the release included: the label explains a failure, it does not excuse it.
 * - A rule whose cells are all skipped (the target lacks the surface or capability it speaks of,
 *   or its release is unknown) is "not judged on this target": it does not fail the certification,
 *   and the verdict names how many there are, by area, so the certificate says what it covers.
 *   Skipped cells beside passing ones leave the rule passed. Not-applicable cells do not count:
 *   the rule does not speak of that version, release or platform.
 * - Only a whole run can certify: a shard, a run of some rules (`--only`), or a run that judged
 *   no deciding rule is not certified, whatever its cells say.
 * - It certifies the target at the API range the release table gives for its release, else the
 *   range the target reported itself.
 */
import { leadsWithCarried, surfaceWords } from './model/carried-surfaces.js';
import type { ApiRange, ConformanceReport, RuleLevel, RuleSummary } from './model/result.js';

/** The levels whose rules decide a certification. */
export const CERTIFYING_LEVELS: readonly RuleLevel[] = ['must', 'descriptive'];

/** A deciding rule that failed or erred. */
export interface FailedRule {
  readonly rule: string;
  readonly level: RuleLevel;
  readonly area: string;
  /** Every failing cell of the rule is a known deviation of the release (still a failure). */
  readonly knownDeviation: boolean;
}

/** A count per area, areas in the order of the report's rules. */
export interface AreaCount {
  readonly area: string;
  readonly rules: number;
}

export interface CertificationVerdict {
  readonly certified: boolean;
  /** The levels that decided (CERTIFYING_LEVELS). */
  readonly levels: readonly RuleLevel[];
  /** The target as the line names it: its spec and version. */
  readonly target: string;
  /** The API range certified (or not): the release table's, else the target's own; null when neither is known. */
  readonly apiRange: ApiRange | null;
  /** Deciding rules with a pass, fail or error cell. */
  readonly judged: number;
  /** Deciding rules that failed or erred. */
  readonly failed: readonly FailedRule[];
  /** Deciding rules whose cells were all skipped, per area. */
  readonly notJudged: readonly AreaCount[];
  /** Implementation rules that failed or erred: reported, not deciding. */
  readonly implementationFailed: number;
  /** Why this report cannot certify whatever its cells say (a shard, `--only`, nothing judged); absent when it can. */
  readonly incomplete?: string;
  /** What a target without the daemon API carries, in words ("the model runner's API"); absent on a daemon. */
  readonly carriesOnly?: string;
  /** The implementations and releases (or builds) whose known deviations the failing rules are, as the report labels them ("dockerd 20.10"); absent when none is. */
  readonly deviationsOf?: readonly string[];
  /** The decision in one line (certificationLine). */
  readonly line: string;
}

/** A rule's level: the report's, else (reports written before levels were recorded) by its source. */
export const levelOf = (rule: Pick<RuleSummary, 'source' | 'level'>): RuleLevel => rule.level ?? (rule.source === 'document' ? 'must' : 'implementation');

const areaOf = (rule: Pick<RuleSummary, 'id' | 'area'>): string => rule.area ?? rule.id.split('.')[0] ?? rule.id;

/** "api-versioning 14, deprecations 9": areas by count, most first. */
function byArea(items: readonly { area: string }[]): AreaCount[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.area, (counts.get(item.area) ?? 0) + 1);
  return [...counts].map(([area, rules]) => ({ area, rules })).sort((a, b) => b.rules - a.rules);
}
const areasText = (counts: readonly AreaCount[]): string => counts.map((c) => `${c.area} ${c.rules}`).join(', ');
const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The range a certificate names: the release table's, else a complete self-reported one. */
function certifiedRange(report: ConformanceReport): ApiRange | null {
  const { apiRange, observedApiRange: seen } = report.target;
  if (apiRange !== null) return apiRange;
  return seen !== null && seen.min !== null && seen.max !== null ? { min: seen.min, max: seen.max } : null;
}

/** The certification verdict of a report (see the module's comment for the definition). */
export function certificationVerdict(report: ConformanceReport): CertificationVerdict {
  const rules: Pick<RuleSummary, 'id' | 'area' | 'source' | 'level'>[] = [...report.rules];
  const listed = new Set(rules.map((r) => r.id));
  for (const r of report.results) {
    if (listed.has(r.rule)) continue;
    listed.add(r.rule);
    rules.push({ id: r.rule, source: 'implementation' });
  }
  const cellsOf = new Map<string, ConformanceReport['results'][number][]>();
  for (const r of report.results) cellsOf.set(r.rule, [...(cellsOf.get(r.rule) ?? []), r]);

  const failed: FailedRule[] = [];
  const notJudged: { area: string }[] = [];
  let judged = 0;
  let implementationFailed = 0;
  for (const rule of rules) {
    const cells = cellsOf.get(rule.id) ?? [];
    const bad = cells.filter((c) => c.status === 'fail' || c.status === 'error');
    const level = levelOf(rule);
    const deciding = CERTIFYING_LEVELS.includes(level);
    if (!deciding) {
      if (bad.length > 0) implementationFailed++;
      continue;
    }
    if (bad.length > 0) {
      judged++;
      failed.push({ rule: rule.id, level, area: areaOf(rule), knownDeviation: bad.every((c) => c.status === 'fail' && c.knownDeviation === true) });
    } else if (cells.some((c) => c.status === 'pass')) judged++;
    else if (cells.some((c) => c.status === 'skipped')) notJudged.push({ area: areaOf(rule) });
  }

  const only = report.options?.only ?? [];
  const incomplete =
    report.shard !== undefined
      ? `this report is shard ${report.shard.index}/${report.shard.count} of a run (merge the shards to certify)`
      : only.length > 0
        ? `a run of some rules only (--only ${only.length <= 3 ? only.join(' ') : `${only.slice(0, 3).join(' ')} … ${only.length} entries`}); a certification judges every rule`
        : judged === 0
          ? 'no must or descriptive rule could be judged on this target'
          : undefined;
  const known = new Set(failed.filter((f) => f.knownDeviation).map((f) => f.rule));
  const deviationsOf = [
    ...new Set(
      report.rules
        .filter((r) => known.has(r.id))
        .flatMap((r) => (r.knownDeviations ?? []).map((note) => `${note.implementation ?? 'dockerd'} ${note.release}`)),
    ),
  ];
  const verdict = {
    certified: incomplete === undefined && failed.length === 0,
    levels: CERTIFYING_LEVELS,
    target: `${report.target.spec}${report.target.version === null ? '' : ` ${report.target.version}`}`,
    apiRange: certifiedRange(report),
    judged,
    failed,
    notJudged: byArea(notJudged),
    implementationFailed,
    ...(incomplete === undefined ? {} : { incomplete }),
    ...(leadsWithCarried(report.target)
      ? { carriesOnly: report.target.surfaces.map(surfaceWords).join(' and ') || 'none of the interfaces the rules speak of' }
      : {}),
    ...(deviationsOf.length === 0 ? {} : { deviationsOf }),
  };
  return { ...verdict, line: lineOf(verdict) };
}

function lineOf(v: Omit<CertificationVerdict, 'line'>): string {
  const notJudgedCount = v.notJudged.reduce((sum, c) => sum + c.rules, 0);
  const carries = v.carriesOnly === undefined ? '' : `: it carries only ${v.carriesOnly}`;
  const notJudged = notJudgedCount === 0 ? '' : `; ${plural(notJudgedCount, 'rule', 'rules')} not judged on this target${carries} (${areasText(v.notJudged)})`;
  const deviationsOf = v.deviationsOf === undefined || v.deviationsOf.length === 0 ? 'the release' : v.deviationsOf.join(', ');
  const implementation =
    v.implementationFailed === 0
      ? ''
      : `; ${plural(v.implementationFailed, 'implementation rule fails', 'implementation rules fail')} (not part of certification)`;
  const range = v.apiRange === null ? '' : ` at API ${v.apiRange.min}–${v.apiRange.max}`;
  if (v.certified) return `CERTIFIED for ${v.target}${range}: all ${v.judged} must and descriptive rules judged pass${notJudged}${implementation}`;
  const failing: string[] = [];
  for (const level of CERTIFYING_LEVELS) {
    const of = v.failed.filter((f) => f.level === level);
    if (of.length === 0) continue;
    const known = of.filter((f) => f.knownDeviation).length;
    const knownText = known === 0 ? '' : `; ${known} of them ${known === 1 ? 'a known deviation' : 'known deviations'} of ${deviationsOf}`;
    failing.push(`${plural(of.length, `${level} rule fails`, `${level} rules fail`)} (${areasText(byArea(of))}${knownText})`);
  }
  const reasons = [...(v.incomplete === undefined ? [] : [v.incomplete]), ...(failing.length === 0 ? [] : [failing.join('; ')])];
  return `NOT CERTIFIED: ${reasons.join('; ')}${notJudged}${implementation}`;
}

/** The verdict's one line for a report: what `certify` and `verify` print ("CERTIFIED for … at API 1.24–1.41" or "NOT CERTIFIED: …"). */
export const certificationLine = (report: ConformanceReport): string => certificationVerdict(report).line;
