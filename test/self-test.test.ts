import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/index.js';
import { InProcessSimTarget } from '../suites/targets/in-process-sim.js';
import { runCli } from './helpers/cli.js';
import { startFaultyProxy, type Fault } from './helpers/faulty-proxy.js';

/**
 * The suites are themselves tested: a simulator behind a proxy that breaks exactly one behaviour
 * must make exactly the rules that speak of that behaviour fail, and the run exit 1.
 */
const FAULTS: Record<string, { fault: Fault; failing: string[] }> = {
  'no fault': { fault: (_m, _p, reply) => reply, failing: [] },
  'the real daemons’ wording of the too-old error': {
    fault: (_m, _p, reply) => ({ ...reply, body: reply.body.replace(', upgrade your client', ', please upgrade your client') }),
    failing: ['api.version.too-old.wording'],
  },
  'no Api-Version header': {
    fault: (_m, _p, reply) => {
      const { ['api-version']: _dropped, ...headers } = reply.headers;
      return { ...reply, headers };
    },
    failing: ['api.headers.api-version', 'api.options.any-path', 'api.version.negotiation'],
  },
  'versions above the maximum served': {
    fault: (_m, _p, reply) => (reply.status === 400 && reply.body.includes('too new') ? { ...reply, status: 200, body: '{}' } : reply),
    failing: ['api.version.too-new', 'api.version.compare-numeric', 'api.error.json-body'],
  },
  '405 for a wrong method': {
    fault: (method, _p, reply) => (reply.status === 404 && method !== 'GET' && method !== 'HEAD' ? { ...reply, status: 405 } : reply),
    failing: ['api.not-found'],
  },
  'legacy errors as JSON': {
    fault: (_m, _p, reply) =>
      (reply.headers['content-type'] ?? '').startsWith('text/plain') && reply.status === 400
        ? { ...reply, headers: { ...reply.headers, 'content-type': 'application/json' }, body: JSON.stringify({ message: reply.body.trim() }) }
        : reply,
    failing: ['api.error.legacy-plain-text'],
  },
};

t.test('a deliberately broken simulator fails exactly the rules it breaks', async (t) => {
  const sim = new InProcessSimTarget('sim', ['--emulate', '28.5', '--brand', 'docker']);
  const started = await sim.start();
  if (!started.ok) throw new Error(started.output);
  const upstream = started.instance.endpoint;
  if (upstream.kind !== 'unix') throw new Error('expected a unix socket');
  const dir = mkdtempSync('/tmp/ctc-self-');
  t.teardown(async () => {
    await started.instance.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, { fault, failing }] of Object.entries(FAULTS)) {
    await t.test(name, async (t) => {
      const socket = join(dir, 'p.sock');
      const proxy = await startFaultyProxy(socket, upstream.path, fault);
      try {
        const out = join(dir, name.replace(/\W+/g, '-'));
        const run = await runCli(['run', '--target', `endpoint:unix://${socket}`, '--profile', 'docker', '--seed', '7', '--num-runs', '25', '--out', out, '-q']);
        const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
        const failed = [...new Set(report.results.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => r.rule))].sort();
        t.same(failed, [...failing].sort(), `failing rules: ${failed.join(', ') || 'none'}`);
        t.equal(run.code, failing.length === 0 ? 0 : 1, 'exit code');
        for (const result of report.results.filter((r) => r.status === 'fail')) {
          t.ok(result.evidence.counterexample !== undefined || result.evidence.exchanges !== undefined, `${result.rule} @ ${result.api} carries evidence`);
        }
        // The replay line printed with the first failure reproduces exactly that counterexample.
        const replayLine = /replay: (--seed \S+ --only \S+ --path "([^"]*)")/.exec(run.stdout);
        if (failing.length > 0) {
          t.ok(replayLine !== null, 'a replay line is printed');
          const [, , path] = replayLine!;
          const args = replayLine![1]!.split(' ').map((a) => a.replace(/^"|"$/g, ''));
          const again = await runCli(['run', '--target', `endpoint:unix://${socket}`, '--profile', 'docker', '--out', `${out}-replay`, '-q', ...args]);
          const replayed = JSON.parse(readFileSync(join(`${out}-replay`, 'report.json'), 'utf8')) as ConformanceReport;
          const first = report.results.find((r) => r.status === 'fail')!;
          t.equal(replayed.results.length, 1, 'only the replayed cell runs');
          t.equal(replayed.results[0]?.status, 'fail', 'and it fails again');
          t.same(replayed.results[0]?.evidence.counterexample?.input, first.evidence.counterexample?.input, 'with the same counterexample');
          t.equal(replayed.results[0]?.evidence.counterexample?.path, path, 'at the same path');
          t.equal(again.code, 1);
        }
      } finally {
        await proxy.close();
      }
    });
  }
});
