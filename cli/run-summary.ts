import type { ConformanceReport } from '../reports/model/result.js';
import { apiRangeText, resultName } from '../reports/renderers/text.js';

const SHOWN_FAILURES = 20;

/**
 * One block per failing or erring cell: what broke, the counterexample, the command that reruns
 * exactly that cell and a curl line for the request that decided it.
 */
export function formatFailures(report: ConformanceReport): string {
  const failing = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
  const lines = failing.slice(0, SHOWN_FAILURES).map((result) => {
    const { counterexample: ce, rerun, curl } = result.evidence;
    return [
      `${result.status.toUpperCase()} ${resultName(result)}: ${result.evidence.summary}\n`,
      ce === undefined ? '' : `  counterexample ${ce.input} (seed ${ce.seed}, path ${JSON.stringify(ce.path)})\n`,
      rerun === undefined ? '' : `  rerun: ${rerun}\n`,
      curl === undefined ? '' : `  curl: ${curl}\n`,
    ].join('');
  });
  if (failing.length > SHOWN_FAILURES) lines.push(`… and ${failing.length - SHOWN_FAILURES} more (see the report)\n`);
  return lines.join('');
}

/** The one-line outcome of a run, and where its report is. */
export function formatTotals(report: ConformanceReport, htmlPath: string): string {
  const { target, totals: t } = report;
  const observed =
    target.observedApiRange === null
      ? 'none reported'
      : `${apiRangeText(target.observedApiRange)} from /${target.observedApiRange.source === 'ping' ? '_ping' : 'version'}`;
  const engine =
    target.engine === undefined ? '' : `, engine ${target.engine.name ?? 'not identified'}${target.engine.version === null ? '' : ` ${target.engine.version}`}`;
  const judged = target.judgedAs === undefined ? '' : `; ${target.judgedAs}`;
  const what = `${target.spec} (${target.version ?? 'unknown version'}, release ${target.release ?? 'unknown'}, API ${apiRangeText(target.apiRange)}, observed ${observed}${engine}${judged})`;
  return (
    `${what}, seed ${report.seed}: ${t.pass} pass, ${t.fail} fail, ${t.error} error, ${t.skipped} skipped, ${t['not-applicable']} not applicable\n` +
    `report: ${htmlPath}\n`
  );
}
