import type { Test } from 'tap';
import { compareVersions } from '../../common/dotted-version.js';
import { RELEASES } from '../../specs/versions.js';
import { runToReport } from '../../suites/run/index.js';
import { profileFor } from '../../suites/profiles.js';
import { InProcessSimTarget } from '../../suites/targets/in-process-sim.js';
import { shardOf } from './shard.js';

/**
 * The simulator is the reference: emulating any release of the table, under either brand, it must
 * pass every rule that applies to that release, and the rules must see the release's range.
 */

/** The releases of shard `shard` of `of` (test/every-release-<k>-of-<n>.test.ts). */
export function checkEveryRelease(t: Test, { shard, of }: { shard: number; of: number }): void {
  // The whole catalogue once per release of the shard (9 of the table's 27 releases, runs of 10–40 s each on two cores,
  // while tap runs other files beside this one).
  t.setTimeout(900_000);
  for (const release of shardOf(RELEASES, shard, of)) {
    t.test(`ctrd-sim emulating ${release.release}`, async (t) => {
      const brand = Number(release.release.split('.')[0]) % 2 === 0 ? 'docker' : 'ctr';
      const profile = profileFor(brand)!;
      const { run } = await runToReport({
        target: new InProcessSimTarget('sim', ['--emulate', release.release, '--brand', brand, '--plugin-retry-ms', '10']),
        profile,
        seed: 4711,
        // A sweep over every release: breadth, not depth. Three cases per property and one start per
        // start-up property take about half the CPU of five and two (a CLI run of 26.1: 25 s of CPU, not 47);
        // the depth is the agreement test's (the recordings' 15 cases) and the self-test's (10).
        numRuns: 3,
        numStarts: 1,
        concurrency: 8,
      });
      t.equal(run.target.release, release.release);
      t.same(run.target.apiRange, { min: release.defaultMinApi, max: release.maxApi });
      // Where the release's own minimum departs from the Limits table's 1.24 from 25.0 (29.x raised it),
      // limits.min-api-version passes by its reading (the announced rise) and fails by its other one
      // (the value fixed for ever).
      const departs = compareVersions(release.release, '25.0') >= 0 && release.defaultMinApi !== '1.24';
      const limits = run.results.find((r) => r.rule === 'limits.min-api-version' && r.api === '1.24');
      if (departs) t.equal(limits?.otherReading?.status, 'fail', `limits.min-api-version@1.24 fails by its other reading on ${release.release}`);
      const broken = run.results.filter((r) => r.status === 'fail' || r.status === 'error');
      t.same(
        broken.map((r) => `${r.rule}@${r.api}: ${r.evidence.summary}`),
        [],
        'no rule fails: the simulator passes its own catalogue',
      );
      const ran = new Set(run.results.filter((r) => r.status === 'pass').map((r) => r.rule));
      for (const rule of ['api.version.prefix', 'api.version.negotiation', 'api.version.too-new', 'api.version.compare-numeric', 'api.robustness']) {
        t.ok(ran.has(rule), `${rule} was checked and passed`);
      }
      const releaseBound: [string, boolean][] = [
        ['api.version.minimum-1.12', compareVersions(release.release, '24.0') <= 0],
        ['api.version.legacy-opt-in', release.release === '25.0'],
        ['api.version.legacy-removed', Number(release.release.split('.')[0]) >= 26],
      ];
      for (const [rule, applies] of releaseBound) {
        t.equal(ran.has(rule), applies, `${rule} ${applies ? 'passes' : 'does not apply'} on ${release.release}`);
      }
    });
  }
}
