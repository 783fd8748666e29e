import t from 'tap';
import { certificationOf, disagreements } from '../cli/certification.js';
import { certificationLine, certificationVerdict } from '../reports/certification-verdict.js';
import { renderBadge } from '../reports/renderers/badge.js';
import { renderHtml } from '../reports/renderers/html.js';
import { totalsOf } from '../reports/model/totals.js';
import { validateReport } from '../reports/schema.js';
import type { ConformanceReport, RuleResult, RuleSummary } from '../reports/model/result.js';

/**
 * One certification verdict (issue 38): must and descriptive rules decide, at every API version
 * judged, errors and known deviations counting as failures; rules skipped on the target are "not
 * judged" and named; implementation rules never decide; a shard or an --only run cannot certify.
 * certification.json, the report's header and the badge carry the same decision.
 */
const rule = (id: string, level: NonNullable<RuleSummary['level']>, area: string): RuleSummary => ({
  id,
  title: id,
  source: level === 'implementation' ? 'implementation' : 'document',
  section: id,
  level,
  area,
});
const RULES: RuleSummary[] = [
  rule('api.a', 'must', 'api-versioning'),
  rule('api.b', 'must', 'api-versioning'),
  rule('dep.a', 'must', 'deprecations'),
  rule('dep.b', 'descriptive', 'deprecations'),
  rule('cfg.a', 'must', 'daemon-config'),
  rule('mr.a', 'must', 'model-runner'),
  rule('api.impl', 'implementation', 'api-versioning'),
  rule('api.na', 'must', 'api-versioning'),
];
const cell = (id: string, api: string | null, status: RuleResult['status'], extra: Partial<RuleResult> = {}): RuleResult => ({
  rule: id,
  api,
  status,
  evidence: { summary: status },
  durationMs: 1,
  ...extra,
});

function reportOf(results: RuleResult[], more: Partial<ConformanceReport> = {}): ConformanceReport {
  return {
    tool: { name: 'ctr-conformance', version: 'test' },
    target: {
      spec: 'daemon:/usr/sbin/dockerd',
      kind: 'process',
      profile: 'docker',
      version: '28.5.2',
      release: '28.5',
      apiRange: { min: '1.24', max: '1.51' },
      observedApiRange: null,
      surfaces: ['daemon-api', 'daemon-process'],
      capabilities: [],
    },
    seed: 1,
    numRuns: 1,
    options: { targetArgs: ['--target', 'daemon:/usr/sbin/dockerd'], profile: 'docker', release: null, numStarts: 1, only: [], path: null, shrink: true },
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
    apiVersions: ['1.23', '1.24', '1.51'],
    rules: RULES,
    results,
    totals: totalsOf(results),
    ...more,
  };
}

const passing = [
  cell('api.a', '1.24', 'pass'),
  cell('api.a', '1.51', 'pass'),
  cell('api.b', null, 'pass'),
  cell('dep.a', '1.24', 'pass'),
  cell('dep.a', '1.51', 'skipped'),
  cell('dep.b', null, 'pass'),
  cell('cfg.a', null, 'skipped'),
  cell('mr.a', null, 'skipped'),
  cell('api.impl', null, 'fail'),
  cell('api.na', '1.23', 'not-applicable'),
];

t.test('every must and descriptive rule judged passes: certified at the release range, the not-judged ones named', async (t) => {
  const report = reportOf(passing);
  t.same(validateReport(report), { ok: true });
  const verdict = certificationVerdict(report);
  t.equal(verdict.certified, true);
  t.equal(verdict.judged, 4, 'api.a, api.b, dep.a (a skipped cell beside a pass), dep.b');
  t.same(verdict.notJudged, [
    { area: 'daemon-config', rules: 1 },
    { area: 'model-runner', rules: 1 },
  ]);
  t.equal(verdict.implementationFailed, 1, 'reported, not deciding');
  t.equal(
    certificationLine(report),
    'CERTIFIED for daemon:/usr/sbin/dockerd 28.5.2 at API 1.24–1.51: all 4 must and descriptive rules judged pass; 2 rules not judged on this target (daemon-config 1, model-runner 1); 1 implementation rule fails (not part of certification)',
  );
});

t.test('a failing or erring must or descriptive rule, known deviation or not, at any version: not certified, counted by level and area', async (t) => {
  const results = [
    ...passing.filter((r) => r.rule !== 'api.a' && r.rule !== 'dep.b'),
    cell('api.a', '1.24', 'pass'),
    cell('api.a', '1.23', 'fail'), // a version outside the served range still counts
    cell('dep.b', null, 'error'),
    cell('api.b', '1.51', 'fail', { knownDeviation: true }),
  ];
  const verdict = certificationVerdict(reportOf(results));
  t.equal(verdict.certified, false);
  t.same(
    verdict.failed.map((f) => [f.rule, f.level, f.knownDeviation]),
    [
      ['api.a', 'must', false],
      ['api.b', 'must', true],
      ['dep.b', 'descriptive', false],
    ],
  );
  t.equal(
    verdict.line,
    'NOT CERTIFIED: 2 must rules fail (api-versioning 2; 1 of them a known deviation of the release); 1 descriptive rule fails (deprecations 1); 2 rules not judged on this target (daemon-config 1, model-runner 1); 1 implementation rule fails (not part of certification)',
  );
});

t.test(
  'a known deviation is named by the implementation and release its report labels it with; a target without the daemon API says what it carries',
  async (t) => {
    const results = [...passing.filter((r) => r.rule !== 'api.b'), cell('api.b', '1.51', 'fail', { knownDeviation: true })];
    const note = { release: '20.10', apis: null, what: 'w', ruleSays: 's' };
    const labelled = RULES.map((r) =>
      r.id === 'api.b'
        ? {
            ...r,
            knownDeviations: [
              { ...note, implementation: 'dockerd' },
              { ...note, implementation: 'llama.cpp (llama-server)', release: 'b1' },
            ],
          }
        : r,
    );
    const verdict = certificationVerdict(reportOf(results, { rules: labelled }));
    t.same(verdict.deviationsOf, ['dockerd 20.10', 'llama.cpp (llama-server) b1']);
    t.match(verdict.line, /1 of them a known deviation of dockerd 20\.10, llama\.cpp \(llama-server\) b1\)/);
    t.notMatch(verdict.line, /of the release/);
    const base = reportOf(passing);
    const bare = certificationVerdict({ ...base, target: { ...base.target, surfaces: ['model-runner-api'], release: null, version: null, apiRange: null } });
    t.equal(bare.carriesOnly, "the model runner's API");
    t.match(bare.line, /rules? not judged on this target: it carries only the model runner's API \(/);
    t.equal(certificationVerdict(base).carriesOnly, undefined, 'a daemon: as before');
  },
);

t.test('only a whole run certifies: a shard, an --only run, a run that judged nothing', async (t) => {
  const shard = certificationVerdict(reportOf(passing, { shard: { index: 2, count: 4 } }));
  t.equal(shard.certified, false);
  t.match(shard.line, /^NOT CERTIFIED: this report is shard 2\/4 of a run/);
  const base = reportOf(passing);
  const only = certificationVerdict({ ...base, options: { ...base.options!, only: ['api.*'] } });
  t.equal(only.certified, false);
  t.match(only.line, /^NOT CERTIFIED: a run of some rules only \(--only api\.\*\)/);
  const many = certificationVerdict({ ...base, options: { ...base.options!, only: ['a', 'b', 'c', 'd', 'e'] } });
  t.match(many.line, /^NOT CERTIFIED: a run of some rules only \(--only a b c … 5 entries\); a certification judges every rule/);
  const nothing = certificationVerdict(reportOf(passing.map((r) => ({ ...r, status: r.status === 'pass' ? ('skipped' as const) : r.status }))));
  t.equal(nothing.certified, false);
  t.match(nothing.line, /^NOT CERTIFIED: no must or descriptive rule could be judged on this target; 6 rules not judged/);
});

t.test('a report without levels: document rules decide, implementation rules do not', async (t) => {
  const report = reportOf(passing.map((r) => (r.rule === 'api.b' ? { ...r, status: 'fail' as const } : r)));
  const old = { ...report, rules: report.rules.map(({ level: _, ...r }) => r) };
  t.equal(certificationVerdict(old).certified, false);
  t.equal(certificationVerdict(old).failed[0]?.level, 'must');
});

t.test('certification.json, the report header and the badge carry the decision; a forged verdict is a disagreement', async (t) => {
  const failing = reportOf(passing.map((r) => (r.rule === 'api.b' ? { ...r, status: 'fail' as const } : r)));
  const certification = certificationOf({ ...failing, options: failing.options! }, null, new Date(0));
  t.equal(certification.verdict?.certified, false);
  t.equal(certification.verdict?.line, certificationLine(failing));
  t.same(disagreements(JSON.parse(JSON.stringify(certification)), failing), [], 'as written, it agrees with the report');
  const forged = { ...certification, verdict: { ...certification.verdict!, certified: true } };
  t.same(disagreements(forged, failing), ['verdict']);
  const { verdict: _, ...older } = certification;
  t.same(disagreements(older, failing), [], 'a bundle made before the verdict was recorded');

  const html = renderHtml(failing);
  t.match(html, /<p class="verdict" id="verdict" data-certified="false">NOT CERTIFIED: 1 must rule fails \(api-versioning 1\)/);
  t.match(
    renderHtml(reportOf(passing)),
    /<p class="verdict" id="verdict" data-certified="true">CERTIFIED for daemon:\/usr\/sbin\/dockerd 28\.5\.2 at API 1\.24–1\.51/,
  );

  const badge = renderBadge(failing, (id) => RULES.find((r) => r.id === id)?.area ?? id, ['api-versioning', 'deprecations']);
  t.match(badge, /data-certified="false">NOT CERTIFIED · 1 document rule fails</);
  t.match(badge, /<title>[^<]*NOT CERTIFIED: 1 must rule fails/);
  t.match(
    renderBadge(reportOf(passing), () => 'api-versioning', ['api-versioning']),
    /data-certified="true">CERTIFIED</,
  );
});
