import { type ConformanceReport, type CurlAfterRun, knownDeviationsObservedOn, observedOn, type RuleResult } from '../reports/model/result.js';
import { leadsWithCarried, leadTotals, notCarried, testedText } from '../reports/model/carried-surfaces.js';
import { terminalSafe as s } from '../common/terminal-text.js';
import { apiRangeText, resultName } from '../reports/renderers/text.js';
import { RULES } from '../specs/index.js';
import type { Rule } from '../specs/types.js';
import { apiList } from './api-list.js';

const SHOWN_FAILURES = 20;

/** The label of a known deviation's cells: still failures, of this release. */
const knownLabel = (report: ConformanceReport, count = 1): string => `known deviation${count === 1 ? '' : 's'} of ${s(knownDeviationsObservedOn(report))}`;

/** What a curl line needs once its address is gone: the note, then each command on its own line. */
const afterRunText = (after: CurlAfterRun | undefined): string =>
  after === undefined ? '' : `  after the run: ${s(after.note)}\n${after.commands.map((command) => `    ${s(command)}\n`).join('')}`;

/**
 * One block per failing or erring cell: what broke, the counterexample, the command that reruns
 * exactly that cell and a curl line for the request that decided it. The cells of known
 * deviations of the release come last and are labelled, with what the release does said once
 * per rule: what a reader has not seen before is at the top. Every string of the report is
 * written with its control characters escaped (a report may come from anywhere: `merge`).
 */
export function formatFailures(report: ConformanceReport): string {
  const bad = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
  const failing = [...bad.filter((r) => r.knownDeviation !== true), ...bad.filter((r) => r.knownDeviation === true)];
  const ruleLines = formatFailingRules(report);
  const explained = new Set<string>();
  const lines = failing.slice(0, SHOWN_FAILURES).map((result) => {
    const { counterexample: ce, rerun, curl, curlAfterRun } = result.evidence;
    return [
      `${s(result.status.toUpperCase())} ${s(resultName(result))}${result.knownDeviation === true ? ` [${knownLabel(report)}]` : ''}: ${s(result.evidence.summary)}\n`,
      whatTheReleaseDoes(report, result, explained),
      ce === undefined ? '' : `  counterexample ${s(ce.input)} (seed ${ce.seed}, path ${s(JSON.stringify(ce.path))})\n`,
      rerun === undefined ? '' : `  rerun: ${s(rerun)}\n`,
      curl === undefined ? '' : `  curl: ${s(curl)}\n`,
      curl === undefined ? '' : afterRunText(curlAfterRun),
    ].join('');
  });
  if (failing.length > SHOWN_FAILURES) {
    const rulesLeft = new Set(failing.slice(SHOWN_FAILURES).map((r) => r.rule)).size;
    const left = failing.length - SHOWN_FAILURES;
    lines.push(`… and ${left} more failing or erring cell${left === 1 ? '' : 's'} of ${rulesLeft} rule${rulesLeft === 1 ? '' : 's'} (see the report)\n`);
  }
  return ruleLines + lines.join('');
}

/** The longest reason a line of formatFailingRules shows; the cells below give the whole text. */
const REASON_WIDTH = 160;

/**
 * One line per failing or erring rule, before the cells: its id, level, status, the API versions of
 * its failing cells and the first such cell's summary on one line, rules of known deviations last
 * and labelled. A reader sees every rule that failed, where the cells below stop at SHOWN_FAILURES.
 * `rules` gives the levels (a merged report's rule the catalogue lacks shows "?").
 */
export function formatFailingRules(report: ConformanceReport, rules: readonly Pick<Rule, 'id' | 'level'>[] = RULES): string {
  const bad = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
  if (bad.length === 0) return '';
  const { failing, known } = failingRuleSplit(report);
  const ordered = [...failing.filter((rule) => !known.includes(rule)), ...known];
  const rows = ordered.map((rule) => {
    const cells = bad.filter((r) => r.rule === rule);
    const first = cells.find((r) => r.knownDeviation !== true) ?? cells[0];
    const status = cells.some((r) => r.status === 'fail') ? 'FAIL' : 'ERROR';
    const apis = [...new Set(cells.flatMap((r) => (r.api === null ? [] : [r.api])))];
    const where = apis.length === 0 ? 'no API version' : `API ${apiList(apis)}`;
    const summary = (first?.evidence.summary ?? '').replace(/\s+/g, ' ').trim();
    const reason = summary.length > REASON_WIDTH ? `${summary.slice(0, REASON_WIDTH - 1)}…` : summary;
    const label = known.includes(rule) ? ` [${knownLabel(report)}]` : '';
    // The rule id, the API versions and the summary come from the report, a file from outside: escaped for the terminal.
    return [status, s(rule), rules.find((r) => r.id === rule)?.level ?? '?', s(where), `${s(reason)}${label}`];
  });
  const widths = [0, 1, 2, 3].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => `  ${row.map((text, column) => (column < 4 ? text.padEnd(widths[column]!) : text)).join('  ')}\n`);
  return `${ordered.length} ${ordered.length === 1 ? 'rule fails or errs' : 'rules fail or err'}, one line each (the cells follow):\n${lines.join('')}\n`;
}

/** For the first shown cell of a known deviation of a rule: the document's words and what the release does. */
function whatTheReleaseDoes(report: ConformanceReport, result: RuleResult, explained: Set<string>): string {
  if (result.knownDeviation !== true || explained.has(result.rule)) return '';
  explained.add(result.rule);
  const notes = report.rules.find((r) => r.id === result.rule)?.knownDeviations ?? [];
  return notes.map((note) => `  the rule says: ${s(note.ruleSays)}\n  ${s(observedOn(note))} does: ${s(note.what)}\n`).join('');
}

/** The failing and erring rules, and those of them whose every such cell is a known deviation. */
export function failingRuleSplit(report: ConformanceReport): { failing: string[]; known: string[] } {
  const bad = report.results.filter((r) => r.status === 'fail' || r.status === 'error');
  const failing = [...new Set(bad.map((r) => r.rule))];
  const known = failing.filter((rule) => bad.every((r) => r.rule !== rule || r.knownDeviation === true));
  return { failing, known };
}

/** The strings of a target's description a summary line shows, each escaped for the terminal. */
function safeTarget(target: ConformanceReport['target']): ConformanceReport['target'] {
  const orNull = (text: string | null): string | null => (text === null ? null : s(text));
  const range = <R extends { min: string | null; max: string | null }>(r: R | null): R | null =>
    r === null ? null : { ...r, min: orNull(r.min), max: orNull(r.max) };
  return {
    ...target,
    spec: s(target.spec),
    surfaces: target.surfaces.map(s),
    version: orNull(target.version),
    release: orNull(target.release),
    apiRange: range(target.apiRange),
    observedApiRange: range(target.observedApiRange),
    ...(target.engine === undefined ? {} : { engine: { ...target.engine, name: orNull(target.engine.name), version: orNull(target.engine.version) } }),
    ...(target.judgedAs === undefined ? {} : { judgedAs: s(target.judgedAs) }),
    ...(target.notObserved === undefined ? {} : { notObserved: s(target.notObserved) }),
  };
}

/** The one-line outcome of a run, the failing rules with the known deviations among them, and where its report is. */
export function formatTotals(report: ConformanceReport, htmlPath: string): string {
  // Every string of the target's description comes from the report: escaped once here.
  const target = safeTarget(report.target);
  // A target without the daemon API (openai:, llama-server): what it carries first, the rest in one line (issue 38).
  const folded = notCarried(report);
  const t = leadsWithCarried(target) ? leadTotals(report, folded) : report.totals;
  const knownCells = report.results.filter((r) => r.knownDeviation === true).length;
  const fail = knownCells === 0 ? `${t.fail} fail` : `${t.fail} fail (of which ${knownCells} ${knownLabel(report, knownCells)})`;
  const { failing, known: knownRules } = failingRuleSplit(report);
  const known = knownRules.map(s);
  const rules =
    known.length === 0
      ? ''
      : `failing rules: ${failing.length} (of which ${known.length} ${knownLabel(report, known.length)}, still failures: ${known.join(', ')})\n`;
  const notJudged = folded === null ? '' : `${s(folded.line)}\n`;
  return `${targetText(target)}, seed ${report.seed}: ${t.pass} pass, ${fail}, ${t.error} error, ${t.skipped} skipped, ${t['not-applicable']} not applicable\n${notJudged}${rules}report: ${s(htmlPath)}\n`;
}

/** The target as the summary names it: a daemon's version, release and API range; else what was tested. */
function targetText(target: ConformanceReport['target']): string {
  if (leadsWithCarried(target)) return `${target.spec} (${testedText(target)})`;
  const observed =
    target.observedApiRange === null
      ? 'none reported'
      : `${apiRangeText(target.observedApiRange)} from /${target.observedApiRange.source === 'ping' ? '_ping' : 'version'}`;
  const engine =
    target.engine === undefined ? '' : `, engine ${target.engine.name ?? 'not identified'}${target.engine.version === null ? '' : ` ${target.engine.version}`}`;
  const judged = target.judgedAs === undefined ? '' : `; ${target.judgedAs}`;
  return `${target.spec} (${target.version ?? 'unknown version'}, release ${target.release ?? 'unknown'}${target.notObserved === undefined ? '' : ` (${target.notObserved})`}, API ${apiRangeText(target.apiRange)}, observed ${observed}${engine}${judged})`;
}
