import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import { failingRuleSplit, formatFailures, formatTotals } from '../cli/run-summary.js';
import { compareVersions } from '../common/dotted-version.js';
import { totalsOf } from '../reports/model/totals.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport, ResultStatus, RuleResult, RuleSummary } from '../reports/model/result.js';
import { KNOWN_DEVIATIONS, RELEASES, RULES } from '../specs/index.js';
import { withKnownDeviations, type DeviationSource } from '../suites/run/index.js';
import { runCli } from './helpers/cli.js';

/**
 * Known deviations of a real release are labelled on the report, never turned into passes:
 * arbitrary reports over the real catalogue and release table, then a real 28.5 run (its
 * recording replayed) through the CLI, report.json and the console.
 */

const STATUSES: readonly ResultStatus[] = ['pass', 'fail', 'fail', 'error', 'skipped', 'not-applicable'];
/** Rules with a known deviation, and a few without. */
const DEVIATING = [...new Set(KNOWN_DEVIATIONS.map((d) => d.rule))];
const OTHERS = RULES.filter((r) => !DEVIATING.includes(r.id)).slice(0, 6);
const CANDIDATES = [...RULES.filter((r) => DEVIATING.includes(r.id)), ...OTHERS];
const RELEASE_NAMES = [...new Set(KNOWN_DEVIATIONS.flatMap((d) => d.releases)), '29.7', null];
const COLUMNS = Array.from({ length: 45 }, (_, i) => `1.${11 + i}`);

/** The oracle, written apart from the code under test: a deviation of `release` covers the cell. */
function covers(rule: string, api: string | null, release: string, min: string, carried: (quirk: string) => boolean): boolean {
  return KNOWN_DEVIATIONS.some(
    (d) =>
      d.rule === rule &&
      d.releases.includes(release) &&
      carried(d.quirk) &&
      (d.cells === 'all' || (api !== null && (d.cells === 'below-minimum' ? compareVersions(api, min) < 0 : d.cells.api.includes(api)))),
  );
}

const reportArb: fc.Arbitrary<ConformanceReport> = fc
  .record({
    release: fc.constantFrom(...RELEASE_NAMES),
    rules: fc.uniqueArray(fc.constantFrom(...CANDIDATES), { minLength: 1, maxLength: 8, selector: (r) => r.id }),
    from: fc.integer({ min: 0, max: 30 }),
    width: fc.integer({ min: 1, max: 15 }),
  })
  .chain(({ release, rules, from, width }) => {
    const apiVersions = COLUMNS.slice(from, from + width);
    const cells = rules.flatMap((rule) => (rule.binding === 'per-version' ? apiVersions : [null]).map((api) => ({ rule: rule.id, api })));
    return fc.array(fc.constantFrom(...STATUSES), { minLength: cells.length, maxLength: cells.length }).map((statuses) => {
      const results: RuleResult[] = cells.map((c, i) => ({ ...c, status: statuses[i]!, evidence: { summary: `cell ${i}` }, durationMs: 1 }));
      const table = RELEASES.find((r) => r.release === release);
      const summaries: RuleSummary[] = rules.map((r) => ({ id: r.id, title: r.title, source: r.source.kind, section: r.id, area: r.area }));
      const report: ConformanceReport = {
        tool: { name: 'ctr-conformance', version: 'test' },
        target: {
          spec: 'replay:x.json',
          kind: 'replay',
          profile: 'docker',
          version: release === null ? null : `${release}.1`,
          release,
          apiRange: table === undefined ? null : { min: table.defaultMinApi, max: table.maxApi },
          observedApiRange: null,
          surfaces: ['daemon-api'],
          capabilities: [],
        },
        seed: 1,
        numRuns: 1,
        startedAt: '2026-11-27T00:00:00.000Z',
        durationMs: 1,
        deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
        apiVersions,
        rules: summaries,
        results,
        totals: totalsOf(results),
      };
      return report;
    });
  });

const sourceArb: fc.Arbitrary<DeviationSource> = fc.oneof(
  fc.constant({ kind: 'release' as const }),
  fc.subarray(KNOWN_DEVIATIONS.map((d) => d.quirk)).map((quirks) => ({ kind: 'simulator' as const, quirks })),
);

/** The report without what withKnownDeviations adds. */
const stripped = (report: ConformanceReport): unknown =>
  JSON.parse(
    JSON.stringify({
      ...report,
      rules: report.rules.map(({ knownDeviations: _, ...rule }) => rule),
      results: report.results.map(({ knownDeviation: _, ...result }) => result),
    }),
  );

t.test('labelled exactly where a deviation of the release covers a failing cell; statuses, totals and the rest untouched', async (t) => {
  let labelled = 0;
  fc.assert(
    fc.property(reportArb, sourceArb, (report, source) => {
      const out = withKnownDeviations(report, source);
      assert.deepStrictEqual(stripped(out), stripped(report));
      assert.deepStrictEqual(out.totals, report.totals);
      const release = report.target.release;
      const min = report.target.apiRange?.min ?? '0';
      const carried = (quirk: string) => source.kind === 'release' || source.quirks.includes(quirk);
      out.results.forEach((r) => {
        const expected = release !== null && r.status === 'fail' && covers(r.rule, r.api, release, min, carried);
        if ((r.knownDeviation === true) !== expected) throw new Error(`${r.rule}@${r.api} ${r.status} on ${release}: labelled ${!expected}`);
        if (expected) labelled++;
      });
      for (const rule of out.rules) {
        const own = KNOWN_DEVIATIONS.filter((d) => d.rule === rule.id && release !== null && d.releases.includes(release) && carried(d.quirk));
        if ((rule.knownDeviations?.length ?? 0) !== own.length) throw new Error(`${rule.id}: ${rule.knownDeviations?.length} notes, expected ${own.length}`);
        const catalogued = RULES.find((r) => r.id === rule.id)!;
        for (const [i, note] of (rule.knownDeviations ?? []).entries()) {
          if (note.what !== own[i]!.what || note.release !== release) throw new Error(`${rule.id}: note ${i} is not the catalogue's`);
          const says = catalogued.source.kind === 'document' ? catalogued.source.quote : catalogued.expectation;
          if (note.ruleSays !== says) throw new Error(`${rule.id}: ruleSays is not the rule's words`);
        }
      }
      const valid = validateReport(out);
      if (!valid.ok) throw new Error(valid.errors.join('; '));
    }),
    { numRuns: 400 },
  );
  t.ok(labelled > 100, `${labelled} failing cells labelled over 400 reports`);
});

t.test('the console: the split of failures and failing rules, and the known ones after the others, labelled', async (t) => {
  fc.assert(
    fc.property(reportArb, (report) => {
      const out = withKnownDeviations(report, { kind: 'release' });
      const totals = formatTotals(out, 'report.html');
      const known = out.results.filter((r) => r.knownDeviation === true).length;
      // labels name the implementation and release they were observed on
      const release = out.rules.some((r) => r.knownDeviations !== undefined) ? `dockerd ${out.target.release}` : (out.target.release ?? 'the release');
      const split = ` ${out.totals.fail} fail${known === 0 ? '' : ` (of which ${known} known deviation${known === 1 ? '' : 's'} of ${release})`},`;
      if (!totals.includes(split)) throw new Error(`no ${JSON.stringify(split)} in ${totals}`);
      const { failing, known: knownRules } = failingRuleSplit(out);
      if (knownRules.length > 0 && !totals.includes(`failing rules: ${failing.length} (of which ${knownRules.length} known deviation`))
        throw new Error(`no rule split in ${totals}`);
      if (knownRules.length === 0 && totals.includes('failing rules:')) throw new Error('a rule split without known deviations');
      // a rule is a known deviation when each of its failing and erring cells is one
      for (const rule of knownRules)
        if (out.results.some((r) => r.rule === rule && (r.status === 'error' || (r.status === 'fail' && r.knownDeviation !== true))))
          throw new Error(`${rule} counted as known`);
      const heads = formatFailures(out)
        .split('\n')
        .filter((line) => /^(FAIL|ERROR) /.test(line));
      const marks = heads.map((line) => line.includes(`[known deviation of ${release}]`));
      const firstKnown = marks.indexOf(true);
      if (firstKnown >= 0 && marks.slice(firstKnown).includes(false)) throw new Error('an unexplained failure after a known one');
      const bad = out.results.filter((r) => r.status === 'fail' || r.status === 'error');
      const shown = Math.min(bad.length, 20);
      if (heads.length !== shown) throw new Error(`${heads.length} failures shown of ${bad.length}`);
      if (marks.filter(Boolean).length !== Math.max(0, Math.min(known, shown - (bad.length - known)))) throw new Error('labels do not match the cells');
    }),
    { numRuns: 300 },
  );
  t.pass('300 reports');
});

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/transcripts/dockerd-28.5.json.gz', import.meta.url));

t.test('a real 28.5 run (its recording replayed): every failure is a known deviation, labelled, and still a failure', async (t) => {
  const out = mkdtempSync('/tmp/ctc-known-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const run = await runCli(['run', '--target', `replay:${FIXTURE}`, '--out', out, '-q']);
  t.equal(run.code, 1, 'the run fails: known deviations are failures');
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
  t.strictSame(validateReport(report), { ok: true });
  const failing = report.results.filter((r) => r.status === 'fail');
  t.ok(failing.length >= 10, `${failing.length} failing cells`);
  t.equal(report.totals.fail, failing.length, 'the totals count them as failures');
  t.strictSame(
    failing.filter((r) => r.knownDeviation !== true).map((r) => `${r.rule}@${r.api}`),
    [],
    'every failing cell of 28.5 is one of its known deviations',
  );
  t.notOk(
    report.results.some((r) => r.knownDeviation === true && r.status !== 'fail'),
    'only failing cells are labelled',
  );
  const wording = report.rules.find((r) => r.id === 'api.version.too-old.wording')!;
  t.match(wording.knownDeviations, [{ implementation: 'dockerd', release: '28.5', what: /please/, ruleSays: /upgrade your client to a newer version/ }]);
  t.strictSame(wording.knownDeviations![0]!.apis, ['1.11', '1.12', '1.13', '1.14', '1.15', '1.16', '1.17', '1.18', '1.19', '1.20', '1.21', '1.22', '1.23']);
  const rules = [...new Set(failing.map((r) => r.rule))];
  t.match(run.stdout, `${failing.length} fail (of which ${failing.length} known deviations of dockerd 28.5)`);
  t.match(run.stdout, `failing rules: ${rules.length} (of which ${rules.length} known deviations of dockerd 28.5, still failures: ${rules.join(', ')})`);
  t.match(run.stdout, /FAIL api\.version\.too-old\.wording @ api 1\.11 \[known deviation of dockerd 28\.5\]: /);
  t.match(run.stdout, /\n {2}the rule says: client version <v> is too old\. .*\n {2}dockerd 28\.5 does: the message says/);
});
