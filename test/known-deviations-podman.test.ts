import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { formatFailures } from '../cli/run-summary.js';
import { renderHtml } from '../reports/renderers/html.js';
import { totalsOf } from '../reports/model/totals.js';
import type { ConformanceReport, RuleResult } from '../reports/model/result.js';
import { RECORDABLE_RULE_IDS } from '../specs/catalogue.js';
import { KNOWN_DEVIATIONS, RULES } from '../specs/index.js';
import { withKnownDeviations } from '../suites/run/index.js';
import { judgeRelease } from '../suites/targets/judged-release.js';
import { runCli } from './helpers/cli.js';
import { escapedDots, PODMAN_RELEASES, podmanRecording } from './helpers/podman-releases.js';

/**
 * A known-deviation label names the implementation and release it was observed on (dockerd 20.10)
 * and is applied to that implementation only: Podman, judged as dockerd 20.10 by the API version it
 * claims, fails api.version.too-old.wording below its minimum without dockerd's label; and so at
 * every Podman release, each judged as the dockerd release whose newest API it claims.
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
      version: judged === dockerd ? '20.10.24' : '5.4.2',
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

/** The rules a recording carries that some release is known to break: the only ones a label could land on. */
const DEVIATING = [...new Set(KNOWN_DEVIATIONS.map((d) => d.rule))].filter((id) => RECORDABLE_RULE_IDS.includes(id));

for (const { release, claims, judgedAs } of PODMAN_RELEASES.filter((p) => p.release !== '4.3')) {
  t.test(`Podman ${release}, judged as dockerd ${judgedAs}: a deviation of dockerd ${judgedAs} labels dockerd's cells, not Podman's`, async (t) => {
    const version = `${release}.0`;
    const judged = judgeRelease({ version, apiMax: claims.max, apiMin: claims.min, engine: { name: 'Podman Engine', version } });
    t.equal(judged.release?.release, judgedAs, 'judged by the API version it claims');
    // The release's own entry where the catalogue has one; made up where it has none (no dockerd 25.0 was observed).
    const deviations = KNOWN_DEVIATIONS.some((d) => d.rule === WORDING.id && d.releases.includes(judgedAs))
      ? KNOWN_DEVIATIONS
      : [{ rule: WORDING.id, quirk: 'observed.test', releases: [judgedAs], cells: 'below-minimum' as const, what: 'made up for the test' }];
    const asPodman = reportAs(judged);
    const { judgedAs: _, ...target } = asPodman.target;
    const asDockerd = withKnownDeviations({ ...asPodman, target }, { kind: 'release' }, RULES, deviations);
    t.ok(
      asDockerd.results.some((r) => r.knownDeviation === true),
      `the same cells as dockerd ${judgedAs} are labelled`,
    );
    const out = withKnownDeviations(asPodman, { kind: 'release' }, RULES, deviations);
    t.notOk(
      out.results.some((r) => r.knownDeviation === true),
      'as Podman: none',
    );
    t.equal(out.rules[0]?.knownDeviations, undefined);
  });

  t.test(`a Podman ${release} recording replayed: none of dockerd ${judgedAs}'s known-deviation labels on its failures`, async (t) => {
    const out = mkdtempSync('/tmp/ctc-podman-known-');
    t.teardown(() => rmSync(out, { recursive: true, force: true }));
    const run = await runCli(['run', '--target', `replay:${podmanRecording(release)}`, ...DEVIATING.flatMap((id) => ['--only', id]), '--out', out, '-q']);
    t.equal(run.code, 1, run.stderr);
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
    t.match(report.target.judgedAs, new RegExp(`^Podman Engine ${escapedDots(release)}\\.\\d+, judged as .*dockerd ${escapedDots(judgedAs)}`));
    t.ok(report.totals.fail > 0, `${report.totals.fail} failing cells`);
    t.notOk(report.results.some((r) => r.knownDeviation === true));
    t.notOk(report.rules.some((r) => r.knownDeviations !== undefined));
    t.notMatch(run.stdout, /known deviation/);
  });
}
