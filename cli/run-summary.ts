import type { ConformanceReport } from '../reports/model/result.js';

const SHOWN_FAILURES = 20;

/** One block per failing cell, each counterexample with the arguments that replay it. */
export function formatFailures(report: ConformanceReport): string {
  const failing = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
  const lines = failing.slice(0, SHOWN_FAILURES).map((result) => {
    const ce = result.evidence.counterexample;
    const head = `${result.status.toUpperCase()} ${result.rule}${result.api === null ? '' : ` @ API ${result.api}`}: ${result.evidence.summary}\n`;
    if (ce === undefined) return head;
    const cell = `${result.rule}@${result.api ?? 'none'}`;
    return `${head}  counterexample ${ce.input} (seed ${ce.seed}, path ${JSON.stringify(ce.path)}); replay: --seed ${report.seed} --only ${cell} --path ${JSON.stringify(ce.path)}\n`;
  });
  if (failing.length > SHOWN_FAILURES) lines.push(`… and ${failing.length - SHOWN_FAILURES} more (see the report)\n`);
  return lines.join('');
}

/** The one-line outcome of a run, and where its report is. */
export function formatTotals(report: ConformanceReport, htmlPath: string): string {
  const { target, totals: t } = report;
  const what = `${target.spec} (${target.version ?? 'unknown version'}, release ${target.release ?? 'unknown'}, API ${target.apiRange?.min}–${target.apiRange?.max})`;
  return (
    `${what}, seed ${report.seed}: ${t.pass} pass, ${t.fail} fail, ${t.error} error, ${t.skipped} skipped, ${t['not-applicable']} not applicable\n` +
    `report: ${htmlPath}\n`
  );
}
