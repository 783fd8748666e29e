import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { cliWithin } from './helpers/cli.js';

/**
 * What a run writes and what it selects (issue 22): every output is proven writable before the run
 * and none is lost to another's failure after it; a selection that matches or judges nothing never
 * exits 0.
 */

const out = mkdtempSync('/tmp/ctc-cliout-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

t.test('every output is proven writable before the run, a byte written where it goes', async (t) => {
  const cases: [string[], RegExp][] = [
    [['--out', '/proc/ctc-x'], /^ctr-conformance: --out \/proc\/ctc-x: cannot write a report there \(ENOENT/],
    [['--write-baseline', '/proc/ctc-x'], /^ctr-conformance: --write-baseline \/proc\/ctc-x: cannot write there \(ENOENT/],
    [['--record', '/dev/full'], /^ctr-conformance: --record \/dev\/full: cannot write it \(ENOSPC/],
  ];
  for (const [args, message] of cases) {
    const run = await cliWithin(t, ['run', '--target', 'sim', '--only', 'api.ping', '--out', join(out, 'unused'), ...args, '-q'], 20_000);
    t.equal(run.code, 2, `${args.join(' ')} exits 2 (in ${run.ms} ms)`);
    t.match(run.stderr, message);
    t.equal(run.stdout, '', 'no run happened');
  }
});

t.test('an output that fails after the run loses none of the others', async (t) => {
  // A FIFO whose reader takes the probe byte and goes: the transcript cannot be written after the run.
  const fifo = join(out, 'record.fifo');
  t.equal(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo');
  const reader = spawn('head', ['-c', '1', fifo], { stdio: ['ignore', 'pipe', 'ignore'] });
  t.teardown(() => void reader.kill('SIGKILL'));
  await new Promise((resolve) => setTimeout(resolve, 200)); // the reader opens the FIFO
  const dir = join(out, 'kept');
  const baseline = join(out, 'kept-baseline.json');
  const run = await cliWithin(t, ['run', '--target', 'sim', '--only', 'api.ping', '--record', fifo, '--write-baseline', baseline, '--out', dir, '-q']);
  t.equal(run.code, 1, `exit 1: an output was not written (${run.stderr})`);
  t.match(run.stderr, /^ctr-conformance: could not write --record \S+record\.fifo: ENXIO/m, 'says which output failed and why');
  t.notMatch(run.stderr, /internal error/);
  t.same(
    report(dir).results.map((r) => `${r.rule}: ${r.status}`),
    ['api.ping: pass'],
    'the report is written',
  );
  t.ok(existsSync(baseline), 'the baseline is written');
  t.match(run.stdout, /baseline: /);
});

t.test('a selection that matches no cell, or judges nothing, is a usage error', async (t) => {
  const cases: [string[], RegExp][] = [
    [['--only', 'api.ping@abc'], /--only api\.ping@abc: expected RULE or RULE@API/],
    [['--only', 'api.ping@1.44'], /api\.ping is not tied to an API version/],
    [['--only', 'api.version.prefix@none'], /api\.version\.prefix is checked at each API version/],
    [['--only', 'api.version.prefix@1.99'], /--only api\.version\.prefix@1\.99: this target has no such cell/],
    [['--only', 'api.version.prefix@1.12'], /judged nothing on this target: not applicable \(API 1\.12 is outside/],
  ];
  const runs = await Promise.all(cases.map(([args], i) => cliWithin(t, ['run', '--target', 'sim', ...args, '--out', join(out, `only-${i}`), '-q'])));
  cases.forEach(([args, message], i) => {
    t.equal(runs[i]!.code, 2, `${args.join(' ')} exits 2`);
    t.match(runs[i]!.stderr, message);
  });
});
