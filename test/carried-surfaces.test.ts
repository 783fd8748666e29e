import fc from 'fast-check';
import t from 'tap';
import { bundleBadge } from '../cli/bundle-badge.js';
import { formatFailures, formatTotals } from '../cli/run-summary.js';
import type { ConformanceReport, ResultStatus } from '../reports/model/result.js';
import { totalsOf } from '../reports/model/totals.js';
import { renderHtml } from '../reports/renderers/html.js';
import { renderJunit } from '../reports/renderers/junit.js';
import { leadTotals, notCarried } from '../reports/model/carried-surfaces.js';
import { RULES } from '../specs/index.js';
import { STATUSES } from './reports-fixtures.js';
import { ERRING_MR, FAILING_MR, KNOWN_MR, llamaServerReport, simulatorReport, withoutSurfaces } from './surface-fixtures.js';

/**
 * Issue 38: a target that carries only the model runner's API (openai:, llama-server) is reported
 * as that: the console and report.html name what was tested, lead with its results and fold the
 * rules of the surfaces it lacks into one line; the badge says which API it judged. report.json's
 * statuses and totals do not change, and a daemon target with a model runner is shown as before.
 */
const surfaceOf = new Map(RULES.map((rule) => [rule.id, rule.applies.surface]));
const carried = (report: ConformanceReport) => report.results.filter((r) => surfaceOf.get(r.rule) === 'model-runner-api');
const notCarriedRules = RULES.filter((rule) => rule.applies.surface !== 'model-runner-api');
const BUILD = 'llama.cpp (llama-server) b11669-Debian';
/** The page without its embedded report.json: what a reader sees. */
const shown = (html: string) => html.replace(/<script type="application\/json" id="report-data">[^<]*<\/script>/, '');

t.test('the console: what was tested, the model runner results, one line for the rest', async (t) => {
  const report = llamaServerReport();
  const lines = formatTotals(report, 'out/report.html').split('\n');
  const mr = totalsOf(carried(report));
  t.equal(
    lines[0],
    `llama-server (the model runner's API of ${BUILD}), seed 38: ${mr.pass} pass, ${mr.fail} fail (of which 1 known deviation of ${BUILD}), ${mr.error} error, ${mr.skipped} skipped, 0 not applicable`,
  );
  t.notMatch(lines[0], /unknown version|release unknown|API unknown/);
  const cells = report.results.length - carried(report).length;
  t.equal(
    lines[1],
    `${notCarriedRules.length} rules not judged on this target (${cells} skipped cells): it carries only the model runner's API; they speak of the daemon as a process (${notCarriedRules.filter((r) => r.applies.surface === 'daemon-process').length}), the daemon API (${notCarriedRules.filter((r) => r.applies.surface === 'daemon-api').length}), the model runner service (${notCarriedRules.filter((r) => r.applies.surface === 'model-runner-service').length})`,
  );
  t.equal(mr.skipped + cells, report.totals.skipped, "the carried cells' skipped and the folded cells make report.json's skipped");
  t.match(lines[2], /^failing rules: 3 \(of which 1 known deviation of llama\.cpp/);
  t.equal(lines[3], 'report: out/report.html');
  const failures = formatFailures(report);
  for (const rule of [FAILING_MR, ERRING_MR, KNOWN_MR]) t.match(failures, rule, `${rule} is listed among the failures`);

  const old = formatTotals(withoutSurfaces(report), 'r.html');
  t.match(old, /^llama-server \(the model runner's API of llama\.cpp/, 'an older report (no surfaces on its rules) still names what was tested');
  t.match(old, `${report.totals.skipped} skipped`, 'and, folding nothing, counts every cell');
  t.notMatch(old, /not judged on this target/);
});

t.test('report.html: what was tested, the model runner rows first, the rest folded into one row that says so', async (t) => {
  const report = llamaServerReport();
  const html = renderHtml(report);
  t.match(html, `<dt>Tested</dt><dd>the model runner&#39;s API of ${BUILD}</dd>`);
  t.notMatch(shown(html), /<dt>(Version|Release|API range|Observed API range)<\/dt>/, 'no unknown version, release or API range');
  const rows = [
    ...html.matchAll(/<tr data-has="[^"]*"( data-not-carried="1")?><th scope="row"><span [^>]*>[DI]<\/span> <a href="#rule-\d+">([^<]+)<\/a>/g),
  ].map((m) => ({
    rule: m[2]!,
    folded: m[1] !== undefined,
  }));
  const firstFolded = rows.findIndex((r) => r.folded);
  t.ok(firstFolded > 0, 'the page leads with unfolded rows');
  t.ok(
    rows.slice(0, firstFolded).every((r) => surfaceOf.get(r.rule) === 'model-runner-api'),
    "the rows before the fold are the model runner's API rules",
  );
  t.equal(rows.slice(0, firstFolded).length, RULES.filter((r) => r.applies.surface === 'model-runner-api').length);
  t.ok(
    rows.slice(firstFolded).every((r) => r.folded && surfaceOf.get(r.rule) !== 'model-runner-api'),
    'then every other rule, folded',
  );
  t.equal(rows.length, RULES.length, 'every rule has its row: folded, never left out');
  const line = notCarried(report)!.line;
  t.match(html, `<tr class="group" id="not-carried"><th scope="rowgroup" colspan="5"><button type="button" id="show-not-carried" aria-expanded="false"`);
  t.match(html, `${line.replace(/'/g, '&#39;')}</th></tr>`, 'the fold row says what is folded and why');
  t.match(html, /<p class="not-carried-line" id="not-carried-line">\d+ rules not judged on this target/, 'and so does the summary');
  const areas = [...html.matchAll(/<li data-area="([^"]+)">/g)].map((m) => m[1]);
  t.same(areas, ['model-runner'], 'the bars count the model runner cells; the daemon areas are not the lead');
  t.match(html, '<span class="muted" id="skipped-not-carried">(');
  t.match(html, `skipped <b>${report.totals.skipped}</b>`, "the totals are report.json's");
});

t.test('arbitrary statuses: a folded rule has only skipped cells; every result keeps its cell; nothing of report.json changes', async (t) => {
  const base = llamaServerReport();
  const arb = fc.array(fc.constantFrom(...STATUSES), { minLength: base.rules.length, maxLength: base.rules.length }).map((statuses) => {
    const of = new Map(base.rules.map((rule, i) => [rule.id, statuses[i]!]));
    // most rules stay as the gate leaves them (skipped), some get another status
    const results = base.results.map((r, i) => (i % 7 === 0 ? { ...r, status: of.get(r.rule)! } : r));
    return { ...base, results, totals: totalsOf(results) } as ConformanceReport;
  });
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(arb, (report) => {
        const before = JSON.stringify(report);
        const folded = notCarried(report);
        const html = renderHtml(report);
        formatTotals(report, 'r.html');
        bundleBadge(report);
        renderJunit(report);
        if (JSON.stringify(report) !== before) return false;
        if (folded === null) return false;
        const statusesOf = (rule: string) => new Set(report.results.filter((r) => r.rule === rule).map((r) => r.status));
        for (const rule of folded.rules) {
          const seen = statusesOf(rule);
          if (surfaceOf.get(rule) === 'model-runner-api' || seen.size !== 1 || !seen.has('skipped')) return false;
        }
        const lead = leadTotals(report, folded);
        if ((Object.keys(lead) as ResultStatus[]).some((s) => lead[s] + (s === 'skipped' ? folded.cells : 0) !== report.totals[s])) return false;
        // every result index is in one cell of the matrix
        const inCells = new Set([...html.matchAll(/ data-r="([^"]*)"/g)].flatMap((m) => m[1]!.split(' ').map(Number)));
        return report.results.every((_, i) => inCells.has(i));
      }),
      { numRuns: 25 },
    ),
  );
});

t.test('the badge counts the judged rules of the model runner and says which API it judged', async (t) => {
  const badge = bundleBadge(llamaServerReport());
  t.match(badge, `ctr-conformance · llama-server · ${BUILD}`);
  t.match(badge, 'model runner&#39;s API only · rules passed per area (of those judged)');
  t.notMatch(badge, /API unknown/);
  const areas = [...badge.matchAll(/<text x="12" y="\d+">([a-z-]+)<\/text>/g)].map((m) => m[1]);
  t.same(areas, ['model-runner'], 'only the area judged');
  const judged = new Set(
    carried(llamaServerReport())
      .filter((r) => r.status !== 'skipped')
      .map((r) => r.rule),
  );
  t.match(badge, new RegExp(`>\\d+/${judged.size}</text>`), 'of its judged rules');
});

t.test('a daemon target with a model runner: every output as before', async (t) => {
  const report = simulatorReport();
  t.equal(notCarried(report), null);
  const old = withoutSurfaces(report);
  t.equal(formatTotals(report, 'r.html'), formatTotals(old, 'r.html'));
  t.match(formatTotals(report, 'r.html'), /^sim \(29\.7\.0, release 29\.7, API 1\.24–1\.51, observed 1\.24–1\.51 from \/version\), seed 38: /);
  t.equal(shown(renderHtml(report)), shown(renderHtml(old)), 'the page shows the same');
  t.notMatch(renderHtml(report), /id="not-carried"|data-not-carried="1"|<dt>Tested<\/dt>/);
  t.equal(bundleBadge(report), bundleBadge(old));
  t.match(bundleBadge(report), 'API 1.24–1.51 · rules passed per area');
});
