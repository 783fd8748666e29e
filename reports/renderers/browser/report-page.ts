/**
 * The script of report.html, run in the browser: the evidence panel built from the embedded report
 * (textContent only, never HTML), the filters of the totals, the columns of API versions the target
 * does not serve, the rows of the surfaces it does not carry, and keyboard navigation of the matrix. The page is readable without it.
 *
 * Type-checked with the DOM's types (./tsconfig.json) and bundled by the build into one script
 * (scripts/bundle-report-page.mjs writes ../report-page-script.ts), which html.ts inlines under the
 * page's Content-Security-Policy. It must not contain "</": the build refuses it, the tests check it.
 */
import { deviationCovers, observedOn, type ConformanceReport, type Counterexample, type RuleResult, type RuleSummary } from '../../model/result.js';
import { formatMs } from '../duration.js';
import { STATUS_DISPLAY } from '../status-display.js';

const MAX_BODY = 4000;

const data = JSON.parse(document.getElementById('report-data')!.textContent!) as ConformanceReport;
const results = data.results;
const rulesById = new Map<string, RuleSummary>(data.rules.map((rule) => [rule.id, rule]));
const grid = document.querySelector<HTMLTableElement>('table.matrix')!;
const panel = document.getElementById('evidence')!;
const heading = document.getElementById('evidence-title')!;
const content = document.getElementById('evidence-body')!;
const closeBtn = document.getElementById('evidence-close')!;
const note = document.getElementById('filter-note')!;
const filters = Array.from(document.querySelectorAll<HTMLButtonElement>('button.filter'));
const unservedBtn = document.getElementById('show-unserved');
const notCarriedBtn = document.getElementById('show-not-carried');
let current: HTMLElement | null = null;
let opener: HTMLElement | null = null;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string | null, text?: string | number | null): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}
const axes = (r: RuleResult): string =>
  Object.entries(r.axes ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
function name(r: RuleResult): string {
  const a = axes(r);
  return (r.api === null ? r.rule : `${r.rule} @ api ${r.api}`) + (a ? ` [${a}]` : '');
}
const excerpt = (s: string): string => (s.length > MAX_BODY ? `${s.slice(0, MAX_BODY)}\n\u2026 (${s.length - MAX_BODY} more characters)` : s);
const replay = (ce: Counterexample): string => `fc.assert(property, { seed: ${ce.seed}, path: ${JSON.stringify(ce.path)} })`;
function pair(dl: HTMLElement, k: string, v: string | Node): void {
  dl.append(el('dt', null, k));
  const dd = el('dd');
  dd.append(v);
  dl.append(dd);
}
function badge(status: RuleResult['status']): HTMLSpanElement {
  const b = el('span', 'badge', `${STATUS_DISPLAY[status].symbol} ${STATUS_DISPLAY[status].word}`);
  b.dataset['status'] = status;
  return b;
}

/** A failing cell the release is known for: the rule's words beside what the release does. */
function knownDeviation(r: RuleResult): HTMLElement {
  const notes = (rulesById.get(r.rule)?.knownDeviations ?? []).filter((n) => deviationCovers(n, r.api));
  const box = el('section', 'known-deviation');
  const on = [...new Set(notes.map(observedOn))].join(', ');
  box.append(el('h4', null, `Known deviation of ${on || data.target.release || 'the release'}: still a failure`));
  for (const n of notes) {
    const dl = el('dl');
    pair(dl, 'The rule says', el('span', 'rule-says', n.ruleSays));
    pair(dl, `${observedOn(n)} does`, el('span', 'release-does', n.what));
    if (n.evidence !== undefined) pair(dl, 'Observed', el('span', 'observed', n.evidence));
    box.append(dl);
  }
  return box;
}

function renderResult(r: RuleResult): HTMLElement {
  const e = r.evidence;
  const art = el('article', 'result');
  art.dataset['status'] = r.status;
  const h = el('h3');
  h.append(badge(r.status), el('span', null, name(r)), el('span', 'muted', formatMs(r.durationMs)));
  art.append(h, el('p', 'summary', e.summary));
  if (e.reason !== undefined) {
    const p = el('p', 'reason');
    p.append(el('strong', null, 'Reason: '), e.reason);
    art.append(p);
  }
  if (r.otherReading !== undefined) {
    const o = el('p', 'other-reading');
    o.append(el('strong', null, 'By the other reading of the document: '), badge(r.otherReading.status), ` ${r.otherReading.summary}`);
    art.append(o);
  }
  if (r.coverage !== undefined) {
    const cov = el('p', 'coverage');
    cov.append(el('strong', null, 'Coverage: '), `${r.coverage.generated.length} of ${r.coverage.items} documented items generated`);
    if (r.coverage.missing.length) cov.append(el('span', 'missing', `; not generated: ${r.coverage.missing.join(', ')}`));
    art.append(cov);
  }
  if (r.knownDeviation === true) art.append(knownDeviation(r));
  if (e.rerun !== undefined || e.curl !== undefined) {
    const again = el('dl', 'again');
    if (e.rerun !== undefined) pair(again, 'Rerun', el('code', 'rerun', e.rerun));
    if (e.curl !== undefined) pair(again, 'curl', el('code', 'curl', e.curl));
    if (e.curl !== undefined && e.curlAfterRun !== undefined) {
      const after = el('div', 'after-run');
      after.append(el('p', 'after-run-note', e.curlAfterRun.note));
      for (const c of e.curlAfterRun.commands) after.append(el('code', 'after-run-command', c));
      pair(again, 'After the run', after);
    }
    art.append(again);
  }
  (e.exchanges ?? []).forEach((x, i) => {
    const box = el('section', 'exchange');
    const line = el('div');
    line.append(el('span', 'muted', `HTTP exchange ${i + 1}: `), el('code', 'req', x.request));
    if (x.status !== undefined) line.append(' \u2192 ', el('strong', 'http-status', x.status));
    else line.append(' ', el('strong', 'http-status', 'no answer'));
    if (x.endpoint !== undefined) line.append(' ', el('span', 'muted endpoint', `(${x.endpoint})`));
    box.append(line);
    if (x.requestBody !== undefined) box.append(el('pre', 'request-body', excerpt(x.requestBody)));
    const headers = Object.entries(x.headers ?? {});
    if (headers.length) box.append(el('pre', 'headers', headers.map(([k, v]) => `${k}: ${v}`).join('\n')));
    if (x.body !== undefined) box.append(el('pre', 'body', excerpt(x.body)));
    art.append(box);
  });
  const ce = e.counterexample;
  if (ce) {
    const sec = el('section', 'ce');
    sec.append(el('h4', null, 'Counterexample'));
    const dl = el('dl');
    pair(dl, 'Seed', el('code', 'seed', ce.seed));
    pair(dl, 'Path', el('code', 'path', ce.path));
    pair(dl, 'Runs', String(ce.numRuns));
    pair(dl, 'Input', el('pre', 'input', ce.input));
    pair(dl, 'Replay', el('code', 'replay', replay(ce)));
    sec.append(dl);
    art.append(sec);
  }
  return art;
}

function unselect(): void {
  if (!current) return;
  current.classList.remove('sel');
  current.setAttribute('aria-expanded', 'false');
}
function open(cell: HTMLElement, from?: HTMLElement): void {
  opener = from || cell;
  const ids = (cell.getAttribute('data-r') || '').split(' ').filter(Boolean).map(Number);
  const first = results[ids[0]!];
  heading.textContent = first ? name(first) : '';
  content.replaceChildren(...ids.map((i) => renderResult(results[i]!)));
  unselect();
  current = cell;
  cell.classList.add('sel');
  cell.setAttribute('aria-expanded', 'true');
  panel.hidden = false;
  panel.focus();
}
function close(): void {
  panel.hidden = true;
  unselect();
  if (opener) opener.focus();
}

const isShown = (c: Element): boolean => c.getClientRects().length > 0;
/** Keeps the grid's one tab stop on a cell that is shown, when rows or columns fold away. */
function fixStop(): void {
  const stop = grid.querySelector<HTMLElement>("td[tabindex='0']");
  if (!stop || isShown(stop)) return;
  const first = Array.from(grid.querySelectorAll<HTMLElement>('td[role=button]')).filter(isShown)[0];
  if (!first) return;
  stop.tabIndex = -1;
  first.tabIndex = 0;
}

/** The fail and error totals: keep only the rows with such a cell (status null: all rows). */
function applyFilter(status: string | null): void {
  let count = 0;
  for (const b of filters) b.setAttribute('aria-pressed', String(b.getAttribute('data-filter') === status));
  const rows = Array.from(grid.tBodies[0]!.rows);
  for (const tr of rows) {
    if (tr.classList.contains('group')) continue;
    const keep = !status || ` ${tr.getAttribute('data-has')} `.indexOf(` ${status} `) >= 0;
    tr.hidden = !keep;
    if (keep) count++;
  }
  // A group's heading row is shown while a row of the group is.
  let group: HTMLTableRowElement | null = null;
  let groupShown = false;
  for (const tr of [...rows, null]) {
    if (tr === null || tr.classList.contains('group')) {
      if (group) group.hidden = !groupShown;
      group = tr;
      groupShown = false;
    } else if (!tr.hidden) groupShown = true;
  }
  note.textContent = status
    ? `Showing only the ${count} rules with a${status === 'error' ? 'n ' : ' '}${status} cell; press the button again to show every rule.`
    : '';
  fixStop();
}

function showUnserved(on: boolean): void {
  grid.classList.toggle('show-unserved', on);
  // A rule skipped at every version is one cell across the columns shown.
  for (const td of Array.from(grid.querySelectorAll<HTMLTableCellElement>('td[data-once]'))) {
    td.colSpan = on ? Number(td.getAttribute('data-once')) : Number(td.getAttribute('data-served'));
  }
  if (unservedBtn) unservedBtn.setAttribute('aria-pressed', String(on));
  fixStop();
}

/** The rows of the rules of surfaces the target does not carry (a target without the daemon API): folded on load. */
function showNotCarried(on: boolean): void {
  grid.classList.toggle('show-not-carried', on);
  if (notCarriedBtn) {
    notCarriedBtn.setAttribute('aria-expanded', String(on));
    notCarriedBtn.textContent = on ? 'Fold them' : 'Show them';
  }
  fixStop();
}

/** The next cell from `cell` in the direction of the arrow key, skipping what is not a shown cell with evidence. */
function move(cell: HTMLTableCellElement, key: string): void {
  const col = cell.cellIndex;
  let next: Element | null | undefined = null;
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    next = cell;
    do {
      next = key === 'ArrowLeft' ? next.previousElementSibling : next.nextElementSibling;
    } while (next && (next.getAttribute('role') !== 'button' || !isShown(next)));
  } else {
    let r = cell.parentElement as HTMLTableRowElement | null;
    do {
      r = (key === 'ArrowUp' ? r!.previousElementSibling : r!.nextElementSibling) as HTMLTableRowElement | null;
      next = r ? r.cells[col] : null;
    } while (r && (r.hidden || !next || next.getAttribute('role') !== 'button' || !isShown(next)));
  }
  if (next && next.tagName === 'TD') {
    const to = next as HTMLTableCellElement;
    cell.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
}

if (unservedBtn) unservedBtn.addEventListener('click', () => showUnserved(!grid.classList.contains('show-unserved')));
if (notCarriedBtn) notCarriedBtn.addEventListener('click', () => showNotCarried(!grid.classList.contains('show-not-carried')));
document.getElementById('not-carried-link')?.addEventListener('click', () => showNotCarried(true));
for (const b of filters) {
  b.addEventListener('click', () => applyFilter(b.getAttribute('aria-pressed') === 'true' ? null : b.getAttribute('data-filter')));
}
for (const a of Array.from(document.querySelectorAll<HTMLAnchorElement>('a.open-evidence'))) {
  a.addEventListener('click', (ev) => {
    const cell = document.getElementById(a.getAttribute('data-cell')!);
    if (!cell) return;
    ev.preventDefault();
    if (cell.hasAttribute('data-out')) showUnserved(true);
    if (cell.closest('tr[data-not-carried]')) showNotCarried(true);
    open(cell, a);
  });
}
grid.addEventListener('click', (ev) => {
  const cell = (ev.target as Element).closest<HTMLTableCellElement>('td[role=button]');
  if (cell) open(cell);
});
grid.addEventListener('keydown', (ev) => {
  const cell = (ev.target as Element).closest<HTMLTableCellElement>('td[role=button]');
  if (!cell) return;
  if (ev.key === 'Enter' || ev.key === ' ') {
    ev.preventDefault();
    open(cell);
  } else if (/^Arrow(Left|Right|Up|Down)$/.test(ev.key)) {
    ev.preventDefault();
    move(cell, ev.key);
  }
});
grid.addEventListener('mouseover', (ev) => {
  const cell = (ev.target as Element).closest<HTMLTableCellElement>('td[aria-label]');
  if (cell && !cell.title) cell.title = cell.getAttribute('aria-label')!;
});
closeBtn.addEventListener('click', close);
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && !panel.hidden) close();
});
