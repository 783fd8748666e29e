import { escapeHtml as e } from '../../reports/renderers/html.js';
import { differenceText } from './compare.js';
import { replayLine, type DiffReport } from './diff-report.js';
import type { FoundDifference } from './explore.js';
import { labelText, type Label } from './labels.js';
import { probeText } from './probe.js';

const KINDS: readonly Label['kind'][] = ['unexplained', 'known-deviation', 'rule', 'volatile'];
const KIND_NAMES: Readonly<Record<Label['kind'], string>> = {
  unexplained: 'unexplained',
  'known-deviation': 'known deviations',
  rule: 'explained by a rule',
  volatile: 'volatile',
};

/** The request of a difference: one line, or a sequence's steps with the one that showed it marked. */
function requestCell(d: FoundDifference): string {
  const shrunk = d.shrunk ? ' (shrunk)' : '';
  if (d.sequence === undefined) return `<code>${e(probeText(d.probe))}</code>${shrunk}`;
  const { steps, step } = d.sequence;
  const items = steps.map((s, i) => `<li${i === step ? ' class="shows" aria-current="step"' : ''}><code>${e(s)}</code></li>`).join('');
  return `sequence${shrunk}, step ${step + 1} shows it:<ol class="steps">${items}</ol>`;
}

/**
 * Shows only the rows whose label is checked, and says how many are shown. Without scripts every
 * row shows: the boxes are then inert.
 */
const FILTER_SCRIPT = `(() => {
  const boxes = [...document.querySelectorAll('#filters input[name=label]')];
  const rows = [...document.querySelectorAll('#differences tbody tr')];
  const shown = document.getElementById('shown');
  const apply = () => {
    const on = new Set(boxes.filter((b) => b.checked).map((b) => b.value));
    let n = 0;
    for (const row of rows) {
      row.hidden = !on.has(row.dataset.label);
      if (!row.hidden) n++;
    }
    shown.textContent = n + ' of ' + rows.length + ' kinds shown';
  };
  for (const box of boxes) box.addEventListener('change', apply);
  apply();
})();`;

/**
 * One self-contained page: the targets and totals, the unexplained kinds as a list of links, a
 * filter by label, then a row per difference, unexplained ones first. It loads nothing.
 */
export function diffHtml(report: DiffReport): string {
  const [a, b] = report.targets;
  const rank = { unexplained: 0, 'known-deviation': 1, rule: 2, volatile: 3 } as const;
  const sorted = [...report.differences].sort((x, y) => rank[x.label.kind] - rank[y.label.kind]);
  const rows = sorted
    .map(
      (
        d,
        i,
      ) => `<tr id="d${i}" class="${d.label.kind}" data-label="${d.label.kind}"${d.notServed ? ' data-not-served=""' : ''}><td>${e(labelText(d.label))}${d.notServed ? '<br>(not served: 501)' : ''}</td><td><code>${e(d.signature)}</code><br>${d.count}×</td><td>${e(differenceText(d.difference))}</td>
<td>${requestCell(d)}<details><summary>replay</summary><pre>${e(replayLine(report, d))}\nA: ${e(d.curl[0])}\nB: ${e(d.curl[1])}</pre></details></td></tr>`,
    )
    .join('\n');
  const unexplained = sorted
    .map((d, i) => ({ d, i }))
    .filter(({ d }) => d.label.kind === 'unexplained')
    .map(
      ({ d, i }) =>
        `<li${d.notServed ? ' data-not-served=""' : ''}><a href="#d${i}"><code>${e(d.signature)}</code></a>${d.notServed ? ' (not served)' : ''}</li>`,
    )
    .join('');
  const t = report.totals;
  const boxes = KINDS.map((k) => `<label><input type="checkbox" name="label" value="${k}" checked> ${KIND_NAMES[k]} (${t[k]})</label>`).join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>diff ${e(a.spec)} / ${e(b.spec)}</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em;vertical-align:top;text-align:left}
tr.unexplained td:first-child{background:#fdd;font-weight:bold}tr.rule td:first-child{background:#dfd}tr.known-deviation td:first-child{background:#ffd}tr.volatile td:first-child{background:#eee}pre{white-space:pre-wrap}
ol.steps{margin:.2em 0;padding-left:1.6em}ol.steps li.shows{font-weight:bold}fieldset{border:1px solid #ccc;margin:1em 0}</style></head>
<body><h1>diff: ${e(a.spec)} and ${e(b.spec)}</h1>
<p>A = ${e(a.spec)} (${e(a.version ?? 'version unknown')}, API ${e(a.apiMin ?? '?')}–${e(a.apiMax ?? '?')}); B = ${e(b.spec)} (${e(b.version ?? 'version unknown')}, API ${e(b.apiMin ?? '?')}–${e(b.apiMax ?? '?')})</p>
<p>${report.cases} requests and ${report.sequences} stateful sequences, seed ${report.seed}, ${report.routesExplored} routes${report.routes === null ? '' : ` matching <code>${e(report.routes)}</code>`}.
<strong id="total-unexplained">${t.unexplained} unexplained</strong>${report.unexplainedOnNotServed === 0 ? '' : ` (${report.unexplainedOnNotServed} of requests the simulator does not serve)`}, ${t.rule} explained by a rule, ${t['known-deviation']} known deviations, ${t.volatile} volatile.</p>
<section aria-labelledby="unexplained-title"><h2 id="unexplained-title">Unexplained</h2>${unexplained === '' ? '<p>None.</p>' : `<ol id="unexplained">${unexplained}</ol>`}</section>
<h2>Differences</h2>
<fieldset id="filters"><legend>Show the labels</legend>${boxes} <output id="shown" aria-live="polite"></output></fieldset>
<table id="differences" aria-label="Differences"><thead><tr><th>label</th><th>where</th><th>difference (A ≠ B)</th><th>request</th></tr></thead><tbody>
${rows}
</tbody></table>
${report.notServed.length === 0 ? '' : `<h2>Not served by the simulator (501)</h2><p>${report.unexplainedOnNotServed} unexplained kinds are of requests on these routes that the simulator answered 501.</p><ul>${report.notServed.map((r) => `<li><code>${e(r)}</code></li>`).join('')}</ul>`}
<h2>Not sent</h2><ul>${report.notSent.map((r) => `<li><code>${e(r.method)} ${e(r.path)}</code>: ${e(r.why)}</li>`).join('')}</ul>
<h2>Not explored</h2><ul>${report.notExplored.map((n) => `<li>${e(n)}</li>`).join('')}</ul>
<script>${FILTER_SCRIPT}</script>
</body></html>
`;
}
