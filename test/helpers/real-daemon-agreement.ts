import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Test } from 'tap';
import { validateReport, type ConformanceReport } from '../../reports/index.js';
import { compareWithSimulator } from './agreement.js';
import { runCli } from './cli.js';
import { inCI, realDaemons } from './real-daemons.js';
import { RULES } from '../../specs/catalogue.js';
import { CAPABILITIES_OF } from '../../suites/targets/capabilities.js';
import { observedQuirksOf } from '../../specs/quirks/index.js';
import { shardOf } from './shard.js';

/**
 * The agreement test (test/real-daemons-<k>-of-<n>.test.ts, one release per shard): each real release against ctrd-sim emulating it with its observed quirks (`--as-observed`: the
 * known deviations, specs/quirks), cell by cell, with no exception: the simulator must answer as the
 * real release does. That plain `--emulate R` (the reference) passes every rule is checked by
 * test/sim-every-release.test.ts (in-process) and test/quirks.test.ts (as a process), not here.
 */

/** Rules the in-process simulator cannot carry (a network namespace): ctrd-sim as a process answers them. */
const PROCESS_ONLY = RULES.filter(
  (rule) => rule.testability.testable && rule.requires.some((c) => !CAPABILITIES_OF.inProcess.has(c)) && rule.applies.surface.startsWith('daemon'),
).map((rule) => rule.id);

const SEED = '20261122';

/** The releases of shard `shard` of `of`, each run whole on the real daemon and on ctrd-sim --as-observed. */
export function checkAgreement(t: Test, { shard, of }: { shard: number; of: number }): void {
  // The real daemon's whole run, the listeners area starting a daemon per case and waiting out
  // dockerd's 15 s plugin retries twice, beside the simulator's two runs.
  t.setTimeout(900_000);
  const found = realDaemons();
  const daemons = shardOf(found.daemons, shard, of);
  const missing = found.missing;
  if (missing === null && daemons.length === 0) t.fail(`shard ${shard} of ${of} has no release of the ${found.daemons.length} provisioned`);
  if (missing !== null) {
    if (inCI()) t.fail(`real daemons are required in CI: ${missing}`);
    else t.test('real dockerd releases', { skip: `real daemons not provisioned: ${missing}` }, async () => {});
  } else {
    const out = mkdtempSync('/tmp/ctc-real-');
    t.teardown(() => rmSync(out, { recursive: true, force: true }));

    // All runs at once: real daemons start in parallel, which keeps the suite fast. Statuses are
    // compared, not counterexamples: failures are not shrunk (on a real daemon each step may start one).
    const same = ['--profile', 'docker', '--seed', SEED, '--num-runs', '15', '--no-shrink', '-q'];
    const runs = Promise.all(
      daemons.flatMap((daemon) => [
        runCli(['run', '--target', `daemon:${daemon.path}`, ...same, '--out', join(out, `real-${daemon.release}`)]),
        runCli(['run', '--target', 'sim', '--emulate', daemon.release, '--as-observed', ...same, '--out', join(out, `sim-${daemon.release}`)]),
        runCli([
          'run',
          '--target',
          'sim-process',
          '--emulate',
          daemon.release,
          '--as-observed',
          ...same,
          ...PROCESS_ONLY.flatMap((id) => ['--only', id]),
          '--out',
          join(out, `simp-${daemon.release}`),
        ]),
      ]),
    );

    const readReport = (name: string): ConformanceReport => JSON.parse(readFileSync(join(out, name, 'report.json'), 'utf8')) as ConformanceReport;

    for (const [index, daemon] of daemons.entries()) {
      t.test(`dockerd ${daemon.release}: reports, and agreement with the simulator emulating it`, async (t) => {
        const results = await runs;
        const real = results[index * 3]!;
        const sim = results[index * 3 + 1]!;
        const simProcess = results[index * 3 + 2]!;
        t.not(real.code, 2, `the real run was not a usage error: ${real.stderr}`);
        t.not(sim.code, 2, `the simulator's run was not a usage error: ${sim.stderr}`);
        t.not(simProcess.code, 2, `the simulator's run as a process was not a usage error: ${simProcess.stderr}`);
        for (const name of [`real-${daemon.release}`, `sim-${daemon.release}`]) {
          for (const file of ['report.json', 'report.html', 'junit.xml']) t.ok(existsSync(join(out, name, file)), `${name}/${file} written`);
          t.same(validateReport(readReport(name)), { ok: true }, `${name}/report.json is valid`);
        }
        const realReport = readReport(`real-${daemon.release}`);
        const inProcess = readReport(`sim-${daemon.release}`);
        const asProcess = new Map(readReport(`simp-${daemon.release}`).results.map((r) => [`${r.rule}@${r.api}`, r]));
        const simReport = { ...inProcess, results: inProcess.results.map((r) => asProcess.get(`${r.rule}@${r.api}`) ?? r) };
        t.equal(realReport.target.release, daemon.release, 'the real daemon is recognised as its release');
        t.same(realReport.target.apiRange, simReport.target.apiRange, 'same API range');
        t.same(simReport.target.quirks ?? [], observedQuirksOf(daemon.release), 'the simulator carried the observed quirks of the release');

        const agreement = compareWithSimulator(realReport, simReport);
        t.same(agreement.differences, [], 'the simulator with the observed quirks agrees with the real daemon on every cell');
        t.same(agreement.deviationsNotFailing, [], 'each known deviation is still reported as a failure');
        t.equal(real.code, realReport.totals.fail > 0 || realReport.totals.error > 0 ? 1 : 0, 'exit code follows the failures');
        t.equal(realReport.totals.error, 0, 'no check errored');
        t.ok(realReport.results.length === simReport.results.length, 'same cells');
      });
    }
  }
}
