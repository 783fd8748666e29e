import { escapeHtml as e } from '../../reports/renderers/html.js';
import { differenceText } from './compare.js';
import { replayLine, type DiffReport } from './diff-report.js';
import { labelText } from './labels.js';
import { probeText } from './probe.js';

/** One self-contained page: the targets and totals, then a row per difference, unexplained ones first. */
export function diffHtml(report: DiffReport): string {
  const [a, b] = report.targets;
  const rank = { unexplained: 0, 'known-deviation': 1, rule: 2, volatile: 3 } as const;
  const rows = [...report.differences]
    .sort((x, y) => rank[x.label.kind] - rank[y.label.kind])
    .map(
      (
        d,
      ) => `<tr class="${d.label.kind}"><td>${e(labelText(d.label))}</td><td><code>${e(d.signature)}</code><br>${d.count}×</td><td>${e(differenceText(d.difference))}</td>
<td><code>${e(probeText(d.probe))}</code>${d.shrunk ? ' (shrunk)' : ''}<details><summary>replay</summary><pre>${e(replayLine(report, d))}\nA: ${e(d.curl[0])}\nB: ${e(d.curl[1])}</pre></details></td></tr>`,
    )
    .join('\n');
  const t = report.totals;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>diff ${e(a.spec)} / ${e(b.spec)}</title>
<style>body{font:14px system-ui,sans-serif;margin:1.5em}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3em;vertical-align:top;text-align:left}
tr.unexplained td:first-child{background:#fdd;font-weight:bold}tr.rule td:first-child{background:#dfd}tr.known-deviation td:first-child{background:#ffd}tr.volatile td:first-child{background:#eee}pre{white-space:pre-wrap}</style></head>
<body><h1>diff: ${e(a.spec)} and ${e(b.spec)}</h1>
<p>A = ${e(a.spec)} (${e(a.version ?? 'version unknown')}, API ${e(a.apiMin ?? '?')}–${e(a.apiMax ?? '?')}); B = ${e(b.spec)} (${e(b.version ?? 'version unknown')}, API ${e(b.apiMin ?? '?')}–${e(b.apiMax ?? '?')})</p>
<p>${report.cases} requests, seed ${report.seed}, ${report.routesExplored} routes${report.routes === null ? '' : ` matching <code>${e(report.routes)}</code>`}.
<strong>${t.unexplained} unexplained</strong>, ${t.rule} explained by a rule, ${t['known-deviation']} known deviations, ${t.volatile} volatile.</p>
<table><thead><tr><th>label</th><th>where</th><th>difference (A ≠ B)</th><th>request</th></tr></thead><tbody>
${rows}
</tbody></table>
${report.notServed.length === 0 ? '' : `<h2>Not served by the simulator (501)</h2><p>${report.unexplainedOnNotServed} unexplained kinds are on these routes.</p><ul>${report.notServed.map((r) => `<li><code>${e(r)}</code></li>`).join('')}</ul>`}
<h2>Not sent</h2><ul>${report.notSent.map((r) => `<li><code>${e(r.method)} ${e(r.path)}</code>: ${e(r.why)}</li>`).join('')}</ul>
<h2>Not explored</h2><ul>${report.notExplored.map((n) => `<li>${e(n)}</li>`).join('')}</ul>
</body></html>
`;
}
