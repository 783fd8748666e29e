import { differenceText } from './compare.js';
import { replayLine, type DiffReport } from './diff-report.js';
import { probeText } from './probe.js';

/** The terminal summary: the targets, the totals, then every difference, unexplained ones first, each with its request, replay line and curl commands. */
export function diffText(report: DiffReport, files: { readonly json: string; readonly html: string } | null): string {
  const [a, b] = report.targets;
  const who = (t: DiffReport['targets'][number]): string =>
    `${t.spec} (${t.version ?? 'version unknown'}, API ${t.apiMin ?? '?'}–${t.apiMax ?? '?'}${t.real ? ', real' : ''})`;
  const lines = [
    `diff: A = ${who(a)}`,
    `      B = ${who(b)}`,
    `${report.cases} requests (seed ${report.seed}) over ${report.routesExplored} routes${report.routes === null ? '' : ` matching ${report.routes}`} and ${report.sequences} stateful sequences: ${report.differences.length} kinds of difference — ${report.totals.unexplained} unexplained, ${report.totals.rule} explained by a rule, ${report.totals['known-deviation']} known deviations, ${report.totals.volatile} volatile`,
  ];
  if (report.notServed.length > 0)
    lines.push(
      `${report.unexplainedOnNotServed} of the unexplained kinds are of requests a simulator answered 501 (not served), on ${report.notServed.length} routes: ${report.notServed.join(', ')}`,
    );
  const order = ['unexplained', 'known-deviation', 'rule', 'volatile'] as const;
  for (const kind of order) {
    for (const d of report.differences.filter((x) => x.label.kind === kind)) {
      lines.push(
        '',
        `${d.signature} (${d.count}×)`,
        `  ${differenceText(d.difference)}`,
        ...(d.sequence === undefined
          ? [`  request${d.shrunk ? ' (shrunk)' : ''}: ${probeText(d.probe)}`]
          : [`  sequence${d.shrunk ? ' (shrunk)' : ''}, step ${d.sequence.step + 1} shows it:`, ...d.sequence.steps.map((step, i) => `    ${i + 1}. ${step}`)]),
        `  replay: ${replayLine(report, d)}`,
        `  A: ${d.curl[0]}`,
        `  B: ${d.curl[1]}`,
      );
    }
  }
  lines.push('', `not explored: ${report.notExplored.join('; ')}`);
  if (files !== null) lines.push(`written: ${files.json}, ${files.html}`);
  return `${lines.join('\n')}\n`;
}
