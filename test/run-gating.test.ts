import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import t from 'tap';
import { findRelease, RULES, type Capability, type Surface } from '../specs/index.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { CAPABILITY_NEEDS, RELEASE_UNKNOWN, ruleGate } from '../suites/harness/cells.js';
import { runCli } from './helpers/cli.js';

/**
 * A made-up daemon must not pass by its own claims: it says it is release 0.9.0 and serves some
 * API range, and every rule whose expectation depends on the release is skipped, not judged
 * against what the daemon itself said.
 */
const dir = mkdtempSync('/tmp/ctc-gate-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const report = (out: string): ConformanceReport => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;

function listen(socket: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(socket, () => resolve(server)));
}
const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Answers /_ping and /version (Version 0.9.0, API 1.30–1.41) like a daemon; anything else 404 as plain text. */
function madeUpDaemon(req: IncomingMessage, res: ServerResponse): void {
  const headers = { 'Api-Version': '1.41', Ostype: 'linux', Server: 'Made-up/0.9.0' };
  if (req.url === '/_ping') {
    res.writeHead(200, { ...headers, 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache, no-store, must-revalidate', Pragma: 'no-cache' });
    res.end(req.method === 'HEAD' ? undefined : 'OK');
  } else if (req.url === '/version') {
    res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ Version: '0.9.0', ApiVersion: '1.41', MinAPIVersion: '1.30', Os: 'linux' }));
  } else {
    res.writeHead(404, { ...headers, 'Content-Type': 'text/plain' });
    res.end('nope\n');
  }
}

t.test('a daemon claiming release 0.9.0: release-dependent rules are skipped, never judged by its claims', async (t) => {
  const socket = join(dir, 'made-up.sock');
  const server = await listen(socket, madeUpDaemon);
  t.teardown(() => close(server));
  const out = join(dir, 'made-up');
  const run = await runCli(['run', '--target', `endpoint:unix://${socket}`, '--seed', '3', '--num-runs', '5', '--out', out, '-q']);
  t.not(run.code, 0, 'the run does not pass');
  t.equal(run.code, 1, 'rules the made-up daemon breaks fail');
  const r = report(out);
  t.equal(r.target.release, null, 'the release is unknown');
  t.equal(r.target.apiRange, null, 'no range from the table');
  t.same(r.target.observedApiRange, { min: '1.30', max: '1.41', source: 'version' }, 'the range it reported is shown as observed');
  const dependent = new Set(RULES.filter((rule) => rule.releaseDependent).map((rule) => rule.id));
  const judged = r.results.filter((x) => dependent.has(x.rule) && (x.status === 'pass' || x.status === 'fail' || x.status === 'error'));
  t.same(
    judged.map((x) => `${x.rule}@${x.api}: ${x.status}`),
    [],
    'no release-dependent cell is judged',
  );
  const onApi = RULES.filter((rule) => rule.releaseDependent && rule.applies.surface === 'daemon-api' && rule.applies.platforms.includes('linux'));
  for (const rule of onApi) {
    const cells = r.results.filter((x) => x.rule === rule.id);
    t.ok(cells.length > 0 && cells.every((x) => x.status === 'skipped' && x.evidence.reason === RELEASE_UNKNOWN), `${rule.id}: skipped, "${RELEASE_UNKNOWN}"`);
  }
  t.ok(
    r.results.some((x) => !dependent.has(x.rule) && x.status === 'pass'),
    'rules that do not depend on the release are still judged',
  );
  t.match(run.stdout, /release unknown, API unknown, observed 1\.30–1\.41 from \/version/);

  const named = join(dir, 'made-up-28.5');
  const judgedAs = await runCli(['run', '--target', `endpoint:unix://${socket}`, '--release', '28.5', '--seed', '3', '--num-runs', '5', '--out', named, '-q']);
  t.equal(judgedAs.code, 1);
  const negotiation = report(named).results.find((x) => x.rule === 'api.version.negotiation');
  t.equal(negotiation?.status, 'fail', 'with --release 28.5 the same daemon is judged against the table, and fails');
  t.equal(report(named).target.release, '28.5');
});

t.test('an OpenAI-compatible server has no daemon API: every daemon rule is skipped with the reason', async (t) => {
  const server = createServer((req, res) => {
    res.writeHead(req.url === '/engines/v1/models' ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(req.url === '/engines/v1/models' ? '{"object":"list","data":[]}' : '{"error":{"message":"not found"}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => close(server));
  const port = (server.address() as { port: number }).port;
  const out = join(dir, 'openai');
  const run = await runCli(['run', '--target', `openai:http://127.0.0.1:${port}/engines/v1`, '--out', out, '-q']);
  t.equal(run.code, 0, `nothing fails: ${run.stderr}`);
  const r = report(out);
  t.equal(r.target.kind, 'openai');
  t.equal(r.target.observedApiRange, null, 'it reports no API range');
  t.same(r.target.engine, { name: null, version: null, evidence: ['no sign of a known engine'] }, 'no engine is assumed: none showed itself');
  const daemonRules = new Set(RULES.filter((rule) => !rule.applies.surface.startsWith('model-runner')).map((rule) => rule.id));
  const cells = r.results.filter((x) => daemonRules.has(x.rule));
  t.ok(cells.length > 0);
  t.ok(
    cells.every((x) => x.status === 'skipped' && /^openai:\S+ has no daemon (API|process the suites start): /.test(x.evidence.reason ?? '')),
    'skipped, naming what it lacks',
  );
  const serviceRules = new Set(RULES.filter((rule) => rule.applies.surface === 'model-runner-service').map((rule) => rule.id));
  const service = r.results.filter((x) => serviceRules.has(x.rule));
  t.ok(
    service.length > 0 && service.every((x) => x.status === 'skipped' && /^openai:\S+ has no model runner service: /.test(x.evidence.reason ?? '')),
    'the service rules too: it has no management or /engines routing',
  );
  const inference = r.results.filter((x) => RULES.find((rule) => rule.id === x.rule)?.applies.surface === 'model-runner-api');
  t.ok(
    inference.some((x) => x.rule === 'mr.openai.models.list' && x.status === 'pass'),
    'its model list is judged',
  );
  t.ok(
    inference.filter((x) => x.rule === 'mr.chat.shape').every((x) => x.status === 'skipped' && /lists no model/.test(x.evidence.reason ?? '')),
    'without a model, inference is skipped, saying so',
  );
});

t.test('the gate, rule by rule: platform and a known release first, then surface, unknown release, capabilities', async (t) => {
  const rule = (id: string) => RULES.find((r) => r.id === id)!;
  const check = { rule: 'api.ping' as const, run: () => Promise.reject(new Error('not run')) };
  const target = (surfaces: Surface[], capabilities: Capability[]) => ({ spec: 'T', surfaces: new Set(surfaces), capabilities: new Set(capabilities) });
  const daemon = target(['daemon-api', 'daemon-process'], ['start', 'wire']);
  const r28 = findRelease('28.5.2')!;
  const r20 = findRelease('20.10.24')!;
  const gate = (id: string, on: Parameters<typeof ruleGate>[2]) => ruleGate(rule(id), check, on);
  t.same(
    ruleGate(rule('api.ping'), undefined, { target: daemon, facts: { os: 'linux' }, release: r28 })?.status,
    'error',
    'a rule without an assertion is an error',
  );
  t.equal(gate('api.ping', { target: daemon, facts: { os: 'linux' }, release: r28 }), null, 'a rule that applies and can be checked runs');
  t.same(gate('api.version.windows-minimum', { target: daemon, facts: { os: 'linux' }, release: null }), {
    status: 'not-applicable',
    summary: 'not applicable',
    reason: 'applies to windows; the target runs linux',
  });
  t.equal(
    gate('api.version.legacy-removed', { target: target(['daemon-api'], []), facts: { os: 'linux' }, release: r20 })?.status,
    'not-applicable',
    'a known release outside the rule: not applicable, whatever the target can do',
  );
  t.same(
    gate('api.version.legacy-removed', { target: target(['daemon-api'], ['wire']), facts: { os: 'linux' }, release: r28 })?.reason,
    'T has no daemon process the suites start: the rule speaks of the daemon as a process (flags, environment, files, signals)',
  );
  t.same(gate('api.version.prefix', { target: daemon, facts: { os: 'linux' }, release: null }), {
    status: 'skipped',
    summary: 'skipped',
    reason: RELEASE_UNKNOWN,
  });
  t.equal(
    gate('api.ping', { target: daemon, facts: { os: 'linux' }, release: null }),
    null,
    'a rule that does not depend on the release runs on an unknown one',
  );
  t.same(
    gate('api.robustness', { target: target(['daemon-api'], []), facts: { os: 'linux' }, release: r28 })?.reason,
    'T lacks wire: the rule sends raw bytes or unclean paths, which a recording cannot carry',
  );
  t.same(
    gate('api.version.min-override-raise', { target: target(['daemon-api', 'daemon-process'], []), facts: { os: 'linux' }, release: r28 })?.reason,
    `T lacks start: ${CAPABILITY_NEEDS.start}`,
  );
  t.equal(
    gate('api.version.windows-minimum', { target: target(['model-runner-api'], []), facts: { os: null }, release: null })?.reason,
    "T has no daemon API: the rule speaks of the daemon's HTTP API",
    'no daemon API, no platform to judge by',
  );
});
