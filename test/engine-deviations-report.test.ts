import fc from 'fast-check';
import t from 'tap';
import { totalsOf } from '../reports/index.js';
import type { ConformanceReport, RuleResult, ResultStatus } from '../reports/index.js';
import { ENGINE_DEVIATIONS } from '../specs/engine-deviations.js';
import { RULES } from '../specs/index.js';
import { withEngineDeviations } from '../suites/run/index.js';

/**
 * A bare engine's report (an `openai:`-kind target) carries that engine's known deviations
 * (specs/engine-deviations.ts) as a release's report carries its own (issue 38): labelled with the
 * engine and build they were observed on, only where the report names that engine and build, and
 * never changing a status or the totals.
 */
const ENGINES = [...new Set(ENGINE_DEVIATIONS.map((d) => d.engine))];
const BUILDS = [...new Set(ENGINE_DEVIATIONS.flatMap((d) => d.builds))];
const MR_RULES = RULES.filter((rule) => rule.area === 'model-runner');
const STATUSES: ResultStatus[] = ['pass', 'fail', 'error', 'skipped', 'not-applicable'];

const reportArb = fc
  .record({
    name: fc.option(fc.constantFrom(...ENGINES, 'vLLM'), { nil: null }),
    version: fc.option(fc.constantFrom(...BUILDS, 'b1-other'), { nil: null }),
    rules: fc.uniqueArray(fc.constantFrom(...MR_RULES), { minLength: 1, maxLength: 20, selector: (rule) => rule.id }),
  })
  .chain(({ name, version, rules }) =>
    fc.array(fc.constantFrom(...STATUSES), { minLength: rules.length, maxLength: rules.length }).map((statuses): ConformanceReport => {
      const results: RuleResult[] = rules.map((rule, i) => ({
        rule: rule.id,
        api: null,
        status: statuses[i]!,
        evidence: { summary: `cell ${i}` },
        durationMs: 1,
      }));
      return {
        tool: { name: 'ctr-conformance', version: 'test' },
        target: {
          spec: 'openai:http://127.0.0.1:1',
          kind: 'openai',
          profile: 'docker',
          version: null,
          release: null,
          apiRange: null,
          observedApiRange: null,
          surfaces: ['model-runner-api'],
          capabilities: [],
          engine: { name, version, evidence: [] },
        },
        seed: 1,
        numRuns: 1,
        startedAt: '2026-12-05T00:00:00.000Z',
        durationMs: 1,
        deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
        apiVersions: [],
        rules: rules.map((rule) => ({ id: rule.id, title: rule.title, source: rule.source.kind, section: rule.id, area: rule.area })),
        results,
        totals: totalsOf(results),
      };
    }),
  );

t.test('a failing cell is labelled exactly when its rule is a known deviation of the engine and build the report names', async (t) => {
  t.doesNotThrow(() =>
    fc.assert(
      fc.property(reportArb, (report) => {
        const out = withEngineDeviations(report);
        const engine = report.target.engine!;
        const known = (rule: string): boolean =>
          ENGINE_DEVIATIONS.some((d) => d.rule === rule && d.engine === engine.name && engine.version !== null && d.builds.includes(engine.version));
        if (JSON.stringify(out.totals) !== JSON.stringify(report.totals)) return false;
        return out.results.every(
          (r, i) =>
            r.status === report.results[i]!.status &&
            (r.knownDeviation === true) === (r.status === 'fail' && known(r.rule)) &&
            (out.rules.find((s) => s.id === r.rule)?.knownDeviations ?? []).every(
              (note) => note.implementation === engine.name && note.release === engine.version,
            ),
        );
      }),
    ),
  );
});

t.test("llama.cpp's deviation on its build is labelled as llama.cpp's", async (t) => {
  const deviation = ENGINE_DEVIATIONS[0]!;
  const rule = RULES.find((r) => r.id === deviation.rule)!;
  const results: RuleResult[] = [{ rule: rule.id, api: null, status: 'fail', evidence: { summary: 'got 404' }, durationMs: 1 }];
  const report = withEngineDeviations({
    tool: { name: 'ctr-conformance', version: 'test' },
    target: {
      spec: 'llama-server',
      kind: 'openai',
      profile: 'docker',
      version: null,
      release: null,
      apiRange: null,
      observedApiRange: null,
      surfaces: ['model-runner-api'],
      capabilities: [],
      engine: { name: deviation.engine, version: deviation.builds[0]!, evidence: [] },
    },
    seed: 1,
    numRuns: 1,
    startedAt: '2026-12-05T00:00:00.000Z',
    durationMs: 1,
    deadlines: { requestMs: 1, cellMs: 1, runMs: 1 },
    apiVersions: [],
    rules: [{ id: rule.id, title: rule.title, source: rule.source.kind, section: rule.id, area: rule.area }],
    results,
    totals: totalsOf(results),
  });
  t.equal(report.results[0]?.knownDeviation, true);
  t.match(report.rules[0]?.knownDeviations?.[0], { implementation: deviation.engine, release: deviation.builds[0], what: deviation.what });
});
