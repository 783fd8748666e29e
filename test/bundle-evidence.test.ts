import fc from 'fast-check';
import t from 'tap';
import { evidenceContradictions } from '../cli/bundle-evidence.js';
import type { ConformanceReport, RuleResult } from '../reports/model/result.js';
import { runToReport, withStartArgs } from '../suites/run/index.js';
import { resolveTarget } from '../suites/targets/resolve.js';

/**
 * Issue 41: `verify` checks each cell's status against its own evidence, where the evidence decides
 * it. What the suite writes never contradicts itself (whatever status a cell reaches); a status
 * edited without its evidence (a failure made a pass, a failure made not applicable, a label moved
 * to a passing cell) is named.
 */

/** A run with every status: faults make failures, a release without a feature not-applicable cells, the model runner's rules on a bare target skipped ones. */
async function honestReports(): Promise<ConformanceReport[]> {
  const faulty = withStartArgs(resolveTarget('sim@26.1', {}), ['--fault', 'api.version.too-old', '--fault', 'config.file.validate', '--as-observed']);
  const runs = await Promise.all([
    runToReport({
      target: faulty,
      seed: 7,
      numRuns: 4,
      numStarts: 1,
      only: ['api.version.too-old', 'config.file.validate', 'config.file.validate-absent', 'config.values.enum'],
    }),
    runToReport({
      target: resolveTarget('sim', {}),
      seed: 7,
      numRuns: 3,
      numStarts: 1,
      only: ['config.file.nested-shapes', 'limits.min-api-version', 'api.http.host-header', 'deprecated.images-list.filter-parameter'],
    }),
  ]);
  return runs.map((run) => run.report);
}

const reports = await honestReports();
const cells = reports.flatMap((report) => report.results);

t.test('what the suite writes is never contradicted by its own evidence', async (t) => {
  t.ok(
    ['pass', 'fail', 'not-applicable'].every((status) => cells.some((c) => c.status === status)),
    `the runs reach pass, fail and not applicable (${[...new Set(cells.map((c) => c.status))].join(', ')})`,
  );
  t.ok(
    cells.some((c) => c.knownDeviation === true),
    'and a labelled known deviation',
  );
  for (const report of reports) t.same(evidenceContradictions(report), [], report.target.spec);
});

type Forgery = readonly [string, (cell: RuleResult) => RuleResult | undefined, RegExp];

/** The cell with another status and without the known-deviation label (which only a failure may carry). */
const restatus = (cell: RuleResult, status: RuleResult['status']): RuleResult => {
  const { knownDeviation: _, ...rest } = cell;
  return { ...rest, status };
};

/** Edits a status without its evidence, as a vendor improving a report by hand would; undefined where it does not apply to the cell. */
const FORGERIES: readonly Forgery[] = [
  ['a failure made a pass', (c) => (c.status === 'fail' ? restatus(c, 'pass') : undefined), /is pass, but its evidence holds a counterexample/],
  [
    'a failure made not applicable',
    (c) => (c.status === 'fail' ? restatus(c, 'not-applicable') : undefined),
    /is not-applicable, but its evidence gives no reason/,
  ],
  [
    'a not-applicable cell made a pass',
    (c) => (c.status === 'not-applicable' ? { ...c, status: 'pass' } : undefined),
    /is pass, but its evidence gives a reason/,
  ],
  [
    'a known-deviation label moved to a pass',
    (c) => (c.status === 'pass' ? { ...c, knownDeviation: true } : undefined),
    /is pass, but it is labelled a known deviation/,
  ],
  [
    'a pass whose coverage reached nothing',
    (c) =>
      c.status === 'pass' && c.coverage !== undefined
        ? { ...c, coverage: { ...c.coverage, generated: [], missing: [...c.coverage.missing, ...c.coverage.generated] } }
        : undefined,
    /is pass, but its coverage says no case reached any of its \d+ documented items/,
  ],
];

t.test('a status edited without its evidence is named, cell by cell', async (t) => {
  for (const [what, forge] of FORGERIES)
    t.ok(
      cells.some((c) => forge(c) !== undefined),
      `the runs hold a cell to try "${what}" on`,
    );
  const forgeable = fc
    .tuple(fc.constantFrom(...reports), fc.constantFrom(...FORGERIES), fc.nat())
    .map(([report, forgery, n]) => {
      const candidates = report.results.flatMap((c, i) => (forgery[1](c) === undefined ? [] : [i]));
      return { report, forgery, index: candidates.length === 0 ? undefined : candidates[n % candidates.length] };
    })
    .filter((x) => x.index !== undefined);
  fc.assert(
    fc.property(forgeable, ({ report, forgery: [, forge, line], index }) => {
      const results = report.results.map((c, i) => (i === index ? (forge(c) as RuleResult) : c));
      const found = evidenceContradictions({ ...report, results });
      const cell = report.results[index as number] as RuleResult;
      return found.length === 1 && found[0]?.startsWith(cell.rule) === true && line.test(found[0]);
    }),
    { numRuns: 60, seed: 41 },
  );
});
