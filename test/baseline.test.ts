import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { baselineOf, compareWithBaseline } from '../reports/baselines/baseline.js';
import { readTranscript, writeTranscript } from '../suites/targets/transcript.js';
import { runCli } from './helpers/cli.js';
import { reportArb } from './reports-fixtures.js';

t.test('a report never regresses against its own baseline; a worse status always does', async (t) => {
  fc.assert(
    fc.property(reportArb, (report) => {
      const same = compareWithBaseline(report, baselineOf(report));
      if (same.regressions.length + same.improvements.length !== 0) throw new Error('changed against itself');
      // A passing result in a cell where nothing is worse than pass: failing it changes the cell.
      const cleanCell = (rule: string, api: string | null) =>
        report.results.every((r) => r.rule !== rule || r.api !== api || r.status === 'pass' || r.status === 'not-applicable');
      const passing = report.results.findIndex((r) => r.status === 'pass' && cleanCell(r.rule, r.api));
      if (passing < 0) return;
      const worse = { ...report, results: report.results.map((r, i) => (i === passing ? { ...r, status: 'fail' as const } : r)) };
      if (compareWithBaseline(worse, baselineOf(report)).regressions.length === 0) throw new Error('missed a regression');
      if (compareWithBaseline(report, baselineOf(worse)).improvements.length === 0) throw new Error('missed an improvement');
    }),
    { numRuns: 200 },
  );
  t.pass();
});

t.test('--baseline gates on changes, not on known gaps', async (t) => {
  const out = mkdtempSync('/tmp/ctc-base-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const fixture = fileURLToPath(new URL('../../test/fixtures/transcripts/dockerd-28.5.json.gz', import.meta.url));
  const baseline = join(out, 'baseline.json');
  // The gate, not the catalogue, is under test (the agreement test replays every recording whole):
  // the rule the broken recording regresses, the known deviation, and a rule that passes throughout.
  const only = ['api.headers.api-version', 'api.version.too-old.wording', 'api.ping'].flatMap((rule) => ['--only', rule]);

  const first = await runCli(['run', '--target', `replay:${fixture}`, ...only, '--write-baseline', baseline, '--out', join(out, 'r1'), '-q']);
  t.equal(first.code, 1, 'without a baseline the known deviation fails the run');
  const gated = await runCli(['run', '--target', `replay:${fixture}`, ...only, '--baseline', baseline, '--out', join(out, 'r2'), '-q']);
  t.equal(gated.code, 0, 'with its baseline the same daemon passes the gate');
  t.match(gated.stdout, /0 regressed, 0 improved/);

  // The same daemon, but it stopped sending Api-Version: a regression the gate must catch.
  const transcript = readTranscript(fixture);
  const broken = join(out, 'broken.json.gz');
  writeTranscript(broken, {
    ...transcript,
    exchanges: transcript.exchanges.map((e) => ({ ...e, headers: Object.fromEntries(Object.entries(e.headers).filter(([name]) => name !== 'api-version')) })),
  });
  const regressed = await runCli(['run', '--target', `replay:${broken}`, ...only, '--baseline', baseline, '--out', join(out, 'r3'), '-q']);
  t.equal(regressed.code, 1);
  t.match(regressed.stdout, /REGRESSED api\.headers\.api-version@1\.\d+: pass → fail/);
  t.notMatch(regressed.stdout, /REGRESSED api\.version\.too-old\.wording/, 'the known gap is not a regression');

  const bad = await runCli(['run', '--target', `replay:${fixture}`, ...only, '--baseline', fixture, '-q']);
  t.equal(bad.code, 2, 'a file that is not a baseline is a usage error');
  t.match(bad.stderr, /is not a ctr-conformance baseline/, 'and says so');
});
