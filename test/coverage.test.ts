import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { ALL_CHECKS } from '../suites/checks.js';
import { CoverageRecorder } from '../suites/harness/coverage.js';
import { runCli } from './helpers/cli.js';

/**
 * Every property that ranges over documented items (options, keys, fields, forms) must generate
 * each of them at least once per run at the default settings, above all the inputs on which a
 * release could break the rule: a generator that never sends them passes falsely. Judged at the
 * smallest defaults the tool has (a real daemon's: 15 runs, 2 starts), on the simulator. A generator
 * cannot see the release (scripts/check-layers.mjs), so what it draws is the same on every release;
 * what a target answers can still decide whether a case exercised the claim (an implementation
 * rule's observed items), so the run is judged on the oldest release and on the newest, the two
 * that differ most.
 */
// Longer than the project's 180 s per file: the covered rules run for two releases at once.
t.setTimeout(900_000);

const COVERED = ALL_CHECKS.filter((check) => check.documentedItems !== undefined).map((check) => check.rule);
const RELEASES = ['20.10', '29.7'];

t.test('the coverage figure: what was generated and what was left out', async (t) => {
  const recorder = new CoverageRecorder(['a', 'b', 'c', 'a']);
  recorder.hit('b');
  recorder.hit('z');
  t.same(recorder.figure(), { items: 3, generated: ['b'], missing: ['a', 'c'] }, 'duplicates count once; a hit outside the list is not counted');
});

t.test(
  'generators reach every documented item at the default settings',
  { skip: COVERED.length === 0 ? 'no check declares documented items yet' : false },
  async (t) => {
    const out = mkdtempSync('/tmp/ctc-coverage-');
    t.teardown(() => rmSync(out, { recursive: true, force: true }));
    const only = COVERED.flatMap((rule) => ['--only', rule]);
    // Two at a time: the machine has two cores.
    for (let i = 0; i < RELEASES.length; i += 2) {
      await Promise.all(
        RELEASES.slice(i, i + 2).map(async (release) => {
          const dir = join(out, release);
          const run = await runCli(['run', '--target', 'sim', '--emulate', release, '--num-runs', '15', '--num-starts', '2', ...only, '--out', dir, '-q']);
          t.not(run.code, 2, `the run of ${release} is no usage error: ${run.stderr}`);
          const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;
          for (const result of report.results) {
            if (result.status !== 'pass' && result.status !== 'fail') continue;
            const cell = `${result.rule}@${result.api ?? '—'} on ${release}`;
            if (!t.ok(result.coverage, `${cell} reports its coverage`)) continue;
            t.same(
              result.coverage!.missing,
              [],
              `${cell}: every documented item generated (${result.coverage!.generated.length} of ${result.coverage!.items}; seed ${report.seed})`,
            );
          }
        }),
      );
    }
  },
);
