import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { RULES } from '../specs/index.js';
import { validateReport, type ConformanceReport } from '../reports/index.js';
import { runCli } from './helpers/cli.js';

const out = mkdtempSync('/tmp/ctc-cli-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

t.test('usage errors exit 2 with a clear message', async (t) => {
  const cases: [string[], RegExp][] = [
    [['run', '--target', 'nope'], /unknown target "nope"/],
    [['run', '--profile', 'podman'], /Allowed choices are ctr, docker/],
    [['run', '--seed', 'abc'], /--seed must be an integer/],
    [['run', '--target', 'endpoint:tcp://10.1.2.3:2375'], /refusing to send traffic to 10\.1\.2\.3/],
    [['run', '--target', 'endpoint:ftp://x'], /expected unix:\/\/\/path or tcp:\/\/host:port/],
    [['run', '--target', 'daemon:/nonexistent/dockerd'], /is not an executable file/],
    [['run', '--target', 'sim', '--emulate', '99.0'], /unknown release "99\.0"/],
    [['run', '--target', 'daemon:/bin/true', '--emulate', '28.5'], /--emulate applies to the simulator targets/],
    [['frobnicate'], /unknown command 'frobnicate'/],
    [['run', '--only', 'api.nonsense'], /--only api\.nonsense: no rule "api\.nonsense"/],
  ];
  for (const [args, message] of cases) {
    const run = await runCli(args);
    t.equal(run.code, 2, `${args.join(' ')} exits 2`);
    t.match(run.stderr, message, `${args.join(' ')} says why`);
  }
  const empty = await runCli(['run', '--target', 'endpoint'], { ...process.env, CTR_HOST: '', DOCKER_HOST: '' });
  t.equal(empty.code, 2, 'endpoint without an address is a usage error');
});

t.test('rules lists the catalogue with coverage', async (t) => {
  const run = await runCli(['rules', '--json']);
  t.equal(run.code, 0);
  const rows = JSON.parse(run.stdout) as { id: string; simulator: boolean; assertion: boolean; testable: boolean }[];
  t.same(rows.map((r) => r.id), RULES.map((r) => r.id));
  for (const row of rows) t.ok(row.assertion && (row.simulator || !row.testable), `${row.id} covered`);
  const text = await runCli(['rules']);
  t.match(text.stdout, /rules: \d+ with simulator behaviour and assertion/);
});

t.test('run --target sim writes valid reports, is reproducible by seed, and filters with --only', async (t) => {
  const a = join(out, 'a');
  const b = join(out, 'b');
  const [runA, runB] = await Promise.all([
    runCli(['run', '--target', 'sim', '--seed', '5', '--num-runs', '20', '--out', a]),
    runCli(['run', '--target', 'sim', '--seed', '5', '--num-runs', '20', '--out', b]),
  ]);
  t.equal(runA.code, 0, runA.stdout + runA.stderr);
  for (const file of ['report.json', 'report.html', 'junit.xml']) t.ok(existsSync(join(a, file)), `${file} written`);
  t.same(validateReport(report(a)), { ok: true });
  t.equal(report(a).seed, 5);
  const strip = (r: ConformanceReport) => r.results.map(({ rule, api, status, evidence }) => ({ rule, api, status, ce: evidence.counterexample }));
  t.same(strip(report(a)), strip(report(b)), 'same seed, same results');
  t.match(runA.stdout, /sim \(\d+\.\d+\.\d+\+ctrd-sim, release \d+\.\d+, API 1\.\d+–1\.\d+\), seed 5: \d+ pass, 0 fail/);

  const only = join(out, 'only');
  const filtered = await runCli(['run', '--target', 'sim', '--only', 'api.ping', '--only', 'api.version.prefix@1.44', '--out', only]);
  t.equal(filtered.code, 0);
  t.same([...new Set(report(only).results.map((r) => `${r.rule}@${r.api}`))].sort(), ['api.ping@null', 'api.version.prefix@1.44']);
});

t.test('run --target sim-process runs the same suites against the simulator binary', async (t) => {
  const dir = join(out, 'process');
  const run = await runCli(['run', '--target', 'sim-process', '--emulate', '26.1', '--num-runs', '10', '--out', dir]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.equal(report(dir).target.kind, 'process');
  t.equal(report(dir).target.release, '26.1');
  t.ok(report(dir).results.some((r) => r.rule === 'api.version.min-override-raise' && r.status === 'pass'), 'rules that start daemons ran');
});
