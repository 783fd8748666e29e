import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import t from 'tap';
import { HttpClient } from '../suites/http/client.js';
import { startSimProcess } from './helpers/sim-process.js';

async function ping(endpoint: ConstructorParameters<typeof HttpClient>[0]): Promise<number> {
  const client = new HttpClient(endpoint);
  try {
    return (await client.request('GET', '/_ping')).status;
  } finally {
    client.close();
  }
}

function privateDir(t: { teardown(fn: () => void): void }): string {
  const dir = mkdtempSync('/tmp/ctc-t-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('-v, --help and usage errors', async (t) => {
  const version = startSimProcess(['-v']);
  t.equal(await version.exited, 0);
  t.match(version.output(), /^Ctr version \d+\.\d+\.\d+\+ctrd-sim, build ctrd-sim\n$/);
  await version.kill();

  const help = startSimProcess(['--help']);
  t.equal(await help.exited, 0);
  t.match(help.output(), /-H, --host list/);
  await help.kill();

  // cobra looks at --help before the arguments (observed on 20.10.24 and 28.5.2: help, exit 0).
  for (const argv of [
    ['--help', 'x'],
    ['x', '--help'],
    ['-h', 'x'],
  ]) {
    const withArgument = startSimProcess(argv);
    t.equal(await withArgument.exited, 0, `${argv.join(' ')} exits 0`);
    t.match(withArgument.output(), /-H, --host list/, `${argv.join(' ')} prints the help`);
    await withArgument.kill();
  }

  for (const [argv, message] of [
    // The daemon's (cobra's) form of usage errors (observed on 20.10, 26.1, 28.5), exit 1.
    [['--emulate', '26.1', '--bogus'], /^Status: unknown flag: --bogus\nSee 'ctrd --help'\., Code: 125\n$/],
    [['--emulate', '26.1', '--brand', 'docker', '--bogus'], /^Status: unknown flag: --bogus\nSee 'dockerd --help'\., Code: 125\n$/],
    // 28.x puts the whole usage between the two lines (observed on 28.5.2).
    [
      ['--emulate', '28.5', '--brand', 'docker', '--bogus'],
      /^Status: unknown flag: --bogus\nSee 'dockerd --help'\.\n\nUsage:\tdockerd \[OPTIONS\][\s\S]*--debug[\s\S]*\n, Code: 125\n$/,
    ],
    [['-H', 'udp://x'], /^Status: invalid argument "udp:\/\/x" for "-H, --host" flag: invalid bind address \(udp:\/\/x\): unsupported proto 'udp'\n/],
    [['-H', 'tcp://[::1'], /invalid bind address \(tcp:\/\/\[::1\): invalid address/],
    [['-H', 'fd://'], /no sockets found via socket activation/],
    [['--emulate', '3.0'], /unknown release/],
  ] as const) {
    const sim = startSimProcess(argv);
    t.equal(await sim.exited, 1, `${argv.join(' ')} exits 1`);
    t.match(sim.output(), message);
    await sim.kill();
  }
});

t.test('serves unix and tcp at once, then stops cleanly on SIGTERM', async (t) => {
  const dir = privateDir(t);
  const sim = startSimProcess(['-H', `unix://${join(dir, 'a.sock')}`, '-H', 'tcp://127.0.0.1:0']);
  const [, port] = await sim.waitFor(/API listen on tcp:\/\/127\.0\.0\.1:(\d+)/);
  await sim.waitFor(/completed initialization/);
  t.equal(await ping({ kind: 'unix', path: join(dir, 'a.sock') }), 200, 'unix socket answers');
  t.equal(await ping({ kind: 'tcp', host: '127.0.0.1', port: Number(port) }), 200, 'tcp answers');
  t.ok(existsSync(join(sim.dir, 'pid')), 'pid file written');
  t.equal(await sim.kill(), 0, 'SIGTERM exits 0');
  t.notOk(existsSync(join(dir, 'a.sock')), 'socket removed');
});

t.test('a live daemon holding the pid file blocks a second start', async (t) => {
  const first = startSimProcess(['-H', 'tcp://127.0.0.1:0']);
  await first.waitFor(/completed initialization/);
  const second = startSimProcess(['--pidfile', join(first.dir, 'pid'), '-H', 'tcp://127.0.0.1:0']);
  t.equal(await second.exited, 1);
  t.match(second.output(), /pid file found, ensure ctr is not running or delete/);
  await second.kill();
  await first.kill();
});

t.test('SIGHUP reloads the file: debug takes effect; a bad file keeps the old configuration serving', async (t) => {
  const dir = privateDir(t);
  const file = join(dir, 'daemon.json');
  const socket = { kind: 'unix', path: join(dir, 's.sock') } as const;
  writeFileSync(file, '{"debug": false}');
  const sim = startSimProcess(['-H', `unix://${socket.path}`, '--config-file', file, '--emulate', '28.5']);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  t.equal(await ping(socket), 200);
  t.notMatch(sim.output(), /Calling GET \/_ping/, 'no request lines while debug is off');

  writeFileSync(file, '{"debug": true}');
  sim.child.kill('SIGHUP');
  // 28.5's lines (observed): structured fields after the message.
  await sim.waitFor(new RegExp(`level=info msg="Got signal to reload configuration" config-file=${file.replace(/[.]/g, '\\.')}`));
  await sim.waitFor(/level=info msg="Reloaded configuration" config="\{.*\\"debug\\":true/);
  t.equal(await ping(socket), 200);
  await sim.waitFor(/level=debug msg="Calling GET \/_ping"/, 2_000);
  t.pass('with debug on after the reload, each request is logged as dockerd logs it');

  writeFileSync(file, '{"debug": tru');
  sim.child.kill('SIGHUP');
  await sim.waitFor(/Error reloading configuration/);
  t.equal(await ping(socket), 200, 'still serving after a failed reload');
});

t.test('SIGHUP on an emulated 26.1 logs as 26.1 does (the configuration inline)', async (t) => {
  const dir = privateDir(t);
  const file = join(dir, 'daemon.json');
  writeFileSync(file, '{}');
  const sim = startSimProcess(['-H', `unix://${join(dir, 's.sock')}`, '--config-file', file, '--emulate', '26.1']);
  t.teardown(() => sim.kill());
  await sim.waitFor(/completed initialization/);
  sim.child.kill('SIGHUP');
  await sim.waitFor(new RegExp(`msg="Got signal to reload configuration, reloading from: ${file.replace(/[.]/g, '\\.')}"`));
  await sim.waitFor(/msg="Reloaded configuration: \{/);
  t.pass('both lines in the 26.1 form');
});

t.test('socket activation: fd:// serves the inherited listening socket', async (t) => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const fd = (server as unknown as { _handle: { fd: number } })._handle.fd;
  // LISTEN_PID must be the daemon's own PID: a shell sets it to $$ and then execs the daemon.
  const sim = startSimProcess(['-H', 'fd://'], { wrapper: 'LISTEN_PID=$$ LISTEN_FDS=1 exec "$@"', stdio: ['ignore', 'pipe', 'pipe', fd] });
  await sim.waitFor(/API listen on fd:\/\/3/);
  // Only the daemon may accept from now on.
  await new Promise<void>((resolve) => server.close(() => resolve()));
  t.equal(await ping({ kind: 'tcp', host: '127.0.0.1', port }), 200, 'answers on the activated socket');
  await sim.kill();
});
