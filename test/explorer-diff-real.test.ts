import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { differenceText, probeText, replayLine, type DiffReport } from '../suites/explorer/index.js';
import { cliWithin } from './helpers/cli.js';
import { testOnInstalled } from './helpers/real-daemons.js';
import { DOCKERD_OBSERVED } from './helpers/reading-claims.js';

/**
 * The explorer between ctrd-sim emulating each observed dockerd release and that real release (29.7.2
 * is installed, not listed: real-daemons.ts `testOnInstalled`), on a fixed seed: nothing may differ
 * unexplained on the requests the simulator serves (those it answers 501 are listed apart). Half a
 * minute or so each: 300 requests and 30 stateful sequences.
 */
const SEED = '20261127';

for (const release of DOCKERD_OBSERVED) {
  testOnInstalled(release, `diff sim@${release} with the real dockerd ${release}: nothing unexplained on what the simulator serves`, async (t, daemon) => {
    const dir = mkdtempSync('/tmp/ctc-explorer-real-');
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    const args = ['diff', '--target', `sim@${release}`, '--target', `daemon:${daemon.path}`, '--seed', SEED, '--num-runs', '300', '--sequences', '30'];
    const run = await cliWithin(t, [...args, '--shrink-timeout', '60', '--out', dir, '-q'], 240_000);
    t.ok(run.code === 0 || run.code === 1, `diff ran (exit ${run.code}): ${run.stderr}`);
    const report = JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8')) as DiffReport;
    t.equal(report.cases, 300, '300 requests');
    t.equal(report.sequences, 30, '30 stateful sequences');
    t.equal(report.targets[1].version?.startsWith(`${release}.`), true, `the daemon is ${release} (${report.targets[1].version})`);
    t.equal(run.code, report.totals.unexplained > 0 ? 1 : 0, 'exit 1 exactly when something is unexplained');
    t.comment(
      `${report.unexplainedOnNotServed} unexplained kinds of requests ctrd-sim answers 501, on ${report.notServed.length} routes: ${report.notServed.join(', ')}`,
    );
    const served = report.differences.filter((d) => d.label.kind === 'unexplained' && d.notServed !== true);
    t.same(
      served.map((d) =>
        [
          d.signature,
          `  ${differenceText(d.difference)}`,
          d.sequence === undefined ? `  request: ${probeText(d.probe)}` : `  sequence: ${d.sequence.steps.join(' ; ')} (step ${d.sequence.step + 1})`,
          `  replay: ${replayLine(report, d)}`,
        ].join('\n'),
      ),
      [],
      'nothing unexplained on the requests ctrd-sim serves',
    );
  });
}
