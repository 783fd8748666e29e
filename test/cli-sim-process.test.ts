import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { runCli } from './helpers/cli.js';

// A whole run of the catalogue with ctrd-sim as a process (a start per case for the rules that
// start daemons), beside the other test files.
t.setTimeout(900_000);

const out = mkdtempSync('/tmp/ctc-cli-process-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

t.test('run --target sim-process runs the same suites against the simulator binary', async (t) => {
  const dir = join(out, 'process');
  // config.file.types starts ctrd-sim once per key of the file (a refusal names only the first
  // wrong value): as a process, beside the other test files, that cell may pass the default 120 s.
  const run = await runCli([
    'run',
    '--target',
    'sim-process',
    '--emulate',
    '26.1',
    '--num-runs',
    '3',
    '--num-starts',
    '1',
    '--cell-timeout',
    '600',
    '--out',
    dir,
  ]);
  t.equal(run.code, 0, run.stdout + run.stderr);
  t.equal(report(dir).target.kind, 'process');
  t.equal(report(dir).target.release, '26.1');
  t.ok(
    report(dir).results.some((r) => r.rule === 'api.version.min-override-raise' && r.status === 'pass'),
    'rules that start daemons ran',
  );
});
