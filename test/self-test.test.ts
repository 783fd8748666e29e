import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { allFaults } from '../simulator/index.js';
import { RULES } from '../specs/index.js';
import { runCli } from './helpers/cli.js';
import { startSimProcess } from './helpers/sim-process.js';

/**
 * The self-test, part one: the fault registry and the rerun line of a faulty ctrd-sim (the faults
 * are checked by test/fault-self-test-<k>-of-<n>.test.ts, test/helpers/self-test-faults.ts).
 */

const testable = RULES.filter((rule) => rule.testability.testable);

t.test('the fault registry names every testable rule and nothing else', async (t) => {
  t.same(Object.keys(allFaults()).sort(), testable.map((rule) => rule.id).sort());
  for (const [id, fault] of Object.entries(allFaults())) {
    t.ok(fault.breaks.length > 20, `${id} says what it breaks`);
    for (const other of fault.alsoBreaks?.rules ?? [])
      t.ok(RULES.some((rule) => rule.id === other) && other !== id, `${id} also breaks ${other}, another rule`);
  }
});

t.test('the printed rerun line reproduces a failure of a faulty ctrd-sim', async (t) => {
  const socketDir = mkdtempSync('/tmp/ctc-self-');
  const sim = startSimProcess([
    '--brand',
    'docker',
    '--emulate',
    '28.5',
    '-H',
    `unix://${join(socketDir, 's.sock')}`,
    '--fault',
    'api.version.too-old.wording',
  ]);
  t.teardown(async () => {
    await sim.kill();
    rmSync(socketDir, { recursive: true, force: true });
  });
  const [, socket] = await sim.waitFor(/API listen on unix:\/\/([^"\s]+)/);
  const out = mkdtempSync('/tmp/ctc-self-out-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const target = ['--target', `endpoint:unix://${socket!}`, '--profile', 'docker'];
  const first = await runCli(['run', ...target, '--seed', '7', '--num-runs', '10', '--only', 'api.version.too-old.wording', '--out', join(out, 'a')]);
  t.equal(first.code, 1, 'the faulty rule fails the run');
  const report = JSON.parse(readFileSync(join(out, 'a', 'report.json'), 'utf8')) as ConformanceReport;
  const failed = report.results.find((result) => result.status === 'fail');
  t.ok(failed !== undefined, 'a cell fails');

  const rerun = /^ {2}rerun: node dist\/cli\/ctr-conformance\.js run (.*)$/m.exec(first.stdout);
  t.ok(rerun !== null, `a rerun line is printed: ${first.stdout.slice(0, 400)}`);
  // The line is shell words; this one has no quoting beyond the --path value.
  const words = [...rerun![1]!.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
  const again = await runCli(['run', ...words, '--out', join(out, 'b'), '-q']);
  const replayed = JSON.parse(readFileSync(join(out, 'b', 'report.json'), 'utf8')) as ConformanceReport;
  t.equal(again.code, 1, 'the rerun fails too');
  t.equal(replayed.results.length, 1, 'only the failing cell runs');
  t.equal(replayed.results[0]?.status, 'fail', 'and it fails again');
  t.same(replayed.results[0]?.evidence.counterexample?.input, failed?.evidence.counterexample?.input, 'with the same counterexample');
});
