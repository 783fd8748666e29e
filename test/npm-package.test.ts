import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';

/**
 * Installable as a tool (issue 38): `npm pack` gives a package of the built CLI and simulator (and
 * the two documents the rules cite), without the sources, the tests or the benchmarks; installed
 * with `npm install -g` into a prefix of its own, its two commands work from outside the source
 * tree. npm takes the dependencies from its cache where `npm ci` left them, and asks the registry
 * only for what is missing.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const run = promisify(execFile);
// Installing the dependencies may fetch some of them.
t.setTimeout(600_000);

const dir = mkdtempSync('/tmp/ctc-npm-package-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const bounded = { maxBuffer: 16 * 1024 * 1024, timeout: 480_000, killSignal: 'SIGKILL' as const };

t.test('npm pack, npm install -g, then both commands from outside the source tree', async (t) => {
  const packed = await run('npm', ['pack', '--json', '--pack-destination', dir, ROOT], { ...bounded, cwd: dir });
  const [manifest] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
  const files = manifest!.files.map((file) => file.path);
  for (const wanted of ['dist/cli/ctr-conformance.js', 'dist/cli/ctr-conformance.js.script', 'dist/simulator/bin/ctrd-sim.js', 'docs/spec/daemon.md'])
    t.ok(files.includes(wanted), `the package has ${wanted}`);
  t.same(
    files.filter((path) => /^dist\/(test|bench)\//.test(path) || (/\.ts$/.test(path) && !/\.d\.ts$/.test(path)) || path.startsWith('test/')),
    [],
    'and no sources, tests or benchmarks',
  );

  const prefix = join(dir, 'prefix');
  await run('npm', ['install', '-g', '--prefix', prefix, '--prefer-offline', '--no-audit', '--no-fund', join(dir, manifest!.filename)], {
    ...bounded,
    cwd: dir,
  });
  const bin = (name: string): string => join(prefix, 'bin', name);
  const away = { ...bounded, cwd: dir, timeout: 120_000 };

  const version = await run(bin('ctrd-sim'), ['--version'], away);
  t.match(version.stdout, /ctrd-sim/, 'ctrd-sim --version');

  const out = join(dir, 'out');
  // api.ping in process; api.version.min-override-raise starts the installed ctrd-sim as a process.
  const checked = await run(
    bin('ctr-conformance'),
    ['run', '--target', 'sim-process', '--only', 'api.ping', '--only', 'api.version.min-override-raise', '--num-runs', '2', '--out', out, '-q'],
    away,
  ).catch((error: { code?: number; stdout?: string; stderr?: string }) => error);
  t.equal('code' in checked ? (checked.code ?? 0) : 0, 0, `the run passes: ${checked.stdout ?? ''}${checked.stderr ?? ''}`);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
  t.same(
    [...new Set(report.results.filter((r) => r.status === 'pass').map((r) => r.rule))].sort(),
    ['api.ping', 'api.version.min-override-raise'],
    'both rules were judged and passed',
  );
  t.notOk(
    readFileSync(join(prefix, 'lib', 'node_modules', 'ctr-conformance', 'package.json'), 'utf8').includes(ROOT),
    'the installed copy names no path of the source tree',
  );
});
