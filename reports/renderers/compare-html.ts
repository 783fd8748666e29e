/**
 * The comparison as one self-contained HTML page: inline CSS and JS under a Content-Security-Policy
 * of their hashes, no network. The tables are rendered here, so the page reads without JS, and the
 * filter "only differences" is a checkbox that CSS alone obeys; the script adds keyboard navigation
 * (one tab stop in the table, arrow keys, Home and End, Enter opens a cell's evidence) and says how
 * many rules the filter shows.
 */
import { createHash } from 'node:crypto';
import type { ComparedArea, ComparedImplementation, Comparison, RuleVerdict, VerdictCell } from '../compare/comparison.js';
import { RULE_VERDICTS } from '../compare/comparison.js';
import { badPlaces, percentText, VERDICT_DISPLAY } from './compare-text.js';
import { escapeHtml as e } from './html.js';
import { apiRangeText } from './text.js';

const CSS = `
:root{--pass:#1a7f37;--fail:#cf222e;--error:#a94000;--skipped:#6e7781;--na:#f3f4f6;--line:#d0d7de;--muted:#57606a;--sel:#0969da}
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2328;background:#fff}
header,main{padding:0 1.25rem}
h1{font-size:1.35rem;margin:1rem 0 .5rem}h2{font-size:1.1rem;margin:1.5rem 0 .5rem}
code{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12px}
caption{text-align:left;font-weight:600;padding:.25rem 0}
.muted{color:var(--muted)}
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.lead .score{font-size:1.2rem}
.warnings{border-left:4px solid var(--error);background:#fff8f0;margin:.5rem 0;padding:.4rem .6rem .4rem 1.6rem}
table.impls,table.scores{border-collapse:collapse;margin:.5rem 0}
.impls th,.impls td,.scores th,.scores td{border-bottom:1px solid var(--line);padding:.3rem .6rem;text-align:left;vertical-align:middle}
.impls thead th,.scores thead th{background:#f6f8fa}
.scores th,.scores td.share{white-space:nowrap;font-variant-numeric:tabular-nums}
.scores td.share svg{width:5rem;height:.7rem;margin-left:.4rem;vertical-align:middle;background:var(--na);border:1px solid var(--line)}
.scores rect{fill:var(--pass)}.scores td.interop rect{fill:var(--sel)}
.scores tfoot th,.scores tfoot td{font-weight:700;border-top:2px solid var(--line)}
.legend{display:flex;flex-wrap:wrap;gap:.6rem;list-style:none;padding:0;margin:.5rem 0}
.legend li{display:flex;align-items:center;gap:.3rem}
.sw{display:inline-block;min-width:1.6em;height:1.6em;line-height:1.6em;text-align:center;border-radius:3px;font-weight:700}
:is(td,.sw)[data-verdict=pass]{background:var(--pass);color:#fff}
:is(td,.sw)[data-verdict=fail]{background:var(--fail);color:#fff}
:is(td,.sw)[data-verdict=error]{background:var(--error);color:#fff}
:is(td,.sw)[data-verdict=skipped]{background:var(--skipped);color:#fff}
:is(td,.sw)[data-verdict=not-applicable]{background:var(--na);color:#57606a}
:is(td,.sw)[data-verdict=not-run]{background:#fff;color:#57606a}
.sw[data-verdict=not-run],.sw[data-verdict=not-applicable]{border:1px solid var(--line)}
.filter{display:flex;align-items:center;gap:.4rem;font-weight:600;margin:.75rem 0 .25rem}
.filter input{width:1.1rem;height:1.1rem}
.filter input:focus-visible{outline:3px solid var(--sel);outline-offset:2px}
.scroll{overflow:auto;max-height:80vh;border:1px solid var(--line)}
table.cmp{border-collapse:separate;border-spacing:0}
.cmp th,.cmp td{border-right:1px solid var(--line);border-bottom:1px solid var(--line)}
.cmp thead th{position:sticky;top:0;background:#f6f8fa;z-index:2;padding:.35rem .5rem;white-space:nowrap}
.cmp thead th:first-child{left:0;z-index:3;text-align:left}
.cmp tbody th{position:sticky;left:0;background:#fff;z-index:1;text-align:left;font-weight:400;padding:.2rem .5rem;max-width:28rem;min-width:16rem}
.cmp tbody tr.area th{background:#eef1f5;font-weight:600;padding:.35rem .5rem}
.cmp .t{display:block;color:var(--muted);font-size:12px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.cmp .diff,.legend .diff{display:inline-block;min-width:1.3em;text-align:center;border-radius:3px;background:#fff8c5;color:#7d4e00;font-weight:700;margin-right:.25rem}
.cmp td{min-width:7.5rem;text-align:center;font-weight:600;padding:.2rem .4rem;white-space:nowrap}
.cmp td a{color:inherit;text-decoration:underline;text-underline-offset:2px}
.cmp td .n{font-weight:400;font-size:12px}
.cmp td:focus{outline:3px solid var(--sel);outline-offset:-3px;box-shadow:inset 0 0 0 5px #fff}
.cmp td:hover{filter:brightness(.92)}
body:has(#only-differences:checked) .cmp tr[data-differs=false],body:has(#only-differences:checked) .cmp tbody[data-differing="0"]{display:none}
`.trim();

/*
 * The page's only script (inlined: it must not contain "</"). It keeps one cell of the table the
 * tab stop (roving tabindex), moves it with the arrow keys among the cells shown, and opens a
 * cell's evidence (its link) on Enter.
 */
const JS = `
"use strict";
(function () {
  var table = document.getElementById("cmp");
  var only = document.getElementById("only-differences");
  var note = document.getElementById("filter-note");
  function shown(el) { return el.getClientRects().length > 0; }
  function rows() {
    return Array.prototype.slice.call(table.querySelectorAll("tbody tr[data-rule]")).filter(shown);
  }
  function focusCell(from, to) {
    if (!to) return;
    if (from) from.tabIndex = -1;
    to.tabIndex = 0;
    to.focus();
  }
  // The table's one tab stop stays on a cell that is shown when the filter hides rows.
  function fixStop() {
    var stop = table.querySelector("td[tabindex='0']");
    if (stop && shown(stop)) return;
    var first = rows()[0];
    var cell = first ? first.querySelector("td") : null;
    if (!cell) return;
    if (stop) stop.tabIndex = -1;
    cell.tabIndex = 0;
  }
  function filtered() {
    var all = table.querySelectorAll("tbody tr[data-rule]").length;
    var differing = table.querySelectorAll("tbody tr[data-differs=true]").length;
    note.textContent = only.checked
      ? "Showing only the " + differing + " rules where the implementations differ, of " + all + "."
      : "Showing all " + all + " rules; " + differing + " differ.";
    fixStop();
  }
  only.addEventListener("change", filtered);
  filtered();

  table.addEventListener("keydown", function (ev) {
    var cell = ev.target.closest("td");
    if (!cell) return;
    var row = cell.parentElement;
    var cells = Array.prototype.slice.call(row.cells).filter(function (c) { return c.tagName === "TD"; });
    var at = cells.indexOf(cell);
    if (ev.key === "Enter" || ev.key === " ") {
      var link = cell.querySelector("a[href]");
      if (link) { ev.preventDefault(); link.click(); }
      return;
    }
    var next = null;
    if (ev.key === "ArrowLeft") next = cells[at - 1];
    else if (ev.key === "ArrowRight") next = cells[at + 1];
    else if (ev.key === "Home") next = cells[0];
    else if (ev.key === "End") next = cells[cells.length - 1];
    else if (ev.key === "ArrowUp" || ev.key === "ArrowDown") {
      var shownRows = rows();
      var r = shownRows[shownRows.indexOf(row) + (ev.key === "ArrowUp" ? -1 : 1)];
      next = r ? Array.prototype.slice.call(r.cells).filter(function (c) { return c.tagName === "TD"; })[at] : null;
    } else return;
    ev.preventDefault();
    focusCell(cell, next);
  });
  table.addEventListener("click", function (ev) {
    var cell = ev.target.closest("td");
    if (cell) focusCell(table.querySelector("td[tabindex='0']"), cell);
  });
})();
`.trim();

const sha256 = (s: string): string => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`;
const CSP = `default-src 'none'; style-src ${sha256(CSS)}; script-src ${sha256(JS)}; base-uri 'none'; form-action 'none'`;

/** A share as text and a bar (SVG: the page's CSP allows no style attributes; a rect's width is an attribute). */
function shareHtml(share: number | null, count: number, of: number, kind: 'interop' | 'passed'): string {
  const bar =
    share === null
      ? ''
      : `<svg viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true"><rect x="0" y="0" height="10" width="${(share * 100).toFixed(3)}"></rect></svg>`;
  return `<td class="share ${kind}" data-count="${count}" data-of="${of}">${percentText(share)}${of === 0 ? '' : ` <span class="muted">(${count}/${of})</span>`}${bar}</td>`;
}

function implementationsHtml(implementations: readonly ComparedImplementation[]): string {
  const rows = implementations.map((m) => {
    const t = m.target;
    const report = m.report === null ? `<span class="muted">no report.html beside ${e(m.source)}</span>` : `<a href="${e(m.report)}">report.html</a>`;
    const served = t.observedApiRange ?? t.apiRange;
    const v = m.verdicts;
    const judged = v.pass + v.fail + v.error;
    const verdicts = `${judged} judged (${v.pass} pass, ${v.fail} fail, ${v.error} error); ${v.skipped} skipped, ${v['not-applicable']} not applicable, ${v['not-run']} not run`;
    return `<tr><th scope="row">${e(m.label)}</th><td><code>${e(t.spec)}</code></td><td>${e(t.version ?? 'unknown')}</td><td>${e(t.release ?? 'unknown')}</td><td>${e(apiRangeText(served))}</td><td>${verdicts}</td><td>${m.seed}</td><td>${m.numRuns}</td><td>${e(m.toolVersion)}</td><td>${report}</td></tr>`;
  });
  return `<table class="impls">
<caption>Implementations compared (one column each)</caption>
<thead><tr><th scope="col">Column</th><th scope="col">Target</th><th scope="col">Version</th><th scope="col">Release</th><th scope="col">API range served</th><th scope="col">Rules</th><th scope="col">Seed</th><th scope="col">Cases per property</th><th scope="col">Tool</th><th scope="col">Evidence</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}

function scoresHtml(c: Comparison): string {
  const heads = c.implementations.map((m) => `<th scope="col">${e(m.label)}</th>`).join('');
  const rows = c.areas.map((a) => {
    const s = a.score;
    const shares = s.passed.map((n, i) => shareHtml(s.passedShare[i] ?? null, n, s.scored, 'passed')).join('');
    return `<tr data-area="${e(a.area)}"><th scope="row"><a href="#area-${c.areas.indexOf(a)}">${e(a.area)}</a></th><td>${s.scored} of ${s.rules}</td><td>${a.differing}</td>${shareHtml(s.interopShare, s.interop, s.scored, 'interop')}${shares}</tr>`;
  });
  const o = c.overall;
  const all = o.rules;
  const allShares = all.passed.map((n, i) => shareHtml(all.passedShare[i] ?? null, n, all.scored, 'passed')).join('');
  const meanShares = o.meanOfAreas.passedShare.map((share) => `<td class="share passed">${percentText(share)}</td>`).join('');
  return `<table class="scores" id="scores">
<caption>Interoperability by area: of the rules every implementation judged, the share all pass (interop) and the share each passes</caption>
<thead><tr><th scope="col">Area</th><th scope="col">Rules scored</th><th scope="col">Rules that differ</th><th scope="col">Interop</th>${heads}</tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
<tfoot>
<tr data-area="all"><th scope="row">All rules</th><td>${all.scored} of ${all.rules}</td><td>${c.areas.reduce((n, a) => n + a.differing, 0)}</td>${shareHtml(all.interopShare, all.interop, all.scored, 'interop')}${allShares}</tr>
<tr data-area="mean"><th scope="row">Mean of the ${o.meanOfAreas.areas} areas scored</th><td></td><td></td><td class="share interop">${percentText(o.meanOfAreas.interopShare)}</td>${meanShares}</tr>
</tfoot>
</table>`;
}

function cellHtml(cell: VerdictCell, column: number, label: string, first: boolean): string {
  const d = VERDICT_DISPLAY[cell.verdict];
  const places = badPlaces(cell);
  const visible = `${d.symbol} ${e(d.word)}${places === null ? '' : ` <span class="n" aria-hidden="true">${places[0]}/${places[1]}</span><span class="vh"> at ${places[0]} of ${places[1]} API versions</span>`}`;
  const inner = cell.evidence === null ? visible : `<a href="${e(cell.evidence)}" tabindex="-1">${visible}</a>`;
  const title = `${label}: ${d.word}${cell.reason === null ? '' : ` — ${cell.reason}`}${cell.evidence === null ? '' : ' (Enter opens the evidence)'}`;
  return `<td data-impl="${column}" data-verdict="${cell.verdict}" tabindex="${first ? 0 : -1}" title="${e(title)}">${inner}</td>`;
}

function areaHtml(c: Comparison, area: ComparedArea, index: number, firstCell: { done: boolean }): string {
  const columns = c.implementations.length + 1;
  const s = area.score;
  const head = `<tr class="area"><th scope="rowgroup" colspan="${columns}">${e(area.area)} <span class="muted">· interop ${percentText(s.interopShare)} (${s.interop} of ${s.scored} scored rules) · ${area.differing} differ</span></th></tr>`;
  const rows = area.rules.map((rule) => {
    const mark = rule.differs
      ? '<span class="diff" title="the implementations differ"><span aria-hidden="true">≠</span><span class="vh">differs:</span></span>'
      : '';
    const cells = rule.cells
      .map((cell, i) => {
        const first = !firstCell.done;
        firstCell.done = true;
        return cellHtml(cell, i, c.implementations[i]!.label, first);
      })
      .join('');
    return `<tr data-rule="${e(rule.id)}" data-differs="${rule.differs}"><th scope="row">${mark}<code>${e(rule.id)}</code><span class="t">${e(rule.title)}</span></th>${cells}</tr>`;
  });
  return `<tbody id="area-${index}" data-area="${e(area.area)}" data-differing="${area.differing}">\n${head}\n${rows.join('\n')}\n</tbody>`;
}

const LEGEND_NOTES: Readonly<Record<RuleVerdict, string>> = {
  pass: 'pass at every API version judged',
  fail: 'fails at some API version (a number: at how many of those judged)',
  error: 'could not be judged at some version (no failure)',
  skipped: 'applies, but could not be checked on this target',
  'not-applicable': 'does not apply to this target',
  'not-run': 'not in this report (another catalogue, or --only)',
};

/** The comparison's HTML page. */
export function renderComparisonHtml(c: Comparison): string {
  const o = c.overall;
  const differing = c.areas.reduce((n, a) => n + a.differing, 0);
  const total = o.rules.rules;
  const names = c.implementations.map((m) => m.label).join(', ');
  const warnings = c.warnings.length === 0 ? '' : `<ul class="warnings" aria-label="Warnings">${c.warnings.map((w) => `<li>${e(w)}</li>`).join('')}</ul>`;
  const legend = RULE_VERDICTS.map(
    (v) =>
      `<li><span class="sw" data-verdict="${v}">${VERDICT_DISPLAY[v].symbol}</span>${e(VERDICT_DISPLAY[v].word)} <span class="muted">(${e(LEGEND_NOTES[v])})</span></li>`,
  ).join('');
  const heads = c.implementations.map((m, i) => `<th scope="col" id="impl-${i}">${e(m.label)}</th>`).join('');
  const firstCell = { done: false };
  const bodies = c.areas.map((a, i) => areaHtml(c, a, i, firstCell)).join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<title>ctr-conformance: ${e(names)} side by side</title>
<style>${CSS}</style>
</head>
<body>
<header>
<h1>Side by side: ${c.implementations.length} implementations</h1>
<p class="lead">Interoperability <strong class="score" id="overall">${percentText(o.rules.interopShare)}</strong>: of the ${o.rules.scored} rules every implementation judged, ${o.rules.interop} pass on all of them (the mean of the areas' scores: ${percentText(o.meanOfAreas.interopShare)} over ${o.meanOfAreas.areas} areas). ${differing} of ${total} rules differ.</p>
${warnings}
${implementationsHtml(c.implementations)}
</header>
<main>
<section aria-labelledby="scores-title">
<h2 id="scores-title">Scores by area</h2>
<p class="muted">A rule is scored when every implementation judged it (pass, fail or error); skipped, not applicable and not run are not behaviour, and are not scored.</p>
${scoresHtml(c)}
</section>
<section aria-labelledby="matrix-title">
<h2 id="matrix-title">Rules side by side</h2>
<ul class="legend" aria-label="Legend">${legend}<li><span class="sw diff">≠</span>the implementations that judged the rule differ (these rows come first in each area)</li></ul>
<p class="filter"><input type="checkbox" id="only-differences" aria-controls="cmp"><label for="only-differences">Only differences (${differing} rules)</label></p>
<p id="filter-note" class="muted" role="status"></p>
<p class="muted">The table has one tab stop: arrow keys move between cells, Home and End to a row's ends; Enter (or a click) opens the cell's evidence in that implementation's report.</p>
<div class="scroll"><table class="cmp" id="cmp" aria-labelledby="matrix-title">
<thead><tr><th scope="col">Rule</th>${heads}</tr></thead>
${bodies}
</table></div>
</section>
</main>
<script>${JS}</script>
</body>
</html>
`;
}
