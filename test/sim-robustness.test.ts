import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { listenBacklog } from '../simulator/listeners/backlog.js';
import { parseArgv, resolveConfig, startSimulator, type RunningSimulator } from '../simulator/index.js';
import { startSimProcess } from './helpers/sim-process.js';
import { simDirFlags } from './helpers/in-process-sim.js';

/**
 * ctrd-sim under the inputs that break daemons, each answered as dockerd 20.10.24, 26.1.5 and
 * 28.5.2 answer it (observed on this machine), and never by hanging or leaking.
 */

function privateDir(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync('/tmp/ctc-t-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

interface RawAnswer {
  readonly text: string;
  /** Whether the server closed the connection within the wait. */
  readonly closed: boolean;
  readonly ms: number;
}

/** Sends raw bytes and collects the answer until the server closes or `waitMs` passes. */
function raw(socketPath: string, bytes: string | Buffer, waitMs = 2_000): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const began = Date.now();
    const socket = connect(socketPath, () => socket.write(bytes));
    let text = '';
    let done = false;
    const finish = (closed: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closed, ms: Date.now() - began });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

const withoutDate = (text: string): string => text.replace(/\r\nDate: [^\r]+/g, '');

/** A simulator in this process, emulating `release` on a private socket. */
async function inProcess(
  t: { teardown(fn: () => Promise<void> | void): void },
  release: string,
  options: { readHeaderTimeoutMs?: number } = {},
): Promise<{ sim: RunningSimulator; socket: string }> {
  const dir = privateDir(t);
  const socket = join(dir, 's.sock');
  const flags = parseArgv(['--emulate', release, '--brand', 'docker', ...simDirFlags(dir)]);
  const sim = await startSimulator(resolveConfig(flags, { env: {}, readFile: () => null }), options);
  t.teardown(() => sim.close());
  return { sim, socket };
}

const openFds = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length;

t.test('a unix socket path longer than the kernel takes is refused with dockerd’s words, exit 1', async (t) => {
  const dir = privateDir(t);
  const long = join(dir, `${'a'.repeat(120)}.sock`);
  const sim = startSimProcess(['-H', `unix://${long}`]);
  t.equal(await sim.exited, 1);
  const lines = sim.output().trimEnd().split('\n');
  t.equal(lines.at(-1), `failed to load listeners: can't create unix socket ${long}: listen unix ${long}: bind: invalid argument`);
  // Before it, only the warning of a missing default socket group (a machine without a "ctr" group), as dockerd prints it.
  t.same(
    lines.slice(0, -1).filter((line) => !line.includes(`msg="could not change group ${long} to ctr: group ctr not found"`)),
    [],
    'nothing else is printed',
  );
  await sim.kill();
  t.notOk(existsSync(long.slice(0, 107)), 'nothing was bound at a truncated path');
});

t.test('--validate checks the file and the -H values; output on stderr as 26.1 and 28.5', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ctrd-sim-validate-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'daemon.json'), '{}');
  const ok = startSimProcess(['--validate', '--config-file', join(dir, 'daemon.json'), '-H', 'bogus']);
  t.equal(await ok.exited, 0, 'a bare word is a TCP host: accepted');
  t.equal(ok.output(), 'configuration OK\n');
  await ok.kill();
  const empty = startSimProcess(['--validate', '--config-file', '/dev/null']);
  t.equal(await empty.exited, 1, 'an empty file is not a JSON object: refused as the document reads');
  t.equal(empty.output(), 'unable to configure the Ctr daemon with file /dev/null: invalid JSON: unexpected end of JSON input\n');
  await empty.kill();
  const observed = startSimProcess(['--validate', '--emulate', '28.5', '--as-observed', '--config-file', '/dev/null']);
  t.equal(await observed.exited, 0, 'as 28.5 takes an empty file (observed quirk)');
  await observed.kill();
  const bad = startSimProcess(['--validate', '--brand', 'docker', '--emulate', '26.1', '--config-file', '/dev/null', '-H', 'udp://x']);
  t.equal(await bad.exited, 1);
  t.equal(
    bad.output(),
    `Status: invalid argument "udp://x" for "-H, --host" flag: invalid bind address (udp://x): unsupported proto 'udp'\nSee 'dockerd --help'., Code: 125\n`,
  );
  await bad.kill();
  const file = startSimProcess(['--validate', '--config-file', '/proc/self/status']);
  t.equal(await file.exited, 1);
  t.match(file.output(), /^unable to configure the Ctr daemon with file \/proc\/self\/status: /);
  await file.kill();
});

t.test('signals: SIGUSR1 dumps stacks into the exec root (no debugger port), SIGUSR2 and SIGALRM are ignored', async (t) => {
  const sim = startSimProcess(['-H', 'tcp://127.0.0.1:0']);
  t.teardown(() => sim.kill());
  const [, port] = await sim.waitFor(/API listen on tcp:\/\/127\.0\.0\.1:(\d+)/);
  await sim.waitFor(/completed initialization/);
  sim.child.kill('SIGUSR1');
  const [, dump] = await sim.waitFor(/level=info msg="goroutine stacks written to ([^"]+)"/);
  t.match(dump, new RegExp(`^${join(sim.dir, 'exec')}/goroutine-stacks-\\d{4}-\\d\\d-\\d\\dT\\d{6}Z\\.log$`), 'the file dockerd names, in the exec root');
  t.match(readFileSync(dump!, 'utf8'), /javascriptStack/, 'holds the stacks');
  t.notMatch(sim.output(), /Debugger listening/, 'node did not open its inspector');
  sim.child.kill('SIGUSR2');
  sim.child.kill('SIGALRM');
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.equal(sim.child.exitCode, null, 'still running');
  const answer = await new Promise<string>((resolve) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write('GET /_ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('close', () => resolve(text));
  });
  t.match(answer, /^HTTP\/1\.1 200 OK/, 'and serving');
  t.equal(await sim.kill(), 0, 'SIGTERM still ends it cleanly');
});

t.test('garbage is refused with Go’s exact 400 and the connections are released', async (t) => {
  const dir = privateDir(t);
  const socket = join(dir, 's.sock');
  const sim = startSimProcess(['-H', `unix://${socket}`]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  const pid = sim.child.pid!;
  const garbage = Buffer.concat([Buffer.from([1]), Buffer.from(Array.from({ length: 199 }, (_, i) => (i * 37) % 256)), Buffer.from('\r\n\r\n')]);
  // Warm up (node opens some descriptors of its own lazily), then count.
  await Promise.all([raw(socket, 'GET /_ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'), ...Array.from({ length: 5 }, () => raw(socket, garbage))]);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const before = openFds(pid);
  const answers = await Promise.all(Array.from({ length: 200 }, () => raw(socket, garbage)));
  t.same(
    [...new Set(answers.map((a) => `${a.closed} ${a.text}`))],
    ['true HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request'],
  );
  // Released as the connections finish closing: poll, within the 5 s after which any is destroyed.
  let after = openFds(pid);
  for (let waited = 0; after > before && waited < 7_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    after = openFds(pid);
  }
  t.ok(after <= before, `descriptors before and after 200 garbage connections: ${before}, ${after}`);
});

t.test('a request head that never ends is dropped silently after the read-header timeout', async (t) => {
  // dockerd: ReadHeaderTimeout 5 min, then EOF without a byte (observed at 300.00 s). Shortened here.
  const { socket } = await inProcess(t, '28.5', { readHeaderTimeoutMs: 500 });
  const answer = await raw(socket, 'GET /_ping HTTP/1.1\r\nHost: x\r\n', 5_000);
  t.ok(answer.closed, `closed (after ${answer.ms} ms)`);
  t.equal(answer.text, '', 'without an answer');
  t.ok(answer.ms >= 400 && answer.ms < 3_000, 'at the timeout');
  const idle = await raw(socket, '', 5_000);
  t.ok(idle.closed && idle.text === '', 'a connection that sends nothing is dropped too');
});

t.test('an idle keep-alive connection stays open past node’s 5 s default, with no Keep-Alive header, as in dockerd', async (t) => {
  // dockerd's http.Server has no idle timeout (observed on 28.5: a connection idle for 8 s answers).
  const { socket } = await inProcess(t, '28.5');
  const answers: string[] = [];
  let closed = false;
  const connection = connect(socket);
  t.teardown(() => connection.destroy());
  connection.on('data', (chunk: Buffer) => answers.push(chunk.toString('utf8')));
  connection.on('close', () => (closed = true));
  const ping = 'GET /_ping HTTP/1.1\r\nHost: x\r\n\r\n';
  connection.write(ping);
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  t.notOk(closed, 'still open after 6 s idle');
  connection.write(ping);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const text = answers.join('');
  t.equal(text.match(/HTTP\/1\.1 200 OK/g)?.length, 2, 'both pings answered on the one connection');
  t.notMatch(text, /\r\nKeep-Alive:/i);
});

t.test('percent-encoded paths are routed decoded, unclean ones redirected, bad escapes refused', async (t) => {
  const { socket } = await inProcess(t, '28.5');
  const get = async (path: string): Promise<string> => withoutDate((await raw(socket, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).text);
  t.match(await get('/%5Fping'), /^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nOK$/);
  t.match(await get('/_pin%67'), /^HTTP\/1\.1 200 OK/);
  t.match(await get('/v1%2E40/version'), /^HTTP\/1\.1 200 OK[\s\S]*"ApiVersion":"1\.51"/);
  t.match(await get('/v1.40%2Fversion'), /^HTTP\/1\.1 200 OK[\s\S]*"ApiVersion":"1\.51"/, '%2F is a separator once decoded');
  t.match(await get('/%2F_ping?a=b'), /^HTTP\/1\.1 301 Moved Permanently\r\nLocation: \/_ping\?a=b\r\n/);
  t.match(await get('/v1.40//version'), /^HTTP\/1\.1 301 Moved Permanently\r\nLocation: \/v1\.40\/version\r\n/);
  t.match(await get('/_ping%3Fx'), /^HTTP\/1\.1 404 Not Found/, 'an encoded "?" stays part of the path');
  t.match(await get('/%zz'), /^HTTP\/1\.1 400 Bad Request\r\n/);
});

t.test('unknown methods get the router’s 404; a method that is not a token gets Go’s 400', async (t) => {
  const { socket } = await inProcess(t, '28.5');
  const ask = async (line: string): Promise<RawAnswer> => raw(socket, `${line}\r\nHost: x\r\n\r\n`);
  const notFound = 'HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: 29\r\n\r\n{"message":"page not found"}\n';
  for (const line of ['FOO /_ping HTTP/1.1', 'foo /_ping HTTP/1.1', 'FOO /v1.40/version HTTP/1.1']) {
    t.equal(withoutDate((await ask(line)).text), notFound, line);
  }
  t.match(
    withoutDate((await ask('FOO //_ping HTTP/1.1')).text),
    /^HTTP\/1\.1 301 Moved Permanently\r\nLocation: \/_ping\r\n/,
    'an unclean path is redirected first',
  );
  const bad = await ask('F@O /_ping HTTP/1.1');
  t.equal(bad.text, 'HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n400 Bad Request');
  t.ok(bad.closed);
  t.match(
    withoutDate((await raw(socket, 'GET /_ping HTTP/1.1\r\n\r\n')).text),
    /^HTTP\/1\.1 400 Bad Request: missing required Host header\r\n[\s\S]*\r\n\r\n400 Bad Request: missing required Host header$/,
  );

  const old = await inProcess(t, '20.10');
  const text = withoutDate((await raw(old.socket, 'FOO /v1.20/ctc-x HTTP/1.1\r\nHost: x\r\n\r\n')).text);
  t.equal(
    text,
    'HTTP/1.1 404 Not Found\r\nContent-Type: text/plain; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\nContent-Length: 15\r\n\r\npage not found\n',
    '20.10 below 1.24: the text form',
  );
});

t.test('headers over the limit: Go’s exact 431, then the daemon keeps serving', async (t) => {
  const { socket } = await inProcess(t, '28.5');
  const answer = await raw(socket, `GET /_ping HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(1_100_000)}\r\n\r\n`);
  t.equal(
    answer.text,
    'HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n431 Request Header Fields Too Large',
  );
  t.ok(answer.closed);
  t.match((await raw(socket, 'GET /_ping HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).text, /^HTTP\/1\.1 200 OK/);
});

t.test('the listen backlog is Go’s: the kernel’s somaxconn, else 128', async (t) => {
  t.equal(
    listenBacklog(() => '4096\n'),
    4096,
  );
  t.equal(
    listenBacklog(() => {
      throw new Error('no /proc');
    }),
    128,
  );
});

const hasSs = ((): boolean => {
  try {
    execFileSync('ss', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

t.test(
  'a listening socket’s backlog is somaxconn',
  { skip: hasSs ? false : 'ss is not installed: cannot read the backlog of a listening socket' },
  async (t) => {
    const { socket } = await inProcess(t, '28.5');
    const line = execFileSync('ss', ['-xlnH'], { encoding: 'utf8' })
      .split('\n')
      .find((l) => l.includes(socket));
    const somaxconn = readFileSync('/proc/sys/net/core/somaxconn', 'utf8').trim();
    t.match(line, new RegExp(`^u_str\\s+LISTEN\\s+0\\s+${somaxconn}\\s`), `Send-Q of the listening socket is ${somaxconn}`);
  },
);

t.test('special files as paths: refused or capped, never a hang', async (t) => {
  const dir = privateDir(t);
  execFileSync('mkfifo', [join(dir, 'fifo')]);
  for (const [path, message] of [
    ['/dev/zero', /^unable to configure the Ctr daemon with file \/dev\/zero: read \/dev\/zero: larger than \d+ bytes\n$/],
    ['/proc/self/status', /^unable to configure the Ctr daemon with file \/proc\/self\/status: /],
    [join(dir, 'fifo'), /: not a regular file\n$/],
  ] as const) {
    const began = Date.now();
    const sim = startSimProcess(['--config-file', path, '-H', `unix://${join(dir, 's.sock')}`]);
    t.equal(await sim.exited, 1, `--config-file ${path} exits 1`);
    t.match(sim.output(), message);
    t.ok(Date.now() - began < 10_000, `at once (${Date.now() - began} ms)`);
    await sim.kill();
  }
  const pidfile = startSimProcess(['--pidfile', '/proc/self/status', '--brand', 'docker', '-H', `unix://${join(dir, 's.sock')}`]);
  t.equal(await pidfile.exited, 1);
  t.equal(
    pidfile.output(),
    'failed to start daemon, ensure docker is not running or delete /proc/self/status: write /proc/self/status: invalid argument\n',
    'as 26.1 and 28.5',
  );
  await pidfile.kill();
});
