import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { baselineOf, baselineOutcome } from '../reports/baselines/baseline.js';
import { renderHtml } from '../reports/renderers/html.js';
import { renderJunit } from '../reports/renderers/junit.js';
import { totalsOf } from '../reports/model/totals.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport, RuleResult } from '../reports/model/result.js';
import { runCli } from './helpers/cli.js';

/**
 * Baseline regressions reach every output (issue 38): report.json's `baseline`, report.html's
 * section and outlined cells, and junit.xml, which agrees with the gate: a gate that passes leaves
 * no JUnit failure, a regression is one (a cell now skipped that passed included).
 */
const cell = (rule: string, api: string | null, status: RuleResult['status']): RuleResult => ({
  rule,
  api,
  status,
  evidence: { summary: `${rule} ${status}` },
  durationMs: 1,
});

function reportOf(results: RuleResult[]): ConformanceReport {
  return {
    tool: { name: 'ctr-conformance', version: 'test' },
    target: {
      spec: 'sim',
      kind: 'in-process',
      profile: 'ctr',
      version: '28.5.0',
      release: '28.5',
      apiRange: { min: '1.24', max: '1.51' },
      observedApiRange: null,
      surfaces: ['daemon-api'],
      capabilities: [],
    },
    seed: 1,
    numRuns: 1,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
    apiVersions: ['1.24', '1.51'],
    rules: ['a', 'b', 'c'].map((id) => ({ id, title: id, source: 'document' as const, section: id })),
    results,
    totals: totalsOf(results),
  };
}

const failures = (xml: string) => /<testsuites [^>]*failures="(\d+)" errors="(\d+)"/.exec(xml)!.slice(1).map(Number);

t.test('a gate that passes (known failures in the baseline): no JUnit failure or error; the page says it passes', async (t) => {
  const before = reportOf([cell('a', '1.24', 'fail'), cell('a', '1.51', 'pass'), cell('b', null, 'error'), cell('c', null, 'pass')]);
  const gated = { ...before, baseline: baselineOutcome(before, baselineOf(before), 'base.json') };
  t.same(validateReport(gated), { ok: true });
  t.equal(gated.baseline.passed, true);
  t.same(failures(renderJunit(before)), [1, 1], 'without a baseline, the statuses');
  const xml = renderJunit(gated);
  t.same(failures(xml), [0, 0], 'with it, what the gate says');
  t.match(xml, /<skipped message="fail, as the baseline base\.json expects \(no regression\): a fail">/);
  const html = renderHtml(gated);
  t.match(
    html,
    /<section id="baseline" [^>]*data-passed="true">\s*<h2 id="baseline-title">Baseline <code>base\.json<\/code>: 0 regressed, 0 improved — the gate passes<\/h2>/,
  );
});

t.test('regressions (pass → fail, pass → skipped, a new failing cell) and improvements: in report.json, the page and JUnit', async (t) => {
  const before = reportOf([cell('a', '1.24', 'pass'), cell('a', '1.51', 'pass'), cell('b', null, 'fail'), cell('c', null, 'pass')]);
  const now = reportOf([cell('a', '1.24', 'fail'), cell('a', '1.51', 'skipped'), cell('b', null, 'pass'), cell('c', null, 'pass'), cell('c', '1.51', 'error')]);
  const gated = { ...now, baseline: baselineOutcome(now, baselineOf(before), 'base.json') };
  t.same(validateReport(gated), { ok: true });
  t.equal(gated.baseline.passed, false);
  t.same(
    gated.baseline.regressions.map((c) => [c.rule, c.api, c.before, c.now]),
    [
      ['a', '1.24', 'pass', 'fail'],
      ['a', '1.51', 'pass', 'skipped'],
      ['c', '1.51', null, 'error'],
    ],
  );
  t.same(
    gated.baseline.improvements.map((c) => [c.rule, c.before, c.now]),
    [['b', 'fail', 'pass']],
  );
  const xml = renderJunit(gated);
  t.same(failures(xml), [3, 0], 'each regression is a JUnit failure, the skipped one too');
  t.match(xml, /<failure message="regressed against the baseline base\.json: pass → skipped: a skipped" type="regression">/);
  t.match(xml, /<failure message="regressed against the baseline base\.json: new cell → error: c error" type="regression">/);
  const html = renderHtml(gated);
  t.match(html, /data-passed="false">\s*<h2 id="baseline-title">Baseline <code>base\.json<\/code>: 3 regressed, 1 improved — the gate fails<\/h2>/);
  t.match(
    html,
    /<ul class="regressions"><li data-rule="a" data-api="1.24"><span class="badge" data-status="fail">regressed<\/span> <a href="#cell-\d+" class="open-evidence" data-cell="cell-\d+">a @ api 1.24<\/a>/,
  );
  t.equal((html.match(/<td [^>]*data-regressed="1"/g) ?? []).length, 3, 'the regressed cells are outlined');
});

t.test('through the CLI: report.json, junit.xml and the exit code agree', async (t) => {
  const dir = mkdtempSync('/tmp/ctc-baseline-outputs-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const common = ['--target', 'sim', '--only', 'api.ping', '--only', 'api.not-found', '--num-runs', '2', '--seed', '5', '-q'];
  const clean = join(dir, 'clean.json');
  const broken = join(dir, 'broken.json');
  t.equal((await runCli(['run', ...common, '--out', join(dir, 'r0'), '--write-baseline', clean])).code, 0);
  // broken against a baseline that knows it: the gate passes, and junit.xml has no failure
  t.equal((await runCli(['run', ...common, '--fault', 'api.ping', '--out', join(dir, 'r1'), '--write-baseline', broken])).code, 1);
  const known = await runCli(['run', ...common, '--fault', 'api.ping', '--out', join(dir, 'r2'), '--baseline', broken]);
  t.equal(known.code, 0, known.stdout);
  const r2 = JSON.parse(readFileSync(join(dir, 'r2', 'report.json'), 'utf8')) as ConformanceReport;
  t.match(r2.baseline, { file: broken, passed: true, regressions: [] });
  t.ok(r2.totals.fail > 0, 'the failure is still in the report');
  t.same(failures(readFileSync(join(dir, 'r2', 'junit.xml'), 'utf8')), [0, 0]);
  // broken against the clean baseline: a regression everywhere
  const regressed = await runCli(['run', ...common, '--fault', 'api.ping', '--out', join(dir, 'r3'), '--baseline', clean]);
  t.equal(regressed.code, 1);
  t.match(regressed.stdout, /REGRESSED api\.ping@none: pass → fail/);
  const r3 = JSON.parse(readFileSync(join(dir, 'r3', 'report.json'), 'utf8')) as ConformanceReport;
  t.match(r3.baseline, { file: clean, passed: false, regressions: [{ rule: 'api.ping', api: null, before: 'pass', now: 'fail' }] });
  const xml = readFileSync(join(dir, 'r3', 'junit.xml'), 'utf8');
  t.same(failures(xml), [1, 0]);
  t.match(xml, /type="regression"/);
  t.match(readFileSync(join(dir, 'r3', 'report.html'), 'utf8'), /1 regressed, 0 improved — the gate fails/);
});
