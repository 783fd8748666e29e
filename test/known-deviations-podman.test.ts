import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { formatFailures } from '../cli/run-summary.js';
import { renderHtml, totalsOf, type ConformanceReport, type RuleResult } from '../reports/index.js';
import { RULES } from '../specs/index.js';
import { withKnownDeviations } from '../suites/run/index.js';
import { judgeRelease } from '../suites/targets/judged-release.js';
import { runCli } from './helpers/cli.js';

/**
 * A known-deviation label names the implementation and release it was observed on (dockerd 20.10)
 * and is applied to that implementation only: Podman, judged as dockerd 20.10 by the API version it
 * claims, fails api.version.too-old.wording below its minimum without dockerd's label.
 */
const WORDING = RULES.find((r) => r.id === 'api.version.too-old.wording')!;
const podman = judgeRelease({ version: '5.4.2', apiMax: '1.41', apiMin: '1.24', engine: { name: 'Podman Engine', version: '5.4.2' } });
const dockerd = judgeRelease({ version: '20.10.24', apiMax: '1.41', apiMin: '1.12', engine: { name: 'Engine', version: '20.10.24' } });

function reportAs(judged: ReturnType<typeof judgeRelease>): ConformanceReport {
  const results: RuleResult[] = ['1.11', '1.23'].map((api) => ({
    rule: WORDING.id,
    api,
    status: 'fail',
    evidence: { summary: `GET /v${api}/version: 200 "OK" where a too-old version must be refused` },
    durationMs: 1,
  }));
  return {
    tool: { name: 'ctr-conformance', version: 'test' },
    target: {
      spec: 'endpoint:unix:///run/podman/podman.sock',
      kind: 'endpoint',
      profile: 'docker',
      version: judged === podman ? '5.4.2' : '20.10.24',
      release: judged.release?.release ?? null,
      apiRange: { min: judged.release!.defaultMinApi, max: '1.41' },
      observedApiRange: null,
      surfaces: ['daemon-api'],
      capabilities: [],
      ...(judged.judgement === null ? {} : { judgedAs: judged.judgement }),
    },
    seed: 1,
    numRuns: 1,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
    apiVersions: ['1.11', '1.23', '1.24'],
    rules: [{ id: WORDING.id, title: WORDING.title, source: 'document', section: 'x', level: 'must', area: WORDING.area }],
    results,
    totals: totalsOf(results),
  };
}

t.test('dockerd 20.10: labelled, the label naming dockerd 20.10', async (t) => {
  t.equal(dockerd.release?.release, '20.10');
  const out = withKnownDeviations(reportAs(dockerd), { kind: 'release' });
  t.match(out.rules[0]?.knownDeviations, [{ implementation: 'dockerd', release: '20.10' }]);
  t.same(
    out.results.map((r) => [r.api, r.knownDeviation === true]),
    [
      ['1.11', true],
      ['1.23', false],
    ],
    'the cell below 20.10’s minimum, 1.12',
  );
  t.match(formatFailures(out), /\[known deviation of dockerd 20\.10\]/);
  t.match(renderHtml(out), /known deviation of dockerd 20\.10/);
});

t.test('Podman judged as 20.10: no label of dockerd, in report.json, the console or the page', async (t) => {
  t.equal(podman.release?.release, '20.10', 'judged as dockerd 20.10 by the API version it claims');
  const out = withKnownDeviations(reportAs(podman), { kind: 'release' });
  t.equal(out.rules[0]?.knownDeviations, undefined);
  t.notOk(out.results.some((r) => r.knownDeviation === true));
  t.notMatch(formatFailures(out), /known deviation/);
  // a report labelled before this held (the Podman 5.4 certification of issue 38) renders without them
  const before = reportAs(podman);
  const stale: ConformanceReport = {
    ...before,
    rules: [{ ...before.rules[0]!, knownDeviations: [{ release: '20.10', apis: ['1.11', '1.23'], what: 'please upgrade', ruleSays: 'x' }] }],
    results: before.results.map((r) => ({ ...r, knownDeviation: true })),
  };
  const html = renderHtml(stale);
  t.notMatch(html.replace(/<script type="application\/json"[\s\S]*?<\/script>/, ''), /known deviation of 20\.10\)|data-known="1" role|badge known/);
  t.notMatch(html, /"knownDeviation":true/);
});

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/transcripts/podman-5.4.json.gz', import.meta.url));

t.test('a Podman 5.4 recording replayed: its too-old failures carry no known-deviation label', async (t) => {
  const out = mkdtempSync('/tmp/ctc-podman-known-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const run = await runCli(['run', '--target', `replay:${FIXTURE}`, '--only', 'api.version.too-old.wording', '--out', out, '-q']);
  t.equal(run.code, 1, run.stderr);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
  t.match(report.target.judgedAs, /^Podman Engine 5\.4/);
  t.ok(report.totals.fail > 0, `${report.totals.fail} failing cells`);
  t.notOk(report.results.some((r) => r.knownDeviation === true));
  t.notOk(report.rules.some((r) => r.knownDeviations !== undefined));
  t.notMatch(run.stdout, /known deviation/);
});
