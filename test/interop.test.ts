import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { runCli } from './helpers/cli.js';

/**
 * `npm run interop` (scripts/interop.mjs, issue 40), the subset npm test runs: the simulator's
 * columns only, on one area, shallow. The whole (every dockerd and Podman on the machine live) is
 * the script's own run: docs/interop/README.md says when and how long it took.
 */
const SCRIPT = fileURLToPath(new URL('../../scripts/interop.mjs', import.meta.url));
const RELEASES = ['20.10', '26.1', '28.5', '29.7'];

t.test('the simulator at every observed release, one area: a report and a recording each, then the comparison', async (t) => {
  const out = mkdtempSync('/tmp/ctc-interop-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const run = spawnSync(process.execPath, [SCRIPT, '--only-sim', '--only', 'api-versioning', '--num-runs', '2', '--out', out], {
    encoding: 'utf8',
    timeout: 300_000,
  });
  t.equal(run.status, 0, run.stderr + run.stdout);
  for (const release of RELEASES) {
    const name = `ctrd-sim-${release}`;
    const report = JSON.parse(readFileSync(join(out, name, 'report.json'), 'utf8')) as ConformanceReport;
    t.equal(report.target.release, release, `${name} emulated ${release}`);
    t.ok(
      report.results.every((r) => r.rule.startsWith('api.') || r.rule.startsWith('limits.')),
      `${name}: the api-versioning area only`,
    );
    t.ok(existsSync(join(out, 'recordings', `${name}.json.gz`)), `${name}: recorded for replay`);
  }
  const markdown = readFileSync(join(out, 'compare', 'compare.md'), 'utf8');
  t.match(markdown, /ctrd-sim 20\.10.*ctrd-sim 26\.1.*ctrd-sim 28\.5.*ctrd-sim 29\.7/, 'the comparison has a column per release, in order');
  t.match(markdown, /\| `api-versioning` \|/, 'scored per area');
  const page = readFileSync(join(out, 'compare', 'compare.html'), 'utf8');
  t.match(page, /href="\.\.\/ctrd-sim-28\.5\/report\.html/, "the page links each implementation's report");

  // A recording replays to the verdicts of the run that made it.
  const replay = await runCli([
    'run',
    ...['--target', `replay:${join(out, 'recordings', 'ctrd-sim-28.5.json.gz')}`, '--profile', 'docker'],
    ...['--seed', '20261205', '--num-runs', '2', '--only', 'api-versioning', '-q', '--out', join(out, 'replayed')],
  ]);
  t.equal(replay.code, 0, replay.stderr);
  const cells = (dir: string): Map<string, string> =>
    new Map((JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport).results.map((r) => [`${r.rule}@${r.api}`, r.status]));
  const live = cells(join(out, 'ctrd-sim-28.5'));
  const replayed = [...cells(join(out, 'replayed'))].filter(([, status]) => status !== 'skipped');
  t.ok(replayed.length > 0, 'the recording answers cells');
  t.same(
    replayed.filter(([cell, status]) => live.get(cell) !== status),
    [],
    'the replay judges every cell a recording can answer as the live run did',
  );
});

t.test('bad input: a clear usage error, exit 2, nothing run', async (t) => {
  for (const args of [['--num-runs', '0'], ['--bogus'], ['--out']]) {
    const run = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8', timeout: 30_000 });
    t.equal(run.status, 2, `${args.join(' ')}: exit 2`);
    t.match(run.stderr, /^interop: .+\nusage: node scripts\/interop\.mjs/, `${args.join(' ')}: says why and how`);
  }
});
