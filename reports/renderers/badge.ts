import { type CertificationVerdict, certificationVerdict } from '../certification-verdict.js';
import { leadsWithCarried } from '../model/carried-surfaces.js';
import type { ConformanceReport, ResultStatus, TargetDescription } from '../model/result.js';
import { escapeHtml } from './html.js';
import { apiRangeText } from './text.js';

/** One area's row of the badge: how many of its rules passed, of those the run judged. */
export interface AreaTally {
  readonly area: string;
  readonly passed: number;
  /** Rules with a pass, fail or error cell (not those only skipped or not applicable). */
  readonly judged: number;
}

/**
 * A rule's verdict over its cells: failed when any cell fails or errs, passed when none does and
 * one passes, otherwise not judged (every cell skipped or not applicable).
 */
function ruleVerdicts(report: ConformanceReport): Map<string, 'passed' | 'failed' | 'not judged'> {
  const statuses = new Map<string, Set<ResultStatus>>();
  for (const r of report.results) statuses.set(r.rule, (statuses.get(r.rule) ?? new Set()).add(r.status));
  return new Map(
    [...statuses].map(([rule, seen]) => [rule, seen.has('fail') || seen.has('error') ? 'failed' : seen.has('pass') ? 'passed' : 'not judged'] as const),
  );
}

/** The rules passed per area, areas in the order `areas` gives (areas with no rule in the run left out). */
export function tallyByArea(report: ConformanceReport, areaOf: (rule: string) => string, areas: readonly string[]): AreaTally[] {
  const tallies = new Map(areas.map((area) => [area, { area, passed: 0, judged: 0 }]));
  for (const [rule, verdict] of ruleVerdicts(report)) {
    const area = areaOf(rule);
    const tally = tallies.get(area) ?? { area, passed: 0, judged: 0 };
    tallies.set(area, {
      area,
      passed: tally.passed + (verdict === 'passed' ? 1 : 0),
      judged: tally.judged + (verdict === 'not judged' ? 0 : 1),
    });
  }
  return [...tallies.values()].filter((t) => t.judged > 0);
}

/** The badge's few words after NOT CERTIFIED (the whole line is in its title). */
function badgeReason(verdict: CertificationVerdict): string {
  if (verdict.certified) return '';
  const n = verdict.failed.length;
  if (n > 0) return ` · ${n} document rule${n === 1 ? '' : 's'} fail${n === 1 ? 's' : ''}`;
  if (verdict.incomplete === undefined) return '';
  return verdict.incomplete.startsWith('no ') ? ' · no document rule judged' : ' · not a whole run';
}

/**
 * What the badge says was tested: a daemon's API range; for a target without the daemon API
 * (openai:, llama-server), which has none, the model runner's API and its engine (issue 38).
 */
function scopeOf(target: TargetDescription): { title: string; scope: string } {
  const version = target.version === null ? '' : ` ${target.version}`;
  if (!leadsWithCarried(target)) return { title: `${target.spec}${version}`, scope: `API ${apiRangeText(target.apiRange ?? target.observedApiRange)}` };
  const engine = target.engine?.name == null ? '' : ` · ${target.engine.name}${target.engine.version === null ? '' : ` ${target.engine.version}`}`;
  return { title: `${target.spec}${version}${engine}`, scope: target.surfaces.includes('model-runner-api') ? "model runner's API only" : 'no daemon API' };
}

const ROW = 20;
const WIDTH = 420;
const BAR_X = 190;
const BAR_WIDTH = 150;

/**
 * An SVG badge of a run: the certification decision (CERTIFIED or NOT CERTIFIED, its line in the
 * title and the label), the target, its API range, and per area the rules passed of those
 * judged, as a bar and a count. Plain SVG text, no script, no external reference.
 */
export function renderBadge(report: ConformanceReport, areaOf: (rule: string) => string, areas: readonly string[]): string {
  const e = escapeHtml;
  const tallies = tallyByArea(report, areaOf, areas);
  const { title, scope } = scopeOf(report.target);
  const verdict = certificationVerdict(report);
  const height = 76 + ROW * tallies.length;
  const rows = tallies.map((t, i) => {
    const y = 72 + ROW * i;
    const share = t.judged === 0 ? 0 : t.passed / t.judged;
    const colour = t.passed === t.judged ? '#2e7d32' : '#c62828';
    return [
      `  <text x="12" y="${y + 14}">${e(t.area)}</text>`,
      `  <rect x="${BAR_X}" y="${y + 3}" width="${BAR_WIDTH}" height="14" fill="#e0e0e0"/>`,
      `  <rect x="${BAR_X}" y="${y + 3}" width="${Math.round(BAR_WIDTH * share)}" height="14" fill="${colour}"/>`,
      `  <text x="${BAR_X + BAR_WIDTH + 8}" y="${y + 14}">${t.passed}/${t.judged}</text>`,
    ].join('\n');
  });
  const summary = tallies.map((t) => `${t.area} ${t.passed}/${t.judged}`).join(', ');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${e(`ctr-conformance: ${verdict.line}. ${title}, ${scope}: rules passed per area: ${summary}`)}">`,
    `  <title>${e(`ctr-conformance ${report.tool.version}: ${verdict.line} (seed ${report.seed})`)}</title>`,
    `  <rect width="${WIDTH}" height="${height}" rx="6" fill="#fafafa" stroke="#9e9e9e"/>`,
    '  <g font-family="DejaVu Sans,Verdana,sans-serif" font-size="12" fill="#212121">',
    `  <text x="12" y="20" font-weight="bold">${e(`ctr-conformance · ${title}`)}</text>`,
    `  <text x="12" y="40" font-weight="bold" fill="${verdict.certified ? '#2e7d32' : '#c62828'}" data-certified="${verdict.certified}">${verdict.certified ? 'CERTIFIED' : 'NOT CERTIFIED'}${e(badgeReason(verdict))}</text>`,
    `  <text x="12" y="60">${e(`${scope} · rules passed per area (of those judged)`)}</text>`,
    ...rows,
    '  </g>',
    '</svg>',
    '',
  ].join('\n');
}
