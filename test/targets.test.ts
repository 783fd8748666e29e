import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { HttpClient } from '../suites/http/client.js';
import { readFacts } from '../suites/targets/facts.js';
import { LogBuffer } from '../suites/targets/log-buffer.js';
import { liveCount } from '../suites/targets/process/live-processes.js';
import { isRunning, pidsMentioning } from '../suites/targets/process/reaper.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import type { StartRequest, Target, TargetInstance } from '../suites/targets/target.js';
import { realDaemons } from './helpers/real-daemons.js';

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/transcripts/dockerd-28.5.json.gz', import.meta.url));
const DIST = fileURLToPath(new URL('../', import.meta.url));

const sorted = (set: ReadonlySet<string>): string[] => [...set].sort();

async function started(target: Target, t: { teardown(fn: () => Promise<void>): void }, request?: StartRequest): Promise<TargetInstance> {
  const outcome = await target.start(request);
  if (!outcome.ok) throw new Error(`${target.spec} did not start: ${outcome.output}`);
  t.teardown(() => outcome.instance.stop());
  return outcome.instance;
}

async function ping(instance: TargetInstance): Promise<number> {
  const client = new HttpClient(instance.endpoint);
  try {
    return (await client.request('GET', '/_ping', { timeoutMs: 5_000 })).status;
  } finally {
    client.close();
  }
}

/** Polls until `condition` holds or `ms` pass. */
async function eventually(condition: () => boolean, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

const scratch = mkdtempSync('/tmp/ctc-targets-');
t.teardown(() => rmSync(scratch, { recursive: true, force: true }));

t.test('capabilities and surfaces per kind of target', async (t) => {
  const cases: [string, string, string[], string[]][] = [
    [
      'sim',
      'in-process',
      ['exit', 'logs', 'objects', 'plugins', 'reload', 'restart', 'start', 'tls', 'wire'],
      ['daemon-api', 'daemon-process', 'model-runner-api', 'model-runner-service'],
    ],
    [
      'sim-process',
      'process',
      ['exit', 'logs', 'netns', 'objects', 'plugins', 'reload', 'restart', 'signal', 'start', 'tls', 'umask', 'wire'],
      ['daemon-api', 'daemon-process', 'model-runner-api', 'model-runner-service'],
    ],
    [
      `daemon:${process.execPath}`,
      'process',
      ['exit', 'logs', 'netns', 'objects', 'plugins', 'reload', 'restart', 'signal', 'start', 'tls', 'umask', 'wire'],
      ['daemon-api', 'daemon-process'],
    ],
    ['container:unix:///tmp/ctc-none/engine.sock', 'container', ['logs', 'objects', 'reload', 'restart', 'start', 'wire'], ['daemon-api', 'daemon-process']],
    ['endpoint:unix:///tmp/ctc-none/d.sock', 'endpoint', ['objects', 'wire'], ['daemon-api']],
    ['endpoint:tcp://127.0.0.1:2375', 'endpoint', ['objects', 'wire'], ['daemon-api']],
    ['endpoint:https://127.0.0.1:2376', 'endpoint', ['objects', 'tls', 'wire'], ['daemon-api']],
    [`replay:${FIXTURE}`, 'replay', [], ['daemon-api']],
    ['openai:http://127.0.0.1:12434/engines/v1', 'openai', [], ['model-runner-api']],
  ];
  for (const [spec, kind, capabilities, surfaces] of cases) {
    const target = resolveTarget(spec, {});
    t.equal(target.kind, kind, `${spec}: kind`);
    t.same(sorted(target.capabilities), capabilities, `${spec}: capabilities`);
    t.same(sorted(target.surfaces), surfaces, `${spec}: surfaces`);
  }
  t.throws(() => resolveTarget('openai:http://192.0.2.1:12434/engines/v1', {}), { code: 'ENDPOINT_NOT_LOOPBACK' }, 'openai: loopback only');
  t.equal(resolveTarget('openai:http://192.0.2.1:12434/engines/v1', { allowRemote: true }).kind, 'openai', 'unless remote is allowed');
  t.throws(() => resolveTarget('openai:', {}), { code: 'TARGET_SPEC' });
});

t.test('sim-process: writeConfig + reload shows in the log, kill returns, restart gives a new working instance', async (t) => {
  const target = resolveTarget('sim-process', {});
  const outcome = await target.start({ config: { debug: false } });
  if (!outcome.ok) throw new Error(outcome.output);
  const first = outcome.instance;
  t.teardown(() => first.stop());
  t.type(first.pid, 'number');
  t.same(first.endpoints.listeners, [first.endpoint]);
  t.same(first.endpoints.daemon, first.endpoint);
  t.match(first.output(), /Daemon has completed initialization/);
  const service = first.endpoints.modelRunnerService;
  t.match(service?.tcp, { kind: 'tcp', host: '127.0.0.1' }, 'the model runner over TCP, on the port ctrd-sim logged');
  t.same(service?.socket, { ...first.endpoint, basePath: '/exp/vENG4.40' }, 'and under the prefix on the daemon socket');
  t.same(first.endpoints.modelRunner, { ...service!.tcp, basePath: '/engines/v1' }, 'the OpenAI base');

  const mark = first.logMark();
  await first.writeConfig({ debug: true });
  await first.reload();
  t.ok(await eventually(() => /Reloaded configuration/.test(first.logSince(mark))), 'the reload is in the log after the mark');
  t.notMatch(first.logSince(mark), /completed initialization/, 'logSince leaves out what came before the mark');

  const broken = first.logMark();
  await first.writeConfig('{"debug": tru');
  await first.signal('SIGHUP');
  t.ok(await eventually(() => /Error reloading configuration/.test(first.logSince(broken))), 'a bad file is refused on reload');
  t.equal(await ping(first), 200, 'still serving the old configuration');
  await first.writeConfig({ debug: true });

  const code = await first.kill();
  t.equal(code, 137, 'kill: SIGKILL, exit status 128 + 9');
  t.notOk(isRunning(first.pid!), 'the process is gone');

  const again = await first.restart();
  if (!again.ok) throw new Error(again.output);
  t.teardown(() => again.instance.stop());
  t.not(again.instance.pid, first.pid, 'a new process');
  t.same(again.instance.endpoint, first.endpoint, 'in the same private directory');
  t.equal(await ping(again.instance), 200, 'the restarted daemon answers');
  const client = new HttpClient(again.instance.endpoint);
  t.equal((await readFacts(client)).observedApi.source, 'version');
  client.close();
  t.match(again.instance.output(), /Reloaded configuration[\s\S]*completed initialization/, 'one log across the restart');

  await again.instance.stop();
  const dir = first.endpoint.kind === 'unix' ? join(first.endpoint.path, '..') : '';
  t.notOk(existsSync(dir), 'stop removes the private directory');
});

t.test('a start under a umask: the process targets run the daemon with it; the in-process simulator cannot', async (t) => {
  const target = resolveTarget('sim-process', {});
  for (const umask of [0, 0o027]) {
    const instance = await started(target, t, { umask });
    const status = readFileSync(`/proc/${instance.pid!}/status`, 'utf8');
    t.match(status, new RegExp(`^Umask:\\s+${umask.toString(8).padStart(4, '0')}$`, 'm'), `umask ${umask.toString(8)} reaches the daemon process`);
    t.equal(await ping(instance), 200);
  }
  await t.rejects(target.start({ umask: 0o1000 }), { code: 'TARGET_SPEC' }, 'a umask beyond 0777 is refused');
  await t.rejects(resolveTarget('sim', {}).start({ umask: 0 }), { code: 'TARGET_NOT_CAPABLE' });
});

t.test('in-process simulator: reload and restart, no signals', async (t) => {
  const first = await started(resolveTarget('sim', {}), t);
  const mark = first.logMark();
  await first.writeConfig({ debug: true });
  await first.reload();
  t.match(first.logSince(mark), /Reloaded configuration/);
  await t.rejects(first.signal('SIGHUP'), { code: 'TARGET_NOT_CAPABLE' });
  await t.rejects(first.kill(), { code: 'TARGET_NOT_CAPABLE', message: /lacks the capability "signal"/ });
  const again = await first.restart();
  if (!again.ok) throw new Error(again.output);
  t.teardown(() => again.instance.stop());
  t.equal(await ping(again.instance), 200);
});

t.test('a restart with a configuration the daemon refuses reports it and leaves nothing behind', async (t) => {
  const first = await started(resolveTarget('sim-process', {}), t);
  const again = await first.restart({ config: '{"debug": tru' });
  t.equal(again.ok, false);
  if (!again.ok) t.not(again.exitCode, 0);
  const dir = first.endpoint.kind === 'unix' ? join(first.endpoint.path, '..') : '';
  t.notOk(existsSync(dir), 'the directory is removed');
});

t.test('operations a target lacks throw TARGET_NOT_CAPABLE', async (t) => {
  const server = createServer((_req, res) => res.end('OK'));
  const socket = join(scratch, 'e.sock');
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const endpoint = await started(resolveTarget(`endpoint:unix://${socket}`, {}), t);
  t.equal(await ping(endpoint), 200);
  const operations: [string, () => Promise<unknown>][] = [
    ['writeConfig', () => endpoint.writeConfig({})],
    ['signal', () => endpoint.signal('SIGHUP')],
    ['reload', () => endpoint.reload()],
    ['restart', () => endpoint.restart()],
    ['kill', () => endpoint.kill()],
  ];
  for (const [name, run] of operations) {
    await t.rejects(run(), { code: 'TARGET_NOT_CAPABLE' }, `endpoint: ${name}`);
  }
  t.equal(endpoint.output(), '', 'no logs');
  t.equal(endpoint.logSince(endpoint.logMark()), '');
  await t.rejects(resolveTarget(`endpoint:unix://${socket}`, {}).start({ args: ['--debug'] }), { code: 'TARGET_NOT_CONFIGURABLE' });

  const replay = await started(resolveTarget(`replay:${FIXTURE}`, {}), t);
  await t.rejects(replay.writeConfig({}), { code: 'TARGET_NOT_CAPABLE' });
  await t.rejects(replay.restart(), { code: 'TARGET_NOT_CAPABLE' });
});

t.test('openai target: only the OpenAI-compatible API, under its base path; no /version', async (t) => {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (req.url === '/engines/v1/models') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'list', data: [{ id: 'ai/smollm2', object: 'model' }] }));
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('404 page not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as { port: number }).port;
  const target = resolveTarget(`openai:http://127.0.0.1:${port}/engines/v1`, {});
  const instance = await started(target, t);
  t.equal(instance.endpoints.daemon, undefined, 'no daemon API');
  t.same(instance.endpoints.modelRunner, { kind: 'tcp', host: '127.0.0.1', port, basePath: '/engines/v1' });
  t.same(instance.endpoint, instance.endpoints.modelRunner);
  const client = new HttpClient(instance.endpoint);
  t.teardown(() => client.close());
  const facts = await readFacts(client);
  t.same(
    facts,
    { version: null, apiMax: null, apiMin: null, os: null, engine: null, server: null, brand: null, observedApi: { min: null, max: null, source: null } },
    'readFacts: nulls, no throw',
  );
  const models = await client.request('GET', '/models');
  t.equal(models.status, 200);
  t.match(JSON.parse(models.body), { object: 'list' });
  t.ok(seen.includes('GET /engines/v1/models'), 'the base path prefixes every request');
  await t.rejects(instance.reload(), { code: 'TARGET_NOT_CAPABLE' });
});

t.test('readFacts falls back on /_ping headers when /version says nothing', async (t) => {
  const server = createServer((req, res) => {
    if (req.url === '/_ping') {
      res.writeHead(200, { 'api-version': '1.47', ostype: 'linux', 'docker-experimental': 'false' });
      return res.end('OK');
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html>not json</html>');
  });
  const socket = join(scratch, 'p.sock');
  await new Promise<void>((resolve) => server.listen(socket, resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const client = new HttpClient({ kind: 'unix', path: socket });
  t.teardown(() => client.close());
  t.same(await readFacts(client), {
    version: null,
    apiMax: '1.47',
    apiMin: null,
    os: 'linux',
    engine: null,
    server: null,
    brand: 'docker',
    observedApi: { min: null, max: '1.47', source: 'ping' },
  });
});

/** A "daemon" that serves /_ping on its -H socket and leaves a child behind that holds its output pipes. */
const FAKE_DAEMON = `
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
const argv = process.argv.slice(2);
if (argv.includes('--help')) { console.log('usage: fake-daemon -H unix://PATH'); process.exit(0); }
const socket = argv[argv.indexOf('-H') + 1].slice('unix://'.length);
const child = spawn('sleep', ['300'], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
child.unref();
console.log('leftover ' + child.pid);
createServer((req, res) => {
  if (req.url === '/crash') { res.end('bye'); setTimeout(() => process.exit(3), 10); return; }
  res.end('OK');
}).listen(socket);
process.on('SIGTERM', () => process.exit(0));
`;

t.test('the process layer ends what a daemon leaves behind, by PID, whether the daemon is stopped or crashed', async (t) => {
  const script = join(scratch, 'fake-daemon.mjs');
  writeFileSync(script, FAKE_DAEMON);
  const target = new SpawnedDaemonTarget({ spec: 'fake', command: [process.execPath, script] });
  for (const crash of [false, true]) {
    const outcome = await target.start();
    if (!outcome.ok) throw new Error(outcome.output);
    const instance = outcome.instance;
    t.ok(await eventually(() => /leftover \d+/.test(instance.output())));
    const leftover = Number(/leftover (\d+)/.exec(instance.output())![1]);
    t.ok(isRunning(leftover), 'the daemon left a child running');
    if (crash) {
      const client = new HttpClient(instance.endpoint);
      await client.request('GET', '/crash');
      client.close();
      t.ok(await eventually(() => !isRunning(instance.pid!)), 'the daemon crashed; its child lives on, reparented');
      t.ok(isRunning(leftover));
    }
    await instance.stop();
    t.notOk(isRunning(leftover), `${crash ? 'after a crash' : 'on stop'}: the leftover was ended`);
  }
  t.equal(liveCount(), 0, 'nothing registered for the exit hook');
});

t.test('a runner exits by itself after stopping a daemon that left a child behind', async (t) => {
  const script = join(scratch, 'fake-daemon-2.mjs');
  writeFileSync(script, FAKE_DAEMON);
  const runner = `
    const { SpawnedDaemonTarget } = await import(${JSON.stringify(join(DIST, 'suites/targets/spawned-daemon.js'))});
    const outcome = await new SpawnedDaemonTarget({ spec: 'fake', command: [process.execPath, ${JSON.stringify(script)}] }).start();
    if (!outcome.ok) { console.log('did not start'); process.exitCode = 1; }
    else { console.log(outcome.instance.output().trim()); await outcome.instance.stop(); }
  `;
  const begin = Date.now();
  const child = spawn(process.execPath, ['--input-type=module', '-e', runner], { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve(-1);
    }, 20_000);
    child.on('close', (c) => {
      clearTimeout(timer);
      resolve(c);
    });
  });
  t.equal(code, 0, `the runner exited on its own (${Date.now() - begin} ms): ${out}`);
  const leftover = Number(/leftover (\d+)/.exec(out)?.[1] ?? 0);
  t.ok(leftover > 0 && !isRunning(leftover), 'and its daemon left nothing running');
});

t.test('the log buffer keeps the start and the end, and marks stay true after a cut', async (t) => {
  const log = new LogBuffer(10, 20);
  log.append('0123456789');
  log.append('abcdefghij');
  const mark = log.mark();
  t.equal(mark, 20);
  log.append('KLMNOPQRSTUVWXYZ');
  t.equal(log.since(mark), 'KLMNOPQRSTUVWXYZ');
  log.append('!');
  t.equal(log.since(mark), 'KLMNOPQRSTUVWXYZ!', 'the tail still holds everything after the mark');
  log.append('12345');
  t.equal(log.since(mark), 'MNOPQRSTUVWXYZ!12345', 'what was cut is gone, the rest is there');
  t.equal(log.text(), '0123456789\n[ctr-conformance: 12 characters of output left out]\nMNOPQRSTUVWXYZ!12345');
  t.equal(log.since(log.mark()), '');
  t.match(log.since(0), /^0123456789/);
});

t.test('an endpoint reads TLS settings as the docker CLI does', async (t) => {
  const certs = join(scratch, 'certs');
  mkdirSync(certs);
  for (const name of ['ca.pem', 'cert.pem', 'key.pem']) writeFileSync(join(certs, name), `${name} text`);
  const env = { DOCKER_HOST: 'tcp://127.0.0.1:2376', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: certs };
  const target = resolveTarget('endpoint', { env });
  t.same(sorted(target.capabilities), ['objects', 'tls', 'wire']);
  const instance = await started(target, t);
  t.same(instance.endpoint, { kind: 'tcp', host: '127.0.0.1', port: 2376, tls: { ca: 'ca.pem text', cert: 'cert.pem text', key: 'key.pem text' } });
  t.throws(() => resolveTarget('endpoint', { env: { ...env, DOCKER_CERT_PATH: '' } }), { code: 'TARGET_SPEC', message: /DOCKER_CERT_PATH is not/ });
  t.same(sorted(resolveTarget('endpoint', { env: { DOCKER_HOST: 'tcp://127.0.0.1:2375' } }).capabilities), ['objects', 'wire'], 'no TLS without TLS_VERIFY');
});

const real = realDaemons();
const newest = real.daemons[real.daemons.length - 1];
t.test(
  'a real dockerd through the process layer: reload, kill, restart, and nothing left after stop',
  { skip: newest === undefined ? `no real dockerd: ${real.missing ?? 'none listed'}` : false },
  async (t) => {
    const target = new SpawnedDaemonTarget({ spec: `daemon:${newest!.path}`, command: [newest!.path] });
    // A start that names its supervisor's namespace gets a containerd of its own, in its directory.
    const first = await started(target, t, { config: { 'containerd-namespace': 'ctc-own' } });
    const dir = first.endpoint.kind === 'unix' ? join(first.endpoint.path, '..') : '';
    t.ok(pidsMentioning(dir).length >= 2, 'dockerd and its containerd run in the private directory');
    const mark = first.logMark();
    await first.writeConfig({ 'containerd-namespace': 'ctc-own', debug: true });
    await first.reload();
    t.ok(await eventually(() => /Reloaded configuration/.test(first.logSince(mark))), 'SIGHUP reloads the rewritten file');
    t.equal(await first.kill(), 137);
    t.same(pidsMentioning(dir), [], 'kill also ends the containerd the killed dockerd left');
    const begin = Date.now();
    const again = await first.restart();
    if (!again.ok) throw new Error(again.output);
    t.ok(Date.now() - begin < 5_000, `restarted in ${Date.now() - begin} ms (no wait for a containerd it takes for alive)`);
    const client = new HttpClient(again.instance.endpoint);
    t.equal(JSON.parse((await client.request('GET', '/info')).body).Debug, true, 'the restarted daemon read the rewritten file');
    client.close();
    await again.instance.stop();
    t.same(pidsMentioning(dir), [], 'nothing mentions the directory after stop');
    t.notOk(existsSync(dir), 'the directory is removed');
  },
);

t.test(
  'real dockerds share one containerd, each in namespaces of its own; a start that names a supervisor option keeps its own',
  { skip: newest === undefined ? `no real dockerd: ${real.missing ?? 'none listed'}` : false },
  async (t) => {
    const target = new SpawnedDaemonTarget({ spec: `daemon:${newest!.path}`, command: [newest!.path] });
    const [a, b] = await Promise.all([started(target, t), started(target, t)]);
    const dirOf = (instance: TargetInstance): string => (instance.endpoint.kind === 'unix' ? join(instance.endpoint.path, '..') : '');
    const argsOf = (instance: TargetInstance): string[] => readFileSync(`/proc/${instance.pid}/cmdline`, 'latin1').split('\0');
    const flag = (args: string[], name: string): string | undefined => args[args.indexOf(name) + 1];
    const [argsA, argsB] = [argsOf(a), argsOf(b)];
    t.ok(flag(argsA, '--containerd') !== undefined && flag(argsA, '--containerd') === flag(argsB, '--containerd'), 'both are pointed at one supervisor');
    t.not(flag(argsA, '--containerd-namespace'), flag(argsB, '--containerd-namespace'), 'each in a namespace of its own');
    t.same(pidsMentioning(dirOf(a)), [a.pid], 'no containerd of its own in its directory');
    const supervisorDir = join(flag(argsA, '--containerd')!, '..');
    const [supervisor] = pidsMentioning(`${supervisorDir}/config.toml`);
    t.ok(supervisor !== undefined && isRunning(supervisor), 'the shared supervisor runs');
    const client = new HttpClient(a.endpoint);
    const info = JSON.parse((await client.request('GET', '/info')).body) as { Containerd?: { Address: string; Namespaces: { Containers: string } } };
    client.close();
    if (info.Containerd !== undefined) {
      t.equal(info.Containerd.Address, flag(argsA, '--containerd'), '/info names the shared supervisor');
      t.equal(info.Containerd.Namespaces.Containers, flag(argsA, '--containerd-namespace'), 'and its namespace');
    }
    const dirA = dirOf(a);
    await a.stop();
    t.same(pidsMentioning(dirA), [], 'nothing mentions the directory after stop');
    t.equal(await ping(b), 200, 'the other daemon still answers');
    await b.stop();
    t.ok(isRunning(supervisor!), 'the supervisor outlives the daemons (it ends with the runner)');
    const own = await started(target, t, { args: ['--containerd-namespace=ctc-own'] });
    t.equal(
      argsOf(own)
        .filter((arg) => arg.startsWith('--containerd'))
        .join(' '),
      '--containerd-namespace=ctc-own',
      'a start naming a supervisor option gets no shared one',
    );
    t.ok(pidsMentioning(dirOf(own)).length >= 2, 'and starts a containerd of its own in its directory');
  },
);

t.test('which starts choose their supervisor themselves', async (t) => {
  const { choosesSupervisor } = await import('../suites/targets/process/shared-supervisor.js');
  for (const option of ['containerd', 'containerd-namespace', 'containerd-plugins-namespace', 'cri-containerd']) {
    t.ok(choosesSupervisor([`--${option}`, 'x'], {}), `--${option} VALUE`);
    t.ok(choosesSupervisor([`--${option}=x`], {}), `--${option}=VALUE`);
    t.ok(choosesSupervisor([], { [option]: 'x' }), `the file key ${option}`);
  }
  t.ok(choosesSupervisor([], '{"containerd": "x",'), 'raw text naming it');
  t.notOk(choosesSupervisor(['--debug', '--containerdx'], { debug: true, 'containerd-x': 1 }), 'other options');
  t.notOk(choosesSupervisor([], '{"debug": true}'), 'raw text without it');
});

t.test('after a restart the old instance is superseded: its stop leaves the new daemon alone', async (t) => {
  for (const spec of ['sim', 'sim-process']) {
    const first = await started(resolveTarget(spec, {}), t);
    const again = await first.restart();
    if (!again.ok) throw new Error(again.output);
    t.teardown(() => again.instance.stop());
    await first.stop();
    t.equal(await ping(again.instance), 200, `${spec}: the new instance still answers after the old one's stop`);
    await t.rejects(first.reload(), { code: 'TARGET_START', message: /was restarted/ }, `${spec}: operations on the old instance are refused`);
    await t.rejects(first.restart(), { code: 'TARGET_START' });
  }
});
