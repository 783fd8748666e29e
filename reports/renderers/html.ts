/**
 * One self-contained HTML page: inline CSS and JS, no network (a Content-Security-Policy with
 * hashes of the two inline blocks forbids everything else), the report embedded as JSON.
 *
 * The matrix is rendered on the server side so the page is readable without JS; the script only
 * drives the evidence panel and keyboard navigation.
 */
import { createHash } from 'node:crypto';
import {
  type BaselineChange,
  type BaselineOutcome,
  type ConformanceReport,
  knownDeviationsApply,
  knownDeviationsObservedOn,
  type ResultStatus,
  type RuleSummary,
  withoutKnownDeviations,
} from '../model/result.js';
import { certificationVerdict } from '../certification-verdict.js';
import { leadsWithCarried, notCarried, testedText } from '../model/carried-surfaces.js';
import { formatMs } from './duration.js';
import { knownDeviationLabel, renderSummary, type SummaryCell } from './html-summary.js';
import { REPORT_PAGE_SCRIPT } from './report-page-script.js';
import { isServed, servedRange } from './served-versions.js';
import { STATUS_DISPLAY } from './status-display.js';
import { apiRangeText } from './text.js';

/** When a cell holds several results, the first status in this list wins. */
const SEVERITY: readonly ResultStatus[] = ['fail', 'error', 'skipped', 'pass', 'not-applicable'];
const STATUS_ORDER: readonly ResultStatus[] = ['pass', 'fail', 'error', 'skipped', 'not-applicable'];

/** The `data-api` value of the column for results not tied to an API version. */
export const NO_API = 'none';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** C0/C1 controls (except tab, LF, CR) are shown as `\uXXXX`; lone surrogates become U+FFFD. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it replaces
const UNPRINTABLE = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]|[\uD800-\uDFFF]/gu;

/** Escapes text for HTML content and double- or single-quoted attribute values. */
export function escapeHtml(s: string): string {
  return s
    .replace(UNPRINTABLE, (c) => {
      const cp = c.codePointAt(0) ?? 0;
      return cp >= 0xd800 && cp <= 0xdfff ? '\uFFFD' : `\\u${cp.toString(16).padStart(4, '0')}`;
    })
    .replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * JSON for a `<script type="application/json">` block. `<`, `>` and `&` only occur inside JSON
 * strings, so writing them as `\u003c` etc. keeps the value while making `</script` and `<!--`
 * impossible. U+2028/U+2029 are escaped too, for anyone who pastes the block into JS.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${(c.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`);
}

const CSS = `
:root{--pass:#1a7f37;--fail:#cf222e;--error:#a94000;--skipped:#6e7781;--na:#f3f4f6;--line:#d0d7de;--muted:#57606a;--sel:#0969da}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff}
header,main{padding:0 1.25rem}
h1{font-size:1.35rem;margin:1rem 0 .5rem}
.verdict{font-weight:700;margin:.25rem 0 .75rem;padding:.4rem .6rem;border-radius:4px;border-left:.4rem solid var(--fail);background:#ffebe9}
.verdict[data-certified=true]{border-left-color:var(--pass);background:#dafbe1}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
code,pre{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12px}
.meta{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.25rem 1rem;margin:0}
.meta div{display:flex;gap:.4rem}.meta dt{color:var(--muted)}.meta dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.totals,.legend{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;padding:0;margin:.75rem 0}
.totals li,.legend li{display:flex;align-items:center;gap:.35rem}
.sw{display:inline-block;min-width:1.6em;height:1.6em;line-height:1.6em;text-align:center;border-radius:3px;font-weight:700}
:is(td,.sw,.badge)[data-status=pass]{background:var(--pass);color:#fff}
:is(td,.sw,.badge)[data-status=fail]{background:var(--fail);color:#fff}
:is(td,.sw,.badge)[data-status=error]{background:var(--error);color:#fff}
:is(td,.sw,.badge)[data-status=skipped]{background:var(--skipped);color:#fff}
:is(td,.sw,.badge)[data-status=not-applicable]{background:var(--na);color:#8c959f}
:is(td,.sw)[data-status=none]{background:#fff}
.sw[data-status=none],.sw[data-status=not-applicable]{border:1px solid var(--line)}
.src{display:inline-block;width:1.3em;text-align:center;border-radius:3px;font-size:11px;font-weight:700;border:1px solid var(--line)}
.src-document{background:#ddf4ff;color:#0550ae}.src-implementation{background:#fff8c5;color:#7d4e00}
.scroll{overflow:auto;max-height:80vh;border:1px solid var(--line)}
table.matrix{border-collapse:separate;border-spacing:0}
.matrix th,.matrix td{border-right:1px solid var(--line);border-bottom:1px solid var(--line)}
.matrix thead th{position:sticky;top:0;background:#f6f8fa;z-index:2;font:600 11px/1.2 ui-monospace,monospace;padding:.35rem .2rem;white-space:nowrap}
.matrix thead th:first-child{left:0;z-index:3;text-align:left}
.matrix tbody th{position:sticky;left:0;background:#fff;z-index:1;text-align:left;font-weight:400;padding:.2rem .5rem;max-width:26rem;min-width:14rem}
.matrix tbody th a{font:600 12px ui-monospace,monospace;color:inherit}
.matrix .t{display:block;color:var(--muted);font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.matrix td{min-width:2.4em;height:2.2em;text-align:center;font-weight:700;padding:0}
.matrix td[role=button]{cursor:pointer}
.matrix td[role=button]:hover{filter:brightness(.9)}
.matrix td:focus{outline:3px solid var(--sel);outline-offset:-3px}
.matrix td.sel{box-shadow:inset 0 0 0 3px #000}
.matrix td sup{font-size:9px;font-weight:400}
.matrix td.edge{border-left:3px solid #000}
:is(td,.sw)[data-known]{background:repeating-linear-gradient(135deg,var(--fail) 0 5px,#8c1420 5px 10px)}
.kd{font-size:9px;font-weight:700;margin-left:1px}
.badge.known{background:#fff;color:var(--fail);border:1px dashed var(--fail)}
.known-deviation{border:1px dashed var(--fail);border-radius:4px;margin:.5rem 0;padding:.4rem .6rem}
.known-deviation h4{margin:.1rem 0 .3rem}
.known-deviation dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .75rem;margin:.25rem 0}.known-deviation dt{color:var(--muted)}.known-deviation dd{margin:0;overflow-wrap:anywhere;white-space:pre-wrap}
.after-run{margin:.25rem 0}
.rules{border-collapse:collapse;width:100%}
tr.group th{background:#eef1f5;text-align:left;font-weight:600;padding:.3rem .5rem}
.rules th,.rules td{border-bottom:1px solid var(--line);padding:.35rem .5rem;text-align:left;vertical-align:top}
.rules td.reading{white-space:pre-line;color:#333}
.missing{color:#a00}
.rules :target{background:#fff8c5}
#evidence{position:fixed;top:0;right:0;bottom:0;width:min(44rem,100vw);overflow:auto;background:#fff;border-left:1px solid var(--line);box-shadow:-6px 0 18px rgba(0,0,0,.15);padding:1rem 1.25rem;z-index:10}
#evidence[hidden]{display:none}
#evidence h2{margin-top:0;padding-right:4rem;overflow-wrap:anywhere}
#evidence-close{position:absolute;top:.9rem;right:1rem;font:inherit;padding:.2rem .6rem;cursor:pointer}
.result{border-top:1px solid var(--line);padding:.5rem 0}
.result h3{font-size:1rem;margin:.25rem 0;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.badge{padding:0 .45rem;border-radius:3px;font-size:12px}
.summary{font-weight:600;overflow-wrap:anywhere;white-space:pre-wrap}
.reason{white-space:pre-wrap;overflow-wrap:anywhere}
.exchange{border:1px solid var(--line);border-radius:4px;margin:.5rem 0;padding:.4rem .6rem}
.exchange pre,.ce pre,.ce code{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0;background:#f6f8fa;padding:.3rem .4rem;max-height:18rem;overflow:auto}
.areas{list-style:none;padding:0;margin:.5rem 0}
.areas li{display:grid;grid-template-columns:minmax(8rem,max-content) minmax(8rem,22rem) 1fr;gap:.75rem;align-items:center;margin:.15rem 0}
.areas .area{font-weight:600;overflow-wrap:anywhere}
.areas .bar{width:100%;height:1rem;background:var(--na);border:1px solid var(--line)}
.areas .n{margin-right:.6rem}.areas .n[data-count="0"]{color:var(--muted)}
rect[data-status=pass]{fill:var(--pass)}rect[data-status=fail]{fill:var(--fail)}rect[data-status=error]{fill:var(--error)}rect[data-status=skipped]{fill:var(--skipped)}
.failing{padding-left:1.25rem;margin:.5rem 0}.failing li{margin:.25rem 0}.failing .why{overflow-wrap:anywhere}
.all-clear{color:var(--pass);font-weight:600}
button.filter{font:inherit;display:flex;align-items:center;gap:.35rem;border:1px solid var(--line);border-radius:4px;background:#fff;padding:.1rem .45rem;cursor:pointer}
button.filter[aria-pressed=true]{background:#ddf4ff;border-color:var(--sel);box-shadow:inset 0 0 0 1px var(--sel)}
button.filter:focus-visible,.failing a:focus-visible{outline:3px solid var(--sel);outline-offset:1px}
.matrix tr[hidden]{display:none}
.matrix td[data-once]{text-align:left;font-weight:400;padding:0 .5rem;white-space:normal}
.matrix:not(.show-unserved) [data-out]{display:none}
.matrix td[data-regressed]{outline:3px solid #8250df;outline-offset:-3px}
#baseline[data-passed=false] h2{color:var(--fail)}#baseline[data-passed=true] h2{color:var(--pass)}
.matrix th[data-unserved-failing]{font-style:italic;text-decoration:underline dotted}
#show-unserved{font:inherit;border:1px solid var(--line);border-radius:4px;background:#fff;padding:.1rem .45rem;cursor:pointer}
#show-unserved[aria-pressed=true]{background:#ddf4ff;border-color:var(--sel)}
.again{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .75rem;margin:.25rem 0}.again dt{color:var(--muted)}.again dd{margin:0}.again code{display:block;white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;padding:.3rem .4rem;user-select:all}
.ce dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .75rem;margin:.25rem 0}.ce dt{color:var(--muted)}.ce dd{margin:0;overflow-wrap:anywhere}
.muted{color:var(--muted)}
.matrix:not(.show-not-carried) tr[data-not-carried]{display:none}
#show-not-carried{font:inherit;border:1px solid var(--line);border-radius:4px;background:#fff;padding:.1rem .45rem;cursor:pointer;margin-right:.5rem}
#show-not-carried[aria-expanded=true]{background:#ddf4ff;border-color:var(--sel)}
.not-carried-line{color:var(--muted)}
`.trim();

/** The page's only script (browser/report-page.ts, bundled by the build): it must not contain "</", since it is inlined. */
const JS = REPORT_PAGE_SCRIPT;

const sha256 = (s: string) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const CSP = `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(JS)}; base-uri 'none'; form-action 'none'`;

interface Cell {
  readonly ids: number[];
  readonly status: ResultStatus | 'none';
}

/**
 * The regression gate of a --baseline run, above the summary: whether it passes, each regressed
 * cell linking to its evidence, and the improvements folded. What the exit code and junit.xml say.
 */
function renderBaseline(gate: BaselineOutcome, cells: readonly SummaryCell[], e: (s: string) => string): string {
  const item = (c: BaselineChange, word: string): string => {
    const cell = cells.find((x) => x.rule.id === c.rule && x.api === c.api);
    const name = `${c.rule}${c.api === null ? '' : ` @ api ${c.api}`}`;
    const link = cell?.domId == null ? `<code>${e(name)}</code>` : `<a href="#${cell.domId}" class="open-evidence" data-cell="${cell.domId}">${e(name)}</a>`;
    return `<li data-rule="${e(c.rule)}" data-api="${e(c.api ?? 'none')}"><span class="badge" data-status="${c.now}">${word}</span> ${link} <span class="muted">${e(c.before ?? 'new cell')} → ${e(c.now)}</span> <span class="why">${e(c.summary)}</span></li>`;
  };
  const verdict = gate.passed ? 'the gate passes' : 'the gate fails';
  const improved =
    gate.improvements.length === 0
      ? ''
      : `<details><summary>${gate.improvements.length} improved (update the baseline with --write-baseline)</summary><ul class="improvements">${gate.improvements.map((c) => item(c, 'improved')).join('')}</ul></details>`;
  return `<section id="baseline" aria-labelledby="baseline-title" data-passed="${gate.passed}">
<h2 id="baseline-title">Baseline <code>${e(gate.file)}</code>: ${gate.regressions.length} regressed, ${gate.improvements.length} improved — ${verdict}</h2>
${gate.regressions.length === 0 ? '' : `<ul class="regressions">${gate.regressions.map((c) => item(c, 'regressed')).join('')}</ul>`}
${improved}
</section>
`;
}

function cellStatus(statuses: readonly ResultStatus[]): ResultStatus | 'none' {
  return SEVERITY.find((s) => statuses.includes(s)) ?? 'none';
}

export function renderHtml(given: ConformanceReport): string {
  const e = escapeHtml;
  // Labels observed on another implementation (dockerd's, on Podman judged as its API version) are not shown.
  const report = knownDeviationsApply(given.target) ? given : withoutKnownDeviations(given);
  const observedOnText = knownDeviationsObservedOn(report);
  // Rows: the report's rules, then any rule a result names that the report does not list.
  const rows: RuleSummary[] = [...report.rules];
  const known = new Set(rows.map((r) => r.id));
  // Columns: the report's API versions, any other version a result names, then "no API version".
  const cols: string[] = [...new Set(report.apiVersions)];
  const knownApi = new Set(cols);
  for (const r of report.results) {
    if (!known.has(r.rule)) {
      known.add(r.rule);
      rows.push({ id: r.rule, title: '(not listed in the report’s rules)', source: 'implementation', section: '' });
    }
    if (r.api !== null && !knownApi.has(r.api)) {
      knownApi.add(r.api);
      cols.push(r.api);
    }
  }
  const key = (rule: string, api: string | null) => JSON.stringify([rule, api]);
  const byCell = new Map<string, number[]>();
  report.results.forEach((r, i) => {
    const k = key(r.rule, r.api);
    const list = byCell.get(k);
    if (list) list.push(i);
    else byCell.set(k, [i]);
  });
  // The column of results not tied to an API version first, then the versions.
  const apis: (string | null)[] = [null, ...cols];
  const range = servedRange(report.target);
  // A target without the daemon API (openai:, llama-server) leads with what it carries; the rules of
  // the surfaces it lacks fold into one row that unfolds, and it serves no daemon API version (issue 38).
  const lead = leadsWithCarried(report.target);
  const folded = notCarried(report);
  // A version the target does not serve is folded away, unless a cell there fails or errs: no filter hides a failure.
  const failedAt = new Set(report.results.flatMap((r) => ((r.status === 'fail' || r.status === 'error') && r.api !== null ? [r.api] : [])));
  const notServed = new Set(cols.filter((v) => lead || !isServed(v, range)));
  const unserved = new Set([...notServed].filter((v) => !failedAt.has(v)));
  const unservedFailing = cols.filter((v) => notServed.has(v) && !unserved.has(v));

  // Cells worse than the baseline says (a --baseline run): outlined in the matrix, listed at the top.
  const regressedCells = new Set((report.baseline?.regressions ?? []).map((c) => JSON.stringify([c.rule, c.api])));
  let focusable = false; // roving tabindex: the first clickable cell is the grid's tab stop
  let folding = false; // while the folded rows of surfaces the target lacks are written: no tab stop there
  const cells: SummaryCell[] = []; // every cell, in matrix order, for the summary at the top
  const cellHtml = (rule: RuleSummary, api: string | null): string => {
    const ids = byCell.get(key(rule.id, api)) ?? [];
    const c: Cell = { ids, status: cellStatus(ids.flatMap((i) => report.results[i]?.status ?? [])) };
    const domId = c.status === 'none' ? null : `cell-${cells.length}`;
    const out = api !== null && unserved.has(api);
    // Still a failure, labelled: every failing result of the cell is a known deviation of the release.
    const failing = ids.map((i) => report.results[i]!).filter((r) => r.status === 'fail');
    const known = c.status === 'fail' && failing.every((r) => r.knownDeviation === true);
    cells.push({ rule, api, status: c.status, ids, domId, out, known });
    const apiAttr = api ?? NO_API;
    // Where the rule's expected outcome changes (a field dropped from this version on): a bar at the column's left.
    const edge = api !== null && rule.boundaries?.includes(api) === true ? ` class="edge" title="${e(`the expected outcome changes from API ${api}`)}"` : '';
    const regressedHere = regressedCells.has(JSON.stringify([rule.id, api]));
    const base = `data-rule="${e(rule.id)}" data-api="${e(apiAttr)}" data-status="${c.status}"${edge}${out ? ' data-out="1"' : ''}${known ? ' data-known="1"' : ''}${regressedHere ? ' data-regressed="1"' : ''}`;
    if (c.status === 'none') return `<td ${base}></td>`;
    const d = STATUS_DISPLAY[c.status];
    const label = `${rule.id}${api === null ? '' : ` @ api ${api}`}: ${c.ids.length > 1 ? `${c.ids.length} results, worst ` : ''}${d.word}${known ? ` (${knownDeviationLabel(observedOnText)})` : ''}`;
    // The tab stop is the first cell shown on load (a column the target does not serve is folded, so are the rows of surfaces it lacks).
    const tab = focusable || out || folding ? -1 : 0;
    if (!out && !folding) focusable = true;
    const more = c.ids.length > 1 ? `<sup>${c.ids.length}</sup>` : '';
    const marker = known ? '<sub class="kd" aria-hidden="true">K</sub>' : '';
    return `<td ${base} data-r="${c.ids.join(' ')}" role="button" tabindex="${tab}" aria-label="${e(label)}" id="${domId}">${d.symbol}${more}${marker}</td>`;
  };

  const srcMarker = (s: RuleSummary['source']) =>
    `<span class="src src-${s}" title="${s === 'document' ? 'from the specification document' : 'from the implementation'}">${s === 'document' ? 'D' : 'I'}</span>`;

  // Document rules and implementation rules are kept apart: one group each, document first.
  const groups: [RuleSummary['source'], string][] = [
    ['document', 'Rules from the specification document'],
    ['implementation', 'Rules from the real implementation, where the document is silent'],
  ];
  // A rule that cannot be tested here (every result skipped, for one reason, at several versions) is one cell.
  const skippedOnce = (rule: RuleSummary): number[] | null => {
    const ids = report.results.flatMap((r, i) => (r.rule === rule.id ? [i] : []));
    const own = ids.map((i) => report.results[i]!);
    const reasons = new Set(own.map((r) => r.evidence.reason ?? r.evidence.summary));
    const places = new Set(own.map((r) => key(r.rule, r.api)));
    return places.size >= 2 && reasons.size === 1 && own.every((r) => r.status === 'skipped') ? ids : null;
  };
  const servedColumns = 1 + cols.filter((v) => !unserved.has(v)).length;
  const onceHtml = (rule: RuleSummary, ids: number[]): string => {
    const domId = `cell-${cells.length}`;
    cells.push({ rule, api: null, status: 'skipped', ids, domId, out: false, known: false });
    const first = report.results[ids[0]!]!;
    const reason = first.evidence.reason ?? first.evidence.summary;
    const label = `${rule.id}: skipped at every API version (${ids.length} results): ${reason}`;
    const tab = focusable || folding ? -1 : 0;
    if (!folding) focusable = true;
    return `<td data-rule="${e(rule.id)}" data-api="every" data-status="skipped" data-once="${apis.length}" data-served="${servedColumns}" colspan="${servedColumns}" data-r="${ids.join(' ')}" role="button" tabindex="${tab}" aria-label="${e(label)}" id="${domId}">${STATUS_DISPLAY.skipped.symbol} ${e(reason)}</td>`;
  };
  const ruleRow = (rule: RuleSummary): string => {
    const before = cells.length;
    const once = skippedOnce(rule);
    const tds = once === null ? apis.map((api) => cellHtml(rule, api)).join('') : onceHtml(rule, once);
    // The statuses of every result in the row (not only each cell's worst), for the fail and error
    // filters: a cell whose error is shown as a worse fail still keeps its row under "error".
    const has = [...new Set(cells.slice(before).flatMap((c) => c.ids.map((i) => report.results[i]!.status)))].join(' ');
    return `<tr data-has="${has}"${folding ? ' data-not-carried="1"' : ''}><th scope="row">${srcMarker(rule.source)} <a href="#rule-${rows.indexOf(rule)}">${e(rule.id)}</a><span class="t">${e(rule.title)}</span></th>${tds}</tr>`;
  };
  const isFolded = (rule: RuleSummary): boolean => folded?.rules.has(rule.id) === true;
  const leadRows = groups.flatMap(([source, title]) => {
    const members = rows.filter((rule) => rule.source === source && !isFolded(rule));
    return members.length === 0 ? [] : [`<tr class="group"><th scope="rowgroup" colspan="${apis.length + 1}">${e(title)}</th></tr>`, ...members.map(ruleRow)];
  });
  // The rules of surfaces the target lacks, last: one heading row that unfolds them (never hidden silently).
  folding = true;
  const foldedRows =
    folded === null
      ? []
      : [
          `<tr class="group" id="not-carried"><th scope="rowgroup" colspan="${apis.length + 1}"><button type="button" id="show-not-carried" aria-expanded="false" aria-controls="matrix">Show them</button>${e(folded.line)}</th></tr>`,
          ...rows.filter(isFolded).map(ruleRow),
        ];
  folding = false;
  let matrixRows = [...leadRows, ...foldedRows].join('\n');
  // Every clickable cell folded away: the first one is the tab stop still (shown when unfolded).
  if (!focusable) matrixRows = matrixRows.replace('tabindex="-1"', 'tabindex="0"');
  const head = `<tr><th scope="col">Rule</th><th scope="col" title="results not tied to an API version">—</th>${cols
    .map(
      (v) =>
        `<th scope="col"${unserved.has(v) ? ' data-out="1"' : ''}${notServed.has(v) && !unserved.has(v) ? ` data-unserved-failing="1" title="${e(`API ${v} is not served by the target; shown because a cell here fails or errs`)}"` : ''}>${e(v)}</th>`,
    )
    .join('')}</tr>`;
  const unservedList = cols.filter((v) => unserved.has(v));
  const failingNote =
    unservedFailing.length === 0
      ? ''
      : ` <span class="muted" id="unserved-failing">(${e(unservedFailing.join(', '))}: not served, shown because a cell there fails or errs)</span>`;
  const foldToggle =
    unservedList.length === 0
      ? failingNote === ''
        ? ''
        : `<p>${failingNote.trim()}</p>`
      : `<p><button type="button" id="show-unserved" aria-pressed="false" aria-controls="matrix">Show the ${unservedList.length} API version${unservedList.length === 1 ? '' : 's'} the target does not serve</button> <span class="muted">(${e(unservedList.join(', '))}; ${lead ? 'the target has no daemon API' : e(`served: ${range?.min ?? '?'} – ${range?.max ?? '?'}`)})</span>${failingNote}</p>`;

  const t = report.target;
  // A daemon's version, release and API ranges; for a target without the daemon API, what was tested (and what of those it gave).
  const daemonFacts: [string, string][] = [
    ['Version', t.version ?? 'unknown'],
    ['Release', t.release === null ? 'unknown' : t.notObserved === undefined ? t.release : `${t.release} (${t.notObserved})`],
    ...(t.judgedAs === undefined ? [] : [['Judged as', t.judgedAs] as [string, string]]),
    ['API range', t.apiRange ? `${t.apiRange.min} – ${t.apiRange.max}` : 'unknown'],
    ['Observed API range', apiRangeText(t.observedApiRange).replace('–', ' – ')],
  ];
  const stated: Record<string, boolean> = { Release: t.release !== null, 'API range': t.apiRange !== null, 'Observed API range': t.observedApiRange !== null };
  const meta: [string, string][] = [
    ['Target', t.spec],
    ['Kind', t.kind],
    ['Profile', t.profile],
    ...(lead ? [['Tested', testedText(t)] as [string, string], ...daemonFacts.filter(([k]) => stated[k] ?? k !== 'Version')] : daemonFacts),
    ['Surfaces', t.surfaces.join(', ') || 'none'],
    ['Capabilities', t.capabilities.join(', ') || 'none'],
    ...(t.quirks === undefined ? [] : [['Quirks', t.quirks.join(', ')] as [string, string]]),
    ...(t.engine === undefined
      ? []
      : [
          ['Engine', `${t.engine.name ?? 'not identified'}${t.engine.version === null ? '' : ` ${t.engine.version}`} (${t.engine.evidence.join('; ')})`] as [
            string,
            string,
          ],
        ]),
    ['Deadlines', `request ${formatMs(report.deadlines.requestMs)}, cell ${formatMs(report.deadlines.cellMs)}, run ${formatMs(report.deadlines.runMs)}`],
    ['Seed', String(report.seed)],
    ['Runs', String(report.numRuns)],
    ['Started', report.startedAt],
    ['Duration', formatMs(report.durationMs)],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
  ];
  const metaHtml = meta.map(([k, v]) => `<div><dt>${e(k)}</dt><dd>${e(v)}</dd></div>`).join('');
  // The fail and error totals are also toggles that keep only the matrix rows with such a cell.
  const totals = STATUS_ORDER.map((s) => {
    const ofFolded =
      s === 'skipped' && folded !== null
        ? ` <span class="muted" id="skipped-not-carried">(${folded.cells} of them on what the target does not carry)</span>`
        : '';
    const inner = `<span class="sw" data-status="${s}">${STATUS_DISPLAY[s].symbol}</span>${STATUS_DISPLAY[s].word} <b>${report.totals[s]}</b>${ofFolded}`;
    const body =
      s === 'fail' || s === 'error'
        ? `<button type="button" class="filter" data-filter="${s}" aria-pressed="false" aria-controls="matrix" title="${`show only the rules with a${s === 'error' ? 'n' : ''} ${s} cell`}">${inner}</button>`
        : inner;
    return `<li data-total="${s}">${body}</li>`;
  }).join('');
  const summary = renderSummary(report, cells, e, folded);
  const baselineSection = report.baseline === undefined ? '' : renderBaseline(report.baseline, cells, e);
  const verdict = certificationVerdict(report);
  const legend = [
    ...STATUS_ORDER.map((s) => `<li><span class="sw" data-status="${s}">${STATUS_DISPLAY[s].symbol}</span>${STATUS_DISPLAY[s].word}</li>`),
    `<li><span class="sw" data-status="none"></span>no result</li>`,
    `<li><span class="sw" data-status="fail" data-known="1">${STATUS_DISPLAY.fail.symbol}<sub class="kd">K</sub></span>${e(knownDeviationLabel(observedOnText))}: still a failure, of a kind the release is known for</li>`,
    `<li>${srcMarker('document')} rule from the specification document</li>`,
    `<li>${srcMarker('implementation')} rule from the implementation</li>`,
    `<li><span class="muted">a small number: the cell holds that many results, the worst is shown</span></li>`,
  ].join('');
  const readingOf = (r: RuleSummary): string =>
    r.otherReading === undefined ? e(r.reading ?? '') : `<b>Verdict by (stricter):</b> ${e(r.reading ?? '')}\n<b>Other reading:</b> ${e(r.otherReading)}`;
  const coverageOf = (id: string): string => {
    const figures = report.results.filter((x) => x.rule === id && x.coverage !== undefined).map((x) => x.coverage!);
    if (figures.length === 0) return '';
    const missing = [...new Set(figures.flatMap((f) => f.missing))];
    const items = Math.max(...figures.map((f) => f.items));
    return missing.length === 0 ? `all ${items} documented items generated` : `<span class="missing">not generated: ${e(missing.join(', '))}</span>`;
  };
  const ruleList = rows
    .map(
      (r, i) =>
        `<tr id="rule-${i}"><td><code>${e(r.id)}</code></td><td>${e(r.title)}</td><td>${srcMarker(r.source)} ${r.source}</td><td>${e(r.section)}</td><td class="reading">${readingOf(r)}</td><td class="coverage">${coverageOf(r.id)}</td></tr>`,
    )
    .join('\n');

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>ctr-conformance report: ${e(t.spec)}</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>Conformance report: <code>${e(t.spec)}</code></h1>
<p class="verdict" id="verdict" data-certified="${verdict.certified}">${e(verdict.line)}</p>
<dl class="meta">${metaHtml}</dl>
<ul class="totals" aria-label="Totals">${totals}</ul>
</header>
<main>
${baselineSection}${summary}
<section aria-labelledby="matrix-title">
<h2 id="matrix-title">Results by rule and API version</h2>
<ul class="legend" aria-label="Legend">${legend}</ul>
<p class="muted">Select a cell (click, or Enter; arrow keys move between cells) to see its evidence.</p>
${foldToggle}
<p id="filter-note" class="muted" role="status"></p>
<div class="scroll"><table class="matrix" id="matrix">
<thead>${head}</thead>
<tbody>
${matrixRows}
</tbody>
</table></div>
</section>
<section aria-labelledby="rules-title">
<h2 id="rules-title">Rules</h2>
<table class="rules">
<thead><tr><th>Rule</th><th>Title</th><th>Source</th><th>Section</th><th>Reading</th><th>Generator coverage</th></tr></thead>
<tbody>
${ruleList}
</tbody>
</table>
</section>
</main>
<aside id="evidence" role="dialog" aria-modal="false" aria-labelledby="evidence-title" tabindex="-1" hidden>
<button type="button" id="evidence-close">Close</button>
<h2 id="evidence-title"></h2>
<div id="evidence-body"></div>
</aside>
<script type="application/json" id="report-data">${scriptJson(report)}</script>
<script>${JS}</script>
</body>
</html>
`;
}
