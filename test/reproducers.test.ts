import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport, HttpExchange } from '../reports/model/result.js';
import { RULES } from '../specs/index.js';
import { ExchangeLog } from '../suites/harness/exchange-log.js';
import { CaseJournal } from '../suites/harness/journal.js';
import { Violation } from '../suites/harness/verdict.js';
import { curlAfterRun } from '../suites/run/index.js';
import { runCli } from './helpers/cli.js';

/**
 * Reproducers reproduce (issue 38): a failing cell's curl line is the request that failed, not
 * the clean-up sent after it (`DELETE …?force=1`), and a real target's temporary socket (Podman's
 * service, as dockerd's) gets an "after the run" note.
 */
const x = (request: string, status = 200): HttpExchange => ({ request, endpoint: 'unix:///tmp/ctc-x/d.sock', status });

t.test('the journal: a failing case’s trailing clean-ups are no evidence', async (t) => {
  const journal = new CaseJournal();
  journal.beginCase();
  journal.record(x('POST /v1.42/containers/create', 201));
  journal.record(x('GET /v1.42/containers/c1/json'));
  journal.record(x('DELETE /v1.55/containers/c1?force=1', 204), true);
  journal.markFailed();
  t.same(
    journal.failedCase()?.map((e) => e.request),
    ['POST /v1.42/containers/create', 'GET /v1.42/containers/c1/json'],
  );
  t.same(
    journal.lastCase().map((e) => e.request),
    ['POST /v1.42/containers/create', 'GET /v1.42/containers/c1/json'],
  );
  // many clean-ups do not push the case's own requests out
  journal.beginCase();
  journal.record(x('GET /v1.42/containers/c2/json'));
  for (let i = 0; i < 12; i++) journal.record(x(`DELETE /models/m${i}`), true);
  t.same(
    journal.lastCase().map((e) => e.request),
    ['GET /v1.42/containers/c2/json'],
  );
  // a case of clean-ups only still shows what it sent
  journal.beginCase();
  journal.record(x('DELETE /models/a'), true);
  t.same(
    journal.lastCase().map((e) => e.request),
    ['DELETE /models/a'],
  );
});

t.test('a violation keeps the exchanges it was thrown with; a clean-up sent after it is not added', async (t) => {
  const client = {
    endpoint: { kind: 'unix', path: '/tmp/ctc-x/d.sock' },
    request: async () => ({ status: 204, headers: {}, body: '' }),
  };
  const log = new ExchangeLog(client as unknown as ConstructorParameters<typeof ExchangeLog>[0]);
  await log.send('GET', '/v1.42/containers/c1/json');
  let thrown: unknown;
  try {
    log.expect(false, 'inspect shows KernelMemory');
  } catch (error) {
    thrown = error;
  }
  await log.send('DELETE', '/v1.55/containers/c1?force=1', { cleanup: true });
  await log.send('GET', '/v1.55/version');
  t.ok(thrown instanceof Violation);
  t.same(
    (thrown as Violation).exchanges.map((e) => e.request),
    ['GET /v1.42/containers/c1/json'],
  );
});

t.test('a failing deprecations cell on the simulator: its curl line sends the failing request, not the clean-up', async (t) => {
  const out = mkdtempSync('/tmp/ctc-repro-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const rule = 'deprecated.kernel-memory';
  const run = await runCli(['run', '--target', 'sim', '--fault', rule, '--only', rule, '--num-runs', '3', '--seed', '7', '--out', out, '-q']);
  t.equal(run.code, 1, run.stderr);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
  const failing = report.results.filter((r) => r.status === 'fail');
  t.ok(failing.length > 0, `${failing.length} failing cells`);
  for (const cell of failing) {
    const last = cell.evidence.exchanges?.at(-1);
    t.notMatch(last?.request, /^DELETE /, `${cell.api}: the last exchange is the case's own`);
    t.notMatch(cell.evidence.curl, /force=1|-X DELETE/, `${cell.api}: the curl line is no clean-up`);
    t.match(cell.evidence.curl, `/v${cell.api}/containers/`, `${cell.api}: the curl line is at the cell's API version`);
    t.match(cell.evidence.rerun, `--only ${rule}@${cell.api}`);
  }
  t.notMatch(run.stdout, /curl: .*force=1/);
});

t.test('Podman’s private socket, gone after the run, gets an "after the run" note', async (t) => {
  const rule = RULES.find((r) => r.id === 'api.ping')!;
  const evidence = {
    summary: 's',
    exchanges: [x('GET /v1.41/_ping')],
    rerun: 'node dist/cli/ctr-conformance.js run --target podman@5.4 --only api.ping',
    curl: "curl -sS -i --unix-socket /tmp/ctc-x/d.sock 'http://localhost/v1.41/_ping'",
  };
  const target = { spec: 'podman@5.4', profile: 'docker' as const, release: '20.10' };
  const plain = curlAfterRun(target, { evidence, knownDeviation: true }, rule, { targetArgs: ['--target', 'podman@5.4'] });
  t.match(
    plain?.note,
    /^the socket \/tmp\/ctc-x\/d\.sock was temporary \(the private socket of the Podman API service the run started, removed after the run\)/,
  );
  t.match(plain?.note, /podman system service/);
  t.same(plain?.commands, [], 'no ctrd-sim --as-observed: known deviations are dockerd’s');
  const recorded = curlAfterRun(target, { evidence }, rule, { targetArgs: ['--target', 'podman@5.4'], recordedTo: '/tmp/run/t.json.gz' });
  t.match(recorded?.commands, [/--target replay:\/tmp\/run\/t\.json\.gz --only api\.ping/]);
});
