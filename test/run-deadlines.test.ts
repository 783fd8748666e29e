import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { spawn } from 'node:child_process';
import { CLI, runCli } from './helpers/cli.js';

/**
 * A hung or trickling target is an error, never a failure, and never holds the run: each request
 * has a deadline, each cell has one, the run has one, and the report is written in every case.
 */
const dir = mkdtempSync('/tmp/ctc-deadline-');
t.teardown(() => rmSync(dir, { recursive: true, force: true }));
const report = (out: string): ConformanceReport => JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;

const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Answers /_ping and /version as dockerd 28.5 would; every other request gets `slow`. */
function slowDaemon(slow: 'hang' | 'trickle') {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const headers = { 'Api-Version': '1.51', Ostype: 'linux', Server: 'Docker/28.5.2 (linux)', 'Docker-Experimental': 'false' };
    // Only what probing the target needs is answered at once (api.not-found also asks HEAD /version: slow too).
    if (req.url === '/_ping' || (req.url === '/version' && req.method === 'GET')) {
      res.writeHead(200, { ...headers, 'Content-Type': req.url === '/_ping' ? 'text/plain' : 'application/json' });
      res.end(req.url === '/_ping' ? 'OK' : JSON.stringify({ Version: '28.5.2', ApiVersion: '1.51', MinAPIVersion: '1.24', Os: 'linux' }));
      return;
    }
    if (slow === 'hang') return; // never answers
    res.writeHead(200, { ...headers, 'Content-Type': 'text/plain' });
    const timer = setInterval(() => res.write('.'), 100);
    res.on('close', () => clearInterval(timer));
  };
}

async function serve(name: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ socket: string; server: Server }> {
  const socket = join(dir, `${name}.sock`);
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  return { socket, server };
}

// Two cells: two request deadlines in a row stay below the three that declare a target unresponsive
// (exit 3, see test/cli-robustness.test.ts); here each cell's own error is what is checked.
const CELLS = ['--only', 'api.version.prefix@1.30', '--only', 'api.not-found'];

for (const slow of ['hang', 'trickle'] as const) {
  t.test(`a target that ${slow === 'hang' ? 'never answers' : 'trickles its answers'}: error cells within the deadlines, exit 1`, async (t) => {
    const { socket, server } = await serve(slow, slowDaemon(slow));
    t.teardown(() => close(server));
    const out = join(dir, slow);
    const began = Date.now();
    const run = await runCli([
      'run',
      '--target',
      `endpoint:unix://${socket}`,
      '--profile',
      'docker',
      ...CELLS,
      '--request-timeout',
      '0.5',
      '--cell-timeout',
      '5',
      '--seed',
      '1',
      '--out',
      out,
      '-q',
    ]);
    const took = Date.now() - began;
    t.ok(took < 15_000, `ended in ${took} ms`);
    t.equal(run.code, 1, `a cell that errs fails the run: ${run.stderr}`);
    const r = report(out);
    t.same(r.deadlines, { requestMs: 500, cellMs: 5000, runMs: 1_800_000 });
    t.equal(r.results.length, 2);
    for (const result of r.results) {
      t.equal(result.status, 'error', `${result.rule}@${result.api} is an error, not a failure`);
      t.match(result.evidence.summary, /did not answer in time/);
      t.ok(
        result.evidence.exchanges?.some((x) => x.status === undefined),
        'the unanswered request is in the evidence',
      );
      t.match(result.evidence.curl, new RegExp(`^curl -sS -i (-I |-X [A-Z]+ )?--unix-socket ${socket} 'http://localhost/`), 'a curl line for it');
      t.match(result.evidence.rerun, /^node dist\/cli\/ctr-conformance\.js run --target endpoint:unix:\/\/\S+ --profile docker /);
    }
    t.match(run.stdout, /ERROR api\.not-found: the target did not answer in time/);
    t.match(run.stdout, /^ {2}rerun: node dist\/cli\/ctr-conformance\.js run .* --seed 1 --only api\.not-found@none/m);
    t.match(run.stdout, /^ {2}curl: curl -sS -i /m);
  });
}

t.test('a cell that outlives --cell-timeout is an error, and the run goes on', async (t) => {
  // Each request answers within the request deadline, but slowly: the cell as a whole takes too long.
  const { socket, server } = await serve('slow-cell', (req, res) => {
    // As dockerd: HEAD /version is not a route (api.not-found asks it first).
    const ok = (req.url === '/_ping' && (req.method === 'GET' || req.method === 'HEAD')) || (req.url === '/version' && req.method === 'GET');
    const headers = { 'Api-Version': '1.51', Ostype: 'linux', Server: 'Docker/28.5.2 (linux)', 'Docker-Experimental': 'false' };
    setTimeout(
      () => {
        res.writeHead(ok ? 200 : 404, { ...headers, 'Content-Type': 'application/json' });
        res.end(
          req.url === '/version'
            ? JSON.stringify({ Version: '28.5.2', ApiVersion: '1.51', MinAPIVersion: '1.24', Os: 'linux' })
            : ok
              ? 'OK'
              : '{"message":"page not found"}',
        );
      },
      ok ? 0 : 300,
    );
  });
  t.teardown(() => close(server));
  const out = join(dir, 'slow-cell');
  const run = await runCli([
    'run',
    '--target',
    `endpoint:unix://${socket}`,
    '--only',
    'api.not-found',
    '--num-runs',
    '100',
    '--cell-timeout',
    '1.5',
    '--seed',
    '2',
    '--out',
    out,
    '-q',
  ]);
  t.equal(run.code, 1);
  const [result] = report(out).results;
  t.equal(result?.status, 'error');
  t.match(result?.evidence.summary, /^the cell did not finish within its deadline of 1\.5 s/);
  t.match(result?.evidence.reason, /--cell-timeout/);
});

t.test('when the run deadline passes, the remaining cells are errors and the report is still written', async (t) => {
  const { socket, server } = await serve('run-deadline', slowDaemon('hang'));
  t.teardown(() => close(server));
  const out = join(dir, 'run-deadline');
  const began = Date.now();
  const run = await runCli([
    'run',
    '--target',
    `endpoint:unix://${socket}`,
    '--profile',
    'docker',
    '--request-timeout',
    '30',
    '--cell-timeout',
    '60',
    '--run-timeout',
    '2',
    '--out',
    out,
    '-q',
  ]);
  const took = Date.now() - began;
  t.ok(took < 12_000, `ended in ${took} ms`);
  t.equal(run.code, 1);
  t.ok(existsSync(join(out, 'report.html')), 'the report is written');
  const r = report(out);
  const cut = r.results.filter((x) => x.evidence.summary.startsWith('run deadline of 2 s passed'));
  t.ok(cut.length > 100, `${cut.length} cells cut short by the run deadline`);
  t.ok(cut.every((x) => x.status === 'error'));
  t.match(run.stdout, /run deadline of 2 s passed/);
});

t.test('a target that accepts connections but answers nothing at all is a target error: exit 3', async (t) => {
  const silent: NetServer = createNetServer((socket: Socket) => socket.on('error', () => {}));
  const socket = join(dir, 'silent.sock');
  await new Promise<void>((resolve) => silent.listen(socket, resolve));
  const sockets = new Set<Socket>();
  silent.on('connection', (s) => sockets.add(s));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        silent.close(() => resolve());
      }),
  );
  const began = Date.now();
  const run = await runCli(['run', '--target', `endpoint:unix://${socket}`, '--request-timeout', '0.5', '--out', join(dir, 'silent'), '-q']);
  t.ok(Date.now() - began < 10_000, 'ends within the request deadlines');
  t.equal(run.code, 3);
  t.match(run.stderr, /^ctr-conformance: endpoint:unix:\/\/\S+ could not be reached: GET \/version: no complete answer within 500 ms\n$/);
});

t.test('a socket nobody listens on is a target error: exit 3, one line', async (t) => {
  const run = await runCli(['run', '--target', `endpoint:unix://${join(dir, 'nobody.sock')}`, '--out', join(dir, 'nobody'), '-q']);
  t.equal(run.code, 3);
  t.match(run.stderr, /^ctr-conformance: endpoint:unix:\/\/\S+ could not be reached: GET \/version: ENOENT/);
  t.equal(run.stderr.split('\n').length, 2, 'one line, no stack trace');
});

for (const [signal, exitCode, word] of [
  ['SIGINT', 130, 'interrupted'],
  ['SIGTERM', 143, 'terminated'],
] as const)
  t.test(`the first ${signal} stops the run, stops the target and still writes the report: exit ${exitCode}`, async (t) => {
    let cellsBegan: () => void = () => {};
    const began = new Promise<void>((resolve) => (cellsBegan = resolve));
    const hang = slowDaemon('hang');
    const { socket, server } = await serve(`interrupted-${signal}`, (req, res) => {
      if (req.url !== '/_ping' && req.url !== '/version') cellsBegan();
      hang(req, res);
    });
    t.teardown(() => close(server));
    const out = join(dir, `interrupted-${signal}`);
    const child = spawn(process.execPath, [CLI, 'run', '--target', `endpoint:unix://${socket}`, '--profile', 'docker', '--out', out, '-q'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    await began; // the cells are running: the run, not the start-up, takes the signal
    const sent = Date.now();
    child.kill(signal);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    t.ok(Date.now() - sent < 10_000, 'ends soon after');
    t.equal(code, exitCode, stderr);
    t.match(stderr, `${signal}: stopping the run and writing its report`);
    t.match(stdout, `${word}: the cells not judged are errors`);
    const stopped = report(out).results.filter((r) => r.status === 'error' && r.evidence.summary.startsWith(`the run was stopped (interrupted by ${signal})`));
    t.ok(stopped.length > 100, `${stopped.length} cells stopped`);
  });
