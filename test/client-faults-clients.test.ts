import { execFile } from 'node:child_process';
import { request, type IncomingHttpHeaders } from 'node:http';
import { createServer, connect } from 'node:net';
import { join } from 'node:path';
import Docker from 'dockerode';
import t, { type Test } from 'tap';
import { cutConnection } from '../simulator/client-faults/body-pacer.js';
import { DOCKER, dockerCliMissing } from './helpers/docker-cli.js';
import { inCI } from './helpers/real-daemons.js';
import { startSimProcess } from './helpers/sim-process.js';
import { writeFaultsFile } from './helpers/client-faults-file.js';

/**
 * Each kind of client fault (ctrd-sim --client-faults) against real clients: a raw node:http
 * client (what went over the wire), dockerode and the docker CLI each get the error the fault
 * implies, and a second client is served meanwhile. The faults are on GET /version, three times
 * (raw, dockerode, CLI); the fourth GET /version is the clean answer they are compared with.
 */

interface RawOutcome {
  readonly status: number | null;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** When each piece of the body came, in ms from the request. */
  readonly times: readonly number[];
  readonly ended: boolean;
  readonly error: string | null;
  readonly ms: number;
}

/** One request on a fresh connection, with a deadline; never rejects. */
function raw(where: string | { readonly host: string; readonly port: number }, method: string, path: string, deadlineMs = 15_000): Promise<RawOutcome> {
  return new Promise((resolve) => {
    const start = performance.now();
    const parts: Buffer[] = [];
    const times: number[] = [];
    let status: number | null = null;
    let headers: IncomingHttpHeaders = {};
    let settled = false;
    const settle = (ended: boolean, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ status, headers, body: Buffer.concat(parts), times, ended, error, ms: performance.now() - start });
    };
    const req = request({ ...(typeof where === 'string' ? { socketPath: where } : where), method, path, agent: false }, (res) => {
      status = res.statusCode ?? null;
      headers = res.headers;
      res.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        times.push(performance.now() - start);
      });
      res.on('end', () => settle(true, null));
      res.on('error', (error: NodeJS.ErrnoException) => settle(false, error.code ?? error.message));
      res.on('aborted', () => settle(false, 'aborted'));
    });
    const deadline = setTimeout(() => {
      req.destroy();
      settle(false, 'deadline');
    }, deadlineMs);
    req.on('error', (error: NodeJS.ErrnoException) => settle(false, error.code ?? error.message));
    req.end();
  });
}

interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

function docker(args: readonly string[], host: string, home: string): Promise<CliOutcome> {
  const start = performance.now();
  return new Promise((resolve) => {
    const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: home, DOCKER_CONFIG: join(home, '.docker'), DOCKER_HOST: host };
    execFile(DOCKER, [...args], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : 1;
      resolve({ code, stdout, stderr, ms: performance.now() - start });
    });
  });
}

/** Whether a promise is still unsettled after `ms`. */
async function unsettledAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

interface Context {
  readonly socket: string;
  readonly host: string;
  readonly home: string;
  /** dockerode on the simulator; `other` is a second client, on connections of its own. */
  readonly dockerode: Docker;
  readonly other: Docker;
  /** What the simulator logged so far. */
  log(): string;
}

/** A ctrd-sim (docker brand, 28.5) with `fault` on GET /version three times (and `extra` entries), stopped by PID after. */
async function withSim(t: Test, fault: Record<string, unknown>, body: (c: Context) => Promise<void>, extra: readonly Record<string, unknown>[] = []) {
  const { dir: home, file } = writeFaultsFile(t, { seed: 1, faults: [{ method: 'GET', path: '/version', probability: 1, times: 3, ...fault }, ...extra] });
  const socket = join(home, 'd.sock');
  const sim = startSimProcess(['--brand', 'docker', '--emulate', '28.5', '-H', `unix://${socket}`, '--client-faults', file]);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  await body({
    socket,
    host: `unix://${socket}`,
    home,
    dockerode: new Docker({ socketPath: socket }),
    other: new Docker({ socketPath: socket }),
    log: () => sim.output(),
  });
}

/** The clean GET /version (the entry's three faults spent). */
async function cleanVersion(t: Test, socket: string): Promise<Buffer> {
  const clean = await raw(socket, 'GET', '/v1.51/version');
  t.equal(clean.status, 200, 'the fourth GET /version is served as usual');
  t.ok(clean.ended);
  return clean.body;
}

/** The three faulted GET /version (raw, dockerode, then the CLI, or a stand-in where it is missing), then the clean one. */
async function faultedThrice(t: Test, c: Context) {
  const wire = await raw(c.socket, 'GET', '/v1.51/version');
  const result: unknown = await c.dockerode.version();
  const run = missing === null ? await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home) : null;
  if (run === null) await raw(c.socket, 'GET', '/v1.51/version');
  return { wire, result, run, clean: await cleanVersion(t, c.socket) };
}

/** The second client is served while `faulted` is still going. */
async function servedMeanwhile(t: Test, c: Context, faulted: Promise<unknown>) {
  let done = false;
  faulted.then(
    () => (done = true),
    () => (done = true),
  );
  const listed = await c.other.listContainers({ all: true });
  t.same(listed, [], 'a second client lists containers meanwhile');
  t.notOk(done, 'while the faulted request is still going');
}

const missing = dockerCliMissing;
if (missing !== null && inCI()) t.fail(`the docker CLI is required in CI: ${missing}`);
const cli = { skip: missing ?? false };

t.test('http-error: a 500 with its message', async (t) => {
  await withSim(t, { kind: 'http-error', status: 500, message: 'boom from the test' }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    t.equal(wire.status, 500);
    t.same(JSON.parse(wire.body.toString()), { message: 'boom from the test' });
    const error = await c.dockerode.version().then(
      () => null,
      (e: { statusCode?: number; message: string }) => e,
    );
    t.equal(error?.statusCode, 500, 'dockerode: an error with statusCode 500');
    t.match(error?.message, /boom from the test/);
    await t.test('docker CLI', cli, async (t) => {
      const run = await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home);
      t.equal(run.code, 1);
      t.match(run.stderr, 'Error response from daemon: boom from the test');
    });
    if (missing !== null) await raw(c.socket, 'GET', '/v1.51/version');
    t.match(JSON.parse((await cleanVersion(t, c.socket)).toString()), { Version: /\+ctrd-sim$/ });
    t.same(await c.other.listContainers(), [], 'the simulator serves on');
  });
});

t.test('drop: the connection closes before any answer', async (t) => {
  // Every time: when the docker CLI's GET goes on the connection its /_ping opened, Go's transport
  // sends it again, once, on a new connection (a reused connection closed before any answer).
  await withSim(t, { kind: 'drop', times: 1000 }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    t.equal(wire.status, null, 'no status line');
    t.equal(wire.error, 'ECONNRESET', 'node: socket hang up (ECONNRESET)');
    const error = await c.dockerode.version().then(
      () => null,
      (e: NodeJS.ErrnoException) => e,
    );
    t.equal(error?.code, 'ECONNRESET', 'dockerode: ECONNRESET');
    t.equal(error?.message, 'socket hang up');
    await t.test('docker CLI', cli, async (t) => {
      const run = await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home);
      t.equal(run.code, 1);
      t.match(run.stderr, /error during connect: Get "[^"]*\/version": EOF/);
      const tries = [...c.log().matchAll(/client fault drop on GET \/v[0-9.]+\/version" entry=0 match=(\d+)/g)].filter((m) => Number(m[1]) > 2).length;
      t.ok(tries === 1 || tries === 2, `its GET was dropped ${tries} time(s): once, or twice when Go's transport tried again`);
    });
    t.same(await c.other.listContainers(), [], 'the simulator serves on');
  });
});

/** Checks a body cut after `afterBytes` bytes: the status and those bytes came, then the connection ended. */
function cutAfter(t: Test, wire: RawOutcome, afterBytes: number) {
  t.equal(wire.status, 200, 'the head came');
  t.equal(wire.body.length, afterBytes, `then ${afterBytes} bytes of the body`);
  t.ok(Number(wire.headers['content-length']) > afterBytes, 'of a longer one');
  t.notOk(wire.ended, 'and no end');
  t.match(wire.error, /^(aborted|ECONNRESET)$/, 'node: the answer was aborted');
}

/**
 * dockerode and the CLI on an answer whose body is cut short. docker-modem (dockerode's HTTP layer)
 * listens for no error on a response (node emits none without a listener): the call never settles.
 */
async function clientsSeeCutShort(t: Test, c: Context) {
  const call = c.dockerode.version();
  await servedMeanwhile(t, c, call);
  t.ok(await unsettledAfter(call, 1500), 'dockerode: the call never settles (docker-modem 5 does not see an aborted body)');
  await t.test('docker CLI', cli, async (t) => {
    const run = await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home);
    t.equal(run.code, 1);
    t.match(run.stderr, 'unexpected EOF');
  });
}

t.test('reset: the connection ends in the middle of the body', async (t) => {
  await withSim(t, { kind: 'reset', afterBytes: 20 }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    cutAfter(t, wire, 20);
    await clientsSeeCutShort(t, c);
    if (missing !== null) await raw(c.socket, 'GET', '/v1.51/version');
    t.equal(wire.body.toString(), (await cleanVersion(t, c.socket)).subarray(0, 20).toString(), 'the 20 bytes were the real answer');
  });
});

t.test('truncate: a well-framed answer whose JSON ends early', async (t) => {
  await withSim(t, { kind: 'truncate' }, async (c) => {
    const { wire, result, run, clean } = await faultedThrice(t, c);
    t.equal(wire.status, 200);
    t.ok(wire.ended, 'the answer ends as framed');
    t.equal(Number(wire.headers['content-length']), wire.body.length, 'its Content-Length is what it sends');
    t.equal(wire.body.toString(), clean.subarray(0, Math.floor(clean.length / 2)).toString(), 'half of the real body');
    t.throws(() => JSON.parse(wire.body.toString()), SyntaxError, 'which no JSON parser takes');
    // docker-modem parses with a try: a body that is not JSON comes back as the Buffer it was.
    t.ok(Buffer.isBuffer(result), 'dockerode: the call resolves with the raw bytes (docker-modem swallows the parse error)');
    t.same(result, wire.body);
    if (run !== null) {
      t.equal(run.code, 1, 'docker CLI fails');
      t.match(run.stderr, 'unexpected EOF');
    }
  });
});

t.test('malformed-json: a NUL byte in the middle of the body', async (t) => {
  await withSim(t, { kind: 'malformed-json' }, async (c) => {
    const { wire, result, run, clean } = await faultedThrice(t, c);
    t.equal(wire.status, 200);
    t.equal(Number(wire.headers['content-length']), clean.length + 1);
    t.equal(wire.body.indexOf(0), Math.floor(clean.length / 2), 'the NUL is in the middle');
    t.equal(Buffer.concat([wire.body.subarray(0, wire.body.indexOf(0)), wire.body.subarray(wire.body.indexOf(0) + 1)]).toString(), clean.toString());
    t.throws(() => JSON.parse(wire.body.toString()), SyntaxError);
    t.ok(Buffer.isBuffer(result), 'dockerode: the raw bytes (docker-modem swallows the parse error)');
    if (run !== null) {
      t.equal(run.code, 1, 'docker CLI fails');
      t.match(run.stderr, "invalid character '\\x00'");
    }
  });
});

t.test('content-type: another Content-Type, the body unchanged', async (t) => {
  const onRemove = { method: 'DELETE', path: '/containers/{id}', kind: 'content-type', probability: 1 };
  await withSim(
    t,
    { kind: 'content-type' },
    async (c) => {
      const wire = await raw(c.socket, 'GET', '/v1.51/version');
      t.equal(wire.headers['content-type'], 'text/html; charset=utf-8');
      const version = (await c.dockerode.version()) as { Version?: string };
      t.match(version.Version, /\+ctrd-sim$/, 'dockerode reads the JSON whatever its type');
      if (missing === null) await docker(['version'], c.host, c.home);
      else await raw(c.socket, 'GET', '/v1.51/version');
      t.equal(wire.body.toString(), (await cleanVersion(t, c.socket)).toString(), 'the body is the real one');
      const removed = await raw(c.socket, 'DELETE', '/v1.51/containers/nosuch');
      t.equal(removed.status, 404);
      t.equal(removed.headers['content-type'], 'text/html; charset=utf-8', 'an error answer too');
      const error = await c.dockerode
        .getContainer('nosuch')
        .remove()
        .then(
          () => null,
          (e: { statusCode?: number; message: string }) => e,
        );
      t.equal(error?.statusCode, 404, 'dockerode: the 404');
      t.match(error?.message, 'No such container: nosuch', 'its message read from the JSON (docker-modem ignores the type)');
      await t.test('docker CLI', cli, async (t) => {
        // The Go client reads {"message"} only from an application/json error: here it prints the body as it came.
        const run = await docker(['rm', 'nosuch'], c.host, c.home);
        t.equal(run.code, 1);
        t.match(run.stderr, 'Error response from daemon: {"message":"No such container: nosuch"}');
      });
    },
    [onRemove],
  );
});

t.test('slow: the body comes a few bytes at a time, whole', async (t) => {
  await withSim(t, { kind: 'slow', chunkBytes: 32, intervalMs: 50 }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    t.ok(wire.ended);
    const pieces = Math.ceil(wire.body.length / 32);
    t.ok(wire.times.length >= Math.min(pieces, 4), `in pieces (${wire.times.length})`);
    t.ok(
      wire.times.at(-1)! - wire.times[0]! >= (pieces - 1) * 50 * 0.8,
      `over ${(wire.times.at(-1)! - wire.times[0]!).toFixed(0)} ms for ${pieces} pieces 50 ms apart`,
    );
    const call = c.dockerode.version() as Promise<{ Version?: string }>;
    await servedMeanwhile(t, c, call);
    t.match((await call).Version, /\+ctrd-sim$/, 'dockerode gets the whole answer');
    await t.test('docker CLI', cli, async (t) => {
      const run = await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home);
      t.equal(run.code, 0, run.stderr);
      t.match(run.stdout, /\+ctrd-sim/);
    });
    if (missing !== null) await raw(c.socket, 'GET', '/v1.51/version');
    t.equal(wire.body.toString(), (await cleanVersion(t, c.socket)).toString(), 'the body is the real one');
  });
});

t.test('stall: nothing for a while after some bytes, then the rest', async (t) => {
  await withSim(t, { kind: 'stall', afterBytes: 10, ms: 1500 }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    t.ok(wire.ended);
    t.equal(wire.body.length > 10, true);
    const gap = Math.max(...wire.times.slice(1).map((at, i) => at - wire.times[i]!));
    t.ok(gap >= 1400, `a gap of ${gap.toFixed(0)} ms in the body`);
    const call = c.dockerode.version() as Promise<{ Version?: string }>;
    await servedMeanwhile(t, c, call);
    t.match((await call).Version, /\+ctrd-sim$/, 'dockerode gets the whole answer, late');
    await t.test('docker CLI', cli, async (t) => {
      const run = await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home);
      t.equal(run.code, 0, run.stderr);
      t.ok(run.ms >= 1400, `after the stall (${run.ms.toFixed(0)} ms)`);
    });
    if (missing !== null) await raw(c.socket, 'GET', '/v1.51/version');
    t.equal(wire.body.toString(), (await cleanVersion(t, c.socket)).toString(), 'the body is the real one');
  });
});

t.test('stall then close: some bytes, a wait, then the connection ends', async (t) => {
  await withSim(t, { kind: 'stall', afterBytes: 10, ms: 300, afterwards: 'close' }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    cutAfter(t, wire, 10);
    t.ok(wire.ms >= 250, `after the wait (${wire.ms.toFixed(0)} ms)`);
    await clientsSeeCutShort(t, c);
  });
});

t.test('delay: the answer comes late, unchanged', async (t) => {
  await withSim(t, { kind: 'delay', ms: 1500 }, async (c) => {
    const wire = await raw(c.socket, 'GET', '/v1.51/version');
    t.ok(wire.ended);
    t.ok(wire.ms >= 1400, `after ${wire.ms.toFixed(0)} ms`);
    const call = c.dockerode.version() as Promise<{ Version?: string }>;
    await servedMeanwhile(t, c, call);
    t.match((await call).Version, /\+ctrd-sim$/);
    await t.test('docker CLI', cli, async (t) => {
      const run = await docker(['version', '--format', '{{.Server.Version}}'], c.host, c.home);
      t.equal(run.code, 0, run.stderr);
      t.ok(run.ms >= 1400, `after the delay (${run.ms.toFixed(0)} ms)`);
    });
    if (missing !== null) await raw(c.socket, 'GET', '/v1.51/version');
    t.equal(wire.body.toString(), (await cleanVersion(t, c.socket)).toString());
  });
});

t.test('reset on a TCP listener of ctrd-sim: a TCP reset, whatever of the answer got through before it', async (t) => {
  const { dir: home, file } = writeFaultsFile(t, { seed: 1, faults: [{ method: 'GET', path: '/version', kind: 'reset', afterBytes: 20, probability: 1 }] });
  const sim = startSimProcess(['-H', `unix://${join(home, 'd.sock')}`, '-H', 'tcp://127.0.0.1:0', '--client-faults', file]);
  t.teardown(() => sim.kill());
  const [, port] = await sim.waitFor(/API listen on tcp:\/\/127\.0\.0\.1:(\d+)/);
  await sim.waitFor(/completed initialization/);
  const wire = await raw({ host: '127.0.0.1', port: Number(port) }, 'GET', '/v1.44/version');
  t.notOk(wire.ended, 'no end');
  t.match(wire.error, /^(aborted|ECONNRESET)$/, 'node: the connection was reset');
  t.ok(wire.body.length <= 20, `at most the 20 bytes before the reset (${wire.body.length})`);
  await t.test('docker CLI', cli, async (t) => {
    const run = await docker(['version', '--format', '{{.Server.Version}}'], `tcp://127.0.0.1:${port}`, home);
    t.equal(run.code, 1);
    t.match(run.stderr, /connection reset by peer|unexpected EOF/);
  });
});

// The peer's kernel may drop what it had not yet handed over when the RST comes: only the reset is certain.
t.test('a reset on TCP is a TCP reset: the peer sees ECONNRESET', async (t) => {
  const server = createServer((socket) => socket.write('partial', () => cutConnection(socket, 'reset')));
  t.teardown(() => server.close());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const outcome = await new Promise<string>((resolve) => {
    const client = connect(port, '127.0.0.1');
    let got = '';
    client.on('data', (chunk) => (got += chunk));
    client.on('error', (error: NodeJS.ErrnoException) => resolve(`${got} ${error.code}`));
    client.on('end', () => resolve(`${got} end`));
  });
  t.match(outcome, /^(partial)? ECONNRESET$|^partial ECONNRESET$/);
});
