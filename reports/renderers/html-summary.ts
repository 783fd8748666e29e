/**
 * The top of the HTML report: per area, the matrix's cells by status as a bar, and the rules
 * that failed or erred, each with its one-line reason and a link to the evidence of its first
 * such cell. Pure: HTML text from the cells the matrix shows.
 */
import type { NotCarried } from '../model/carried-surfaces.js';
import { type ConformanceReport, knownDeviationsObservedOn, type ResultStatus, type RuleSummary } from '../model/result.js';

/** One cell of the matrix as the summary sees it. */
export interface SummaryCell {
  readonly rule: RuleSummary;
  readonly api: string | null;
  /** The cell's status (the worst of its results), or 'none' when it holds no result. */
  readonly status: ResultStatus | 'none';
  /** Indices into report.results. */
  readonly ids: readonly number[];
  /** The element id of the cell (clickable cells only). */
  readonly domId: string | null;
  /** In a column of an API version the target does not serve. */
  readonly out: boolean;
  /** A failing cell whose every failing result is a known deviation of the release (still a failure). */
  readonly known: boolean;
}

/** The statuses the bars count, in bar order. */
export const BAR_STATUSES = ['pass', 'fail', 'error', 'skipped'] as const;
type BarStatus = (typeof BAR_STATUSES)[number];

/** A rule's area: the catalogue's, or the id's first segment in reports written before areas were recorded. */
export const areaOf = (rule: RuleSummary): string => rule.area ?? rule.id.split('.')[0] ?? rule.id;

export interface AreaCounts {
  readonly area: string;
  readonly counts: Readonly<Record<BarStatus, number>>;
}

/**
 * Cells per status for each area, areas in the order their first rule appears. A version the
 * target does not serve is no skipped work: its skipped cells are not counted (its verdicts are).
 */
export function countByArea(cells: readonly SummaryCell[]): AreaCounts[] {
  const byArea = new Map<string, Record<BarStatus, number>>();
  for (const c of cells) {
    const area = areaOf(c.rule);
    const counts = byArea.get(area) ?? { pass: 0, fail: 0, error: 0, skipped: 0 };
    byArea.set(area, counts);
    if (c.out && c.status === 'skipped') continue;
    if ((BAR_STATUSES as readonly string[]).includes(c.status)) counts[c.status as BarStatus]++;
  }
  return [...byArea].map(([area, counts]) => ({ area, counts }));
}

export interface FailingRule {
  readonly rule: RuleSummary;
  /** fail when any cell fails, else error. */
  readonly status: 'fail' | 'error';
  /** The API versions of its failing or erring cells (null: the cell not tied to a version). */
  readonly apis: readonly (string | null)[];
  /** The first such cell: its reason is shown and its evidence opened. */
  readonly first: SummaryCell;
  /** Whether its failing and erring cells are known deviations of the release: all, some or none of them. */
  readonly known: 'all' | 'some' | 'none';
}

/** The rules with a failing or erring cell, in matrix order; cells are given in matrix order too. */
export function failingRules(cells: readonly SummaryCell[]): FailingRule[] {
  const found = new Map<RuleSummary, SummaryCell[]>();
  for (const c of cells) {
    if (c.status !== 'fail' && c.status !== 'error') continue;
    const list = found.get(c.rule) ?? [];
    found.set(c.rule, list);
    list.push(c);
  }
  return [...found].map(([rule, bad]) => {
    const failing = bad.filter((c) => c.status === 'fail');
    const first = (failing[0] ?? bad[0])!;
    const knownCells = bad.filter((c) => c.known).length;
    const known = knownCells === 0 ? 'none' : knownCells === bad.length ? 'all' : 'some';
    return { rule, status: failing.length > 0 ? 'fail' : 'error', apis: bad.map((c) => c.api), first, known };
  });
}

/** The label of a known deviation: still a failure, of this release. */
export const knownDeviationLabel = (release: string | null, count = 1): string => `known deviation${count === 1 ? '' : 's'} of ${release ?? 'the release'}`;

/** The marker of a failing rule that is a known deviation of the release (all its failing cells, or some). */
function knownBadge(f: FailingRule, release: string | null, e: (s: string) => string): string {
  if (f.known === 'none') return '';
  const some = f.known === 'some' ? ' (some of its cells)' : '';
  return ` <span class="badge known" data-known="${f.known}" title="${e('still a failure: the release is known to do this (specs/known-deviations.ts)')}">${e(knownDeviationLabel(release))}${some}</span>`;
}

/** The one-line reason of a failing cell: the first line of the summary of its worst result. */
export function oneLineReason(report: ConformanceReport, cell: SummaryCell): string {
  const worst = cell.ids.map((i) => report.results[i]).find((r) => r?.status === cell.status);
  const text = worst?.evidence.summary.trim() || worst?.evidence.reason?.trim() || '';
  return text.split('\n')[0] ?? '';
}

const WORDS: Readonly<Record<BarStatus, string>> = { pass: 'pass', fail: 'fail', error: 'error', skipped: 'skipped' };

/**
 * The summary section's HTML. `e` escapes text. `folded`: the rules of surfaces the target lacks
 * (carried-surfaces.ts), left out of the bars and named in one line below them instead.
 */
export function renderSummary(report: ConformanceReport, cells: readonly SummaryCell[], e: (s: string) => string, folded: NotCarried | null = null): string {
  const areas = countByArea(folded === null ? cells : cells.filter((c) => !folded.rules.has(c.rule.id)));
  const bars = areas
    .map(({ area, counts }) => {
      const total = BAR_STATUSES.reduce((n, s) => n + counts[s], 0);
      const words = BAR_STATUSES.map((s) => `${counts[s]} ${WORDS[s]}`).join(', ');
      // SVG, not styled spans: the page's CSP allows no style attributes, and rect widths are attributes.
      let x = 0;
      const rects = BAR_STATUSES.filter((s) => counts[s] > 0).map((s) => {
        const width = (counts[s] / total) * 100;
        const rect = `<rect data-status="${s}" data-count="${counts[s]}" x="${x.toFixed(3)}" y="0" width="${width.toFixed(3)}" height="10"></rect>`;
        x += width;
        return rect;
      });
      const bar = `<svg class="bar" role="img" aria-label="${e(`${area}: ${words}`)}" viewBox="0 0 100 10" preserveAspectRatio="none">${rects.join('')}</svg>`;
      const numbers = BAR_STATUSES.map((s) => `<span class="n" data-status="${s}" data-count="${counts[s]}">${counts[s]} ${WORDS[s]}</span>`).join(' ');
      return `<li data-area="${e(area)}"><span class="area">${e(area)}</span>${bar}<span class="nums">${numbers}</span></li>`;
    })
    .join('\n');
  const failing = failingRules(cells);
  const items = failing
    .map((f) => {
      const versions = f.apis.map((a) => (a === null ? 'no API version' : a)).join(', ');
      const link =
        f.first.domId === null
          ? `<code>${e(f.rule.id)}</code>`
          : `<a href="#${f.first.domId}" class="open-evidence" data-cell="${f.first.domId}">${e(f.rule.id)}</a>`;
      const known = f.known === 'none' ? '' : ` data-known="${f.known}"`;
      return `<li data-rule="${e(f.rule.id)}" data-status="${f.status}"${known}><span class="badge" data-status="${f.status}">${f.status}</span>${knownBadge(f, knownDeviationsObservedOn(report), e)} ${link} <span class="muted">(${e(versions)})</span> <span class="why">${e(oneLineReason(report, f.first))}</span></li>`;
    })
    .join('\n');
  const knownRules = failing.filter((f) => f.known === 'all').length;
  const split =
    knownRules === 0
      ? ''
      : ` <span class="split">(of which ${knownRules} ${knownRules === 1 ? 'is a' : 'are'} ${e(knownDeviationLabel(knownDeviationsObservedOn(report), knownRules))}: still failures)</span>`;
  const list =
    failing.length === 0 ? '<p class="all-clear">No rule failed or erred.</p>' : `<ul class="failing" aria-label="Failing and erring rules">\n${items}\n</ul>`;
  return `<section aria-labelledby="summary-title" class="summary-top">
<h2 id="summary-title">Summary by area <span class="muted">(matrix cells)</span></h2>
<ul class="areas" aria-label="Cells by status per area">
${bars}
</ul>
${folded === null ? '' : `<p class="not-carried-line" id="not-carried-line">${e(folded.line)}. <a href="#not-carried" id="not-carried-link">Show them in the matrix</a></p>\n`}<h2 id="failing-title">Failing and erring rules: ${failing.length}${split}</h2>
${list}
</section>`;
}
