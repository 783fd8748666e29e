import fc from 'fast-check';
import t from 'tap';
import type { ConformanceReport, RuleResult, ResultStatus } from '../reports/model/result.js';
import { ENGINE_DEVIATIONS } from '../specs/engine-deviations.js';
import { RULES } from '../specs/index.js';
import type { Rule } from '../specs/types.js';
import { withEngineDeviations } from '../suites/run/index.js';
import { STATUSES, totalsOf } from './reports-fixtures.js';
import { bareEngine } from './surface-fixtures.js';

/**
 * A bare engine's report (an `openai:`-kind target) carries that engine's known deviations
 * (specs/engine-deviations.ts) as a release's report carries its own (issue 38): labelled with the
 * engine and build they were observed on, only where the report names that engine and build, and
 * never changing a status or the totals.
 */
const ENGINES = [...new Set(ENGINE_DEVIATIONS.map((d) => d.engine))];
const BUILDS = [...new Set(ENGINE_DEVIATIONS.flatMap((d) => d.builds))];
const MR_RULES = RULES.filter((rule) => rule.area === 'model-runner');

/** A bare engine's report of model-runner cells, the engine named as its identification found it. */
function engineReport(engine: { name: string | null; version: string | null }, rules: readonly Rule[], results: RuleResult[]): ConformanceReport {
  return {
    tool: { name: 'ctr-conformance', version: 'test' },
    target: bareEngine('openai:http://127.0.0.1:1', { ...engine, evidence: [] }),
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
}

const cell = (rule: Rule, status: ResultStatus, i: number): RuleResult => ({
  rule: rule.id,
  api: null,
  status,
  evidence: { summary: `cell ${i}` },
  durationMs: 1,
});

const reportArb = fc
  .record({
    name: fc.option(fc.constantFrom(...ENGINES, 'vLLM'), { nil: null }),
    version: fc.option(fc.constantFrom(...BUILDS, 'b1-other'), { nil: null }),
    rules: fc.uniqueArray(fc.constantFrom(...MR_RULES), { minLength: 1, maxLength: 20, selector: (rule) => rule.id }),
  })
  .chain(({ name, version, rules }) =>
    fc.array(fc.constantFrom(...STATUSES), { minLength: rules.length, maxLength: rules.length }).map((statuses) =>
      engineReport(
        { name, version },
        rules,
        rules.map((rule, i) => cell(rule, statuses[i]!, i)),
      ),
    ),
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
  const report = withEngineDeviations(engineReport({ name: deviation.engine, version: deviation.builds[0]! }, [rule], [cell(rule, 'fail', 0)]));
  t.equal(report.results[0]?.knownDeviation, true);
  t.match(report.rules[0]?.knownDeviations?.[0], { implementation: deviation.engine, release: deviation.builds[0], what: deviation.what });
});
