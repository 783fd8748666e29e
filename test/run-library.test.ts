import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import t from 'tap';
import { validateReport } from '../reports/schema.js';
import type { Capability, Surface } from '../specs/index.js';
import { observedQuirksOf } from '../specs/quirks/index.js';
import { runToReport, RunError, withStartArgs } from '../suites/run/index.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { makeInstance } from '../suites/targets/instance.js';
import { TargetError, type StartOutcome, type Target } from '../suites/targets/target.js';

/** The run as a library: it always stops what it started, and always ends in results or a typed error. */
const dir = mkdtempSync('/tmp/ctc-lib-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));

/** A daemon 28.5 that answers /_ping and /version and leaves every other request hanging. */
async function hangingDaemon(name: string): Promise<{ socket: string; server: Server }> {
  const socket = join(dir, `${name}.sock`);
  const server = createServer((req, res) => {
    if (req.url !== '/_ping' && req.url !== '/version') return;
    res.writeHead(200, { 'Api-Version': '1.51', 'Content-Type': 'application/json', 'Docker-Experimental': 'false' });
    res.end(req.url === '/version' ? JSON.stringify({ Version: '28.5.2', ApiVersion: '1.51', MinAPIVersion: '1.24', Os: 'linux' }) : 'OK');
  });
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { socket, server };
}

/** A target that counts its starts and stops; `startAfterMs` delays the start. */
function countingTarget(socket: string, startAfterMs = 0): Target & { starts: number; stops: number } {
  const target = {
    spec: 'counting',
    kind: 'endpoint' as const,
    capabilities: new Set<Capability>(['wire']),
    surfaces: new Set<Surface>(['daemon-api']),
    starts: 0,
    stops: 0,
    async start(): Promise<StartOutcome> {
      target.starts += 1;
      await new Promise((resolve) => setTimeout(resolve, startAfterMs));
      const endpoint = { kind: 'unix' as const, path: socket };
      return {
        ok: true,
        instance: makeInstance('counting', {
          endpoints: { daemon: endpoint, listeners: [endpoint] },
          stop: async () => {
            target.stops += 1;
          },
        }),
      };
    },
  };
  return target;
}

t.test('the run deadline: every cell has a result, the cut ones are errors, the target is stopped, the report is valid', async (t) => {
  const { socket } = await hangingDaemon('run');
  const target = countingTarget(socket);
  const began = Date.now();
  const { run, report } = await runToReport({ target, seed: 1, numRuns: 5, numStarts: 1, deadlines: { runMs: 1000 } });
  t.ok(Date.now() - began < 8000, 'ends soon after the deadline');
  t.equal(run.runDeadlinePassed, true);
  t.same([target.starts, target.stops], [1, 1], 'started once, stopped once');
  t.ok(
    run.results.every((r) => r !== undefined),
    'a result for every planned cell',
  );
  const cut = run.results.filter((r) => r.status === 'error' && r.evidence.summary.startsWith('run deadline of 1 s passed'));
  t.ok(cut.length > 100, `${cut.length} cells cut`);
  t.ok(
    cut.every((r) => r.evidence.rerun?.includes(`--only ${r.rule}@${r.api ?? 'none'}`)),
    'each with its rerun line',
  );
  t.same(validateReport(report), { ok: true });
  t.same(run.deadlines, { requestMs: 10_000, cellMs: 120_000, runMs: 1000 }, 'the defaults fill in what was not given');
});

t.test('a target that starts after the run deadline is a TargetError, and is stopped once it has started', async (t) => {
  const { socket } = await hangingDaemon('late');
  const target = countingTarget(socket, 800);
  const error = await runToReport({ target, seed: 1, numRuns: 1, numStarts: 1, deadlines: { runMs: 200 } }).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.ok(error instanceof TargetError && error.code === 'TARGET_START', 'TARGET_START');
  t.match((error as Error).message, /did not start before the run deadline of 0\.2 s passed/);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  t.same([target.starts, target.stops], [1, 1], 'the late instance was stopped');
});

t.test('options are refused before anything starts', async (t) => {
  const target = countingTarget(join(dir, 'none.sock'));
  await t.rejects(runToReport({ target, seed: 1, numRuns: 1, numStarts: 1, only: ['api.nope'] }), RunError);
  await t.rejects(runToReport({ target, seed: 1, numRuns: 1, numStarts: 1, release: '0.9' }), RunError);
  t.equal(target.starts, 0);
});

t.test('the library builds the report the CLI writes: the quirks from the target, its known deviations, the options of the run', async (t) => {
  const rule = 'api.version.too-old.wording';
  const target = withStartArgs(resolveTarget('sim@26.1', {}), ['--as-observed']);
  const { report } = await runToReport({ target, seed: 1, numRuns: 5, numStarts: 1, only: [rule] });
  t.same(report.target.quirks, observedQuirksOf('26.1'), 'the quirks ctrd-sim carries with --as-observed');
  const failing = report.results.filter((r) => r.status === 'fail');
  t.ok(failing.length > 0 && failing.every((r) => r.knownDeviation === true), 'its failing cells are the known deviation');
  t.same(report.options, { targetArgs: ['--target', 'sim@26.1'], profile: null, release: null, numStarts: 1, only: [rule], path: null, shrink: true });
  t.same(validateReport(report), { ok: true });
});
