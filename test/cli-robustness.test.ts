import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer } from 'node:net';
import { join } from 'node:path';
import t, { type Test } from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { knowsIp6tables } from '../suites/targets/process/safety.js';
import { cliWithin, startCli } from './helpers/cli.js';

/**
 * The CLI as a careless user or a broken target drives it (issue 22): it never hangs on a broken or
 * silent target, never opens a debugger, leaves no probe running, and says what it tried.
 */

const out = mkdtempSync('/tmp/ctc-clirob-');
t.teardown(() => rmSync(out, { recursive: true, force: true }));
const report = (dir: string): ConformanceReport => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

/** A server on a fresh socket in `out`, closed at teardown. */
async function listen<S extends HttpServer | NetServer>(t: Test, server: S, name: string): Promise<string> {
  const socket = join(out, `${name}.sock`);
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return socket;
}

/** Headers of a daemon that answers as dockerd 28.5 does (see test/cli.test.ts's lax server). */
const DAEMON_HEADERS =
  'Api-Version: 1.51\r\nOstype: linux\r\nServer: Docker/28.5.2 (linux)\r\nDocker-Experimental: false\r\nCache-Control: no-cache, no-store, must-revalidate\r\nPragma: no-cache\r\n';
const VERSION = JSON.stringify({ Version: '28.5.2', ApiVersion: '1.51', MinAPIVersion: '1.24', Os: 'linux' });

/** A server that stays silent to every request after the first (its /version). */
function hangingAfterVersion(): HttpServer {
  let answered = 0;
  return createHttpServer((_req, res) => {
    if (answered++ > 0) return;
    res.writeHead(200, { 'Content-Type': 'application/json', 'Api-Version': '1.51', 'Docker-Experimental': 'false' });
    res.end(VERSION);
  });
}

t.test('SIGUSR1 opens no debugger: it is ignored and the run goes on', async (t) => {
  const server = createHttpServer(() => {}); // never answers: the run waits on GET /version
  let connected!: () => void;
  const seen = new Promise<void>((resolve) => (connected = resolve));
  server.on('connection', () => connected());
  const socket = await listen(t, server, 'silent');
  const run = startCli(t, ['run', '--target', `endpoint:unix://${socket}`, '--request-timeout', '30', '--out', join(out, 'usr1'), '-q'], 60_000);
  await Promise.race([seen, run.done]);
  run.child.kill('SIGUSR1');
  const deadline = Date.now() + 5_000;
  while (!run.stderr().includes('SIGUSR1') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  t.notMatch(run.stderr(), /Debugger listening|inspector/i, 'node did not open its inspector');
  t.match(run.stderr(), /^ctr-conformance: SIGUSR1 ignored/m, 'it says the signal is ignored');
  t.equal(run.child.exitCode, null, 'still running');
  run.child.kill('SIGTERM');
  const ended = await run.done;
  t.equal(ended.code, 143, `SIGTERM still ends it: ${ended.stderr}`);
});

t.test('a target that answers HEAD with a body: an error cell and a report, not a crash', async (t) => {
  // Answers every request with a body, HEAD included (node's parser refuses the extra bytes).
  const server = createNetServer((conn) => {
    let buffer = '';
    conn.on('error', () => {});
    conn.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n\r\n'); end >= 0; end = buffer.indexOf('\r\n\r\n')) {
        const path = buffer.slice(0, end).split(' ')[1];
        buffer = buffer.slice(end + 4);
        const body = path === '/version' ? VERSION : 'OK';
        conn.write(`HTTP/1.1 200 OK\r\n${DAEMON_HEADERS}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      }
    });
  });
  const socket = await listen(t, server, 'head-body');
  const dir = join(out, 'head-body');
  const run = await cliWithin(t, ['run', '--target', `endpoint:unix://${socket}`, '--only', 'api.ping', '--seed', '1', '--out', dir, '-q']);
  t.notMatch(run.stderr, /internal error/, run.stderr);
  t.equal(run.code, 1);
  const [cell] = report(dir).results;
  t.equal(cell?.status, 'error', 'the cell is an error, not a failure');
  t.match(cell?.evidence.summary, /HEAD \/_ping: the answer broke HTTP\/1\.1 \(HPE_/);
});

t.test('a target that stops answering is declared unresponsive: exit 3 long before the run deadline', async (t) => {
  const socket = await listen(t, hangingAfterVersion(), 'hang');
  const dir = join(out, 'hang');
  const run = await cliWithin(t, ['run', '--target', `endpoint:unix://${socket}`, '--request-timeout', '1', '--out', dir, '-q'], 90_000);
  t.equal(run.code, 3, `exit 3 in ${run.ms} ms`);
  t.ok(run.ms < 60_000, 'within a minute, not a request deadline per cell');
  t.match(run.stdout, /the target is unresponsive: 3 requests in a row got no complete answer within the request deadline of 1 s/);
  const results = report(dir).results;
  const cut = results.filter((r) => r.status === 'error' && /unresponsive/.test(r.evidence.summary));
  t.ok(cut.length > results.length / 2, `the cells not judged are errors saying so (${cut.length} of ${results.length})`);
  t.notOk(
    results.some((r) => r.status === 'pass' || r.status === 'fail'),
    'nothing is judged on a silent target',
  );
});

/** Answers /version, then every other request (200 OK with a daemon's headers), leaving the rest unanswered. */
function flapping(): HttpServer {
  let seen = 0;
  return createHttpServer((req, res) => {
    const body = req.url?.endsWith('/version') ? VERSION : req.url?.endsWith('/_ping') || seen++ % 2 === 0 ? 'OK' : null;
    if (body === null) return;
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Api-Version': '1.51', 'Docker-Experimental': 'false' });
    res.end(body);
  });
}

t.test('a target that answers only every other request is declared unresponsive too: exit 3', async (t) => {
  const socket = await listen(t, flapping(), 'flap');
  const dir = join(out, 'flap');
  const run = await cliWithin(t, ['run', '--target', `endpoint:unix://${socket}`, '--concurrency', '1', '--request-timeout', '1', '--out', dir, '-q'], 90_000);
  t.equal(run.code, 3, `exit 3 in ${run.ms} ms: ${run.stderr}`);
  t.ok(run.ms < 60_000, 'within a minute, not the run deadline');
  t.match(
    run.stdout,
    /the target is unresponsive: 6 of its last \d+ requests got no complete answer within the request deadline of 1 s \(it answers only now and then\)/,
  );
  t.ok(
    report(dir).results.some((r) => r.status === 'error' && /unresponsive/.test(r.evidence.summary)),
    'the cells not judged are errors saying so',
  );
});

t.test('the --help probe runs in its own process group and ends with everything it started', async (t) => {
  const marker = `ctc-probe-child-${process.pid}`;
  const script = join(out, 'stubborn-daemon');
  // Prints its flags, then waits on a child that ignores SIGTERM.
  writeFileSync(script, `#!/bin/sh\necho '  --ip6tables  enable'\nsh -c 'trap "" TERM; while :; do sleep 1; done' ${marker} &\nwait\n`);
  chmodSync(script, 0o755);
  const left = (): number[] =>
    readdirSync('/proc')
      .filter((e) => /^\d+$/.test(e))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker);
        } catch {
          return false;
        }
      })
      .map(Number);
  t.teardown(() => left().forEach((pid) => process.kill(pid, 'SIGKILL')));
  const began = Date.now();
  t.equal(await knowsIp6tables([script], 1_000), true, 'its output was read');
  t.ok(Date.now() - began < 8_000, `ended soon after its deadline (${Date.now() - began} ms)`);
  t.same(left(), [], 'the child that ignores SIGTERM is gone too');
});

t.test('smaller: prefixed flag errors, 32-bit seeds, true reasons for a start and an unreachable openai target', async (t) => {
  // A port nobody listens on: one taken and given back.
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  const [bogus, seed, top, truth, openai] = await Promise.all([
    cliWithin(t, ['run', '--bogus']),
    cliWithin(t, ['run', '--seed', '99999999999']),
    cliWithin(t, ['run', '--target', 'sim', '--seed', '2147483647', '--only', 'api.ping', '--out', join(out, 'seed'), '-q']),
    cliWithin(t, ['run', '--target', 'daemon:/bin/true', '--out', join(out, 'true')]),
    cliWithin(t, ['run', '--target', `openai:http://127.0.0.1:${port}/engines/v1`, '--out', join(out, 'openai')]),
  ]);
  t.equal(bogus.code, 2);
  t.equal(bogus.stderr, "ctr-conformance: unknown option '--bogus'\n");
  t.equal(seed.code, 2);
  t.match(seed.stderr, /^ctr-conformance: option '--seed <n>' argument '99999999999' is invalid\. --seed must be an integer from -2147483648 to 2147483647/);
  t.equal(top.code, 0, 'the largest 32-bit seed is taken');
  t.equal(truth.code, 3);
  t.equal(truth.stderr, 'ctr-conformance: daemon:/bin/true did not start: it exited with code 0 before it answered GET /_ping, and printed nothing\n');
  t.equal(openai.code, 3);
  t.match(openai.stderr, new RegExp(`^ctr-conformance: openai:http://127\\.0\\.0\\.1:${port}/engines/v1 could not be reached: GET /models: ECONNREFUSED`));
  t.notMatch(openai.stderr, /\/version/);
});
