/**
 * Benchmark section 7 (not a test): listeners. One run, ctrd-sim (as a process) and dockerd 28.5:
 * - `GET /_ping` requests per second over the unix socket, plain TCP on 127.0.0.1 and TCP + TLS
 *   with client verification (--tlsverify);
 * - the cost of one authorization plugin in the chain: the same over the unix socket with
 *   `--authorization-plugin ctcbench` (suites/fixtures/authz-plugin.ts, allowing everything).
 *
 *   node dist/bench/listeners.js [--no-write] [--skip-real]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeResultsSection } from './results-section.js';
import { sharedTlsMaterial, writeTlsFiles, type TlsMaterial } from '../suites/listeners/certificates.js';
import { freePort } from '../suites/listeners/ports.js';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import type { StartRequest, TargetInstance } from '../suites/targets/target.js';
import { makeRunDir, removeRunDir } from '../suites/targets/temp-dir.js';
import { CLOCK_TICKS, cpuTicks } from './process-cpu.js';
import { median } from './stats.js';

const args = new Set(process.argv.slice(2));
const WRITE = !args.has('--no-write');
const SKIP_REAL = args.has('--skip-real');
const RELEASE = '28.5';
const CLIENTS = 16;
const WARMUP_MS = 300;
const MEASURE_MS = 1_500;
/** Rounds interleaved across every cell (after one discarded round); medians are reported. */
const ROUNDS = 5;
const PLUGIN = 'ctcbench';

// ───────────────────────────── clean-up ─────────────────────────────

/** What to undo, newest last: daemons, the plugin process, temp directories. */
const cleanups: (() => Promise<void> | void)[] = [];

async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      process.stderr.write(`bench: clean-up: ${(error as Error).message}\n`);
    }
  }
}

for (const name of ['SIGINT', 'SIGTERM'] as const) {
  process.once(name, () => {
    process.stderr.write(`\nbench: ${name}, stopping the daemons\n`);
    void cleanUp().then(() => process.exit(130));
  });
}

function tempDir(): string {
  const dir = makeRunDir();
  cleanups.push(() => removeRunDir(dir));
  return dir;
}

// ───────────────────────────── set-up ─────────────────────────────

interface TlsSetup {
  readonly material: TlsMaterial;
  /** `--tlscacert … --tlscert … --tlskey …` */
  readonly fileArgs: readonly string[];
}

async function tlsSetup(): Promise<TlsSetup> {
  const material = await sharedTlsMaterial();
  const dir = tempDir();
  writeTlsFiles(dir, { ca: material.ca.cert, cert: material.server.cert, key: material.server.key });
  return { material, fileArgs: ['--tlscacert', join(dir, 'ca.pem'), '--tlscert', join(dir, 'cert.pem'), '--tlskey', join(dir, 'key.pem')] };
}

/** The test plugin's call count, asked over its stdin. */
interface PluginProcess {
  calls(): Promise<number>;
}

/**
 * The test plugin in a process of its own: in this one it would share the event loop with the
 * load generator, and every plugin call would wait behind the clients' work.
 */
async function startPluginProcess(dir: string): Promise<PluginProcess> {
  const module = new URL('../suites/fixtures/authz-plugin.js', import.meta.url).href;
  const script = [
    `const { startAuthzPlugin } = await import(${JSON.stringify(module)});`,
    `const plugin = await startAuthzPlugin(${JSON.stringify(dir)}, ${JSON.stringify(PLUGIN)});`,
    `process.stdout.write('ready\\n');`,
    `process.stdin.on('data', () => process.stdout.write(plugin.calls.length + '\\n'));`,
  ].join('\n');
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  cleanups.push(() => stopChild(child));
  const lines = lineReader(child);
  if ((await lines()) !== 'ready') throw new Error('the authorization plugin did not start');
  return {
    calls: async () => {
      child.stdin!.write('\n');
      return Number(await lines());
    },
  };
}

/** Resolves each call with the child's next stdout line. */
function lineReader(child: ChildProcess): () => Promise<string> {
  const waiting: ((line: string) => void)[] = [];
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    for (let end = pending.indexOf('\n'); end >= 0; end = pending.indexOf('\n')) {
      waiting.shift()?.(pending.slice(0, end));
      pending = pending.slice(end + 1);
    }
  });
  child.once('exit', () => waiting.splice(0).forEach((resolve) => resolve('')));
  return () => new Promise((resolve) => waiting.push(resolve));
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function startInstance(target: SpawnedDaemonTarget, request: StartRequest): Promise<TargetInstance> {
  const outcome = await target.start(request);
  if (!outcome.ok) throw new Error(`did not start (exit ${outcome.exitCode}): ${outcome.output.trim().split('\n').slice(-2).join(' | ')}`);
  const { instance } = outcome;
  cleanups.push(() => instance.stop());
  return instance;
}

// ───────────────────────────── cells ─────────────────────────────

type Transport = 'unix' | 'tcp' | 'tls' | 'authz';
const TRANSPORTS: readonly Transport[] = ['unix', 'tcp', 'tls', 'authz'];
const TRANSPORT_LABEL: Record<Transport, string> = {
  unix: 'unix socket',
  tcp: 'TCP 127.0.0.1',
  tls: 'TCP + TLS, --tlsverify',
  authz: 'unix socket + 1 authz plugin',
};

/** How a client reaches one listener: a fresh keep-alive agent per window, and where to send. */
interface Route {
  readonly agent: () => HttpAgent;
  readonly options: RequestOptions;
  readonly secure: boolean;
}

interface Window {
  readonly rps: number;
  readonly failed: number;
  /** Every answer of the window, the warm-up included (to divide the plugin's calls by). */
  readonly answered: number;
  readonly clientCores: number;
  readonly serverUsPerRequest?: number;
  pluginCallsPerRequest?: number;
}

interface Cell {
  readonly target: string;
  readonly transport: Transport;
  route?: Route;
  pid?: number;
  error?: string;
  readonly windows: Window[];
}

const keepAlive = { keepAlive: true, maxSockets: CLIENTS };

const unixRoute = (instance: TargetInstance): Route => {
  if (instance.endpoint.kind !== 'unix') throw new Error('the daemon endpoint is not a unix socket');
  return { agent: () => new HttpAgent(keepAlive), options: { socketPath: instance.endpoint.path }, secure: false };
};
const tcpRoute = (port: number): Route => ({ agent: () => new HttpAgent(keepAlive), options: { host: '127.0.0.1', port }, secure: false });
const tlsRoute = (port: number, material: TlsMaterial): Route => ({
  agent: () => new HttpsAgent({ ...keepAlive, ca: material.ca.cert, cert: material.client.cert, key: material.client.key }),
  options: { host: '127.0.0.1', port },
  secure: true,
});

/** The three daemons of one target: unix + plain TCP, TLS, and unix with the plugin. */
async function startCells(name: string, target: SpawnedDaemonTarget, tls: TlsSetup, pluginDir: string): Promise<Cell[]> {
  const cells = Object.fromEntries(TRANSPORTS.map((t) => [t, { target: name, transport: t, windows: [] } as Cell])) as Record<Transport, Cell>;
  const attempt = async (covers: readonly Transport[], start: () => Promise<void>): Promise<void> => {
    try {
      await start();
    } catch (error) {
      for (const t of covers) cells[t].error = (error as Error).message;
      process.stdout.write(`  ${name} (${covers.join(', ')}): ${(error as Error).message}\n`);
    }
  };
  await attempt(['unix', 'tcp'], async () => {
    const port = await freePort();
    const instance = await startInstance(target, { args: ['-H', `tcp://127.0.0.1:${port}`] });
    Object.assign(cells.unix, { route: unixRoute(instance), pid: instance.pid });
    Object.assign(cells.tcp, { route: tcpRoute(port), pid: instance.pid });
  });
  await attempt(['tls'], async () => {
    const port = await freePort();
    const instance = await startInstance(target, { args: ['--tlsverify', ...tls.fileArgs, '-H', `tcp://127.0.0.1:${port}`] });
    Object.assign(cells.tls, { route: tlsRoute(port, tls.material), pid: instance.pid });
  });
  await attempt(['authz'], async () => {
    const instance = await startInstance(target, { args: ['--authorization-plugin', PLUGIN], pluginDir });
    Object.assign(cells.authz, { route: unixRoute(instance), pid: instance.pid });
  });
  return TRANSPORTS.map((t) => cells[t]);
}

// ───────────────────────────── load ─────────────────────────────

function ping(route: Route, agent: HttpAgent): Promise<number> {
  return new Promise((resolve, reject) => {
    const send = route.secure ? httpsRequest : httpRequest;
    const req = send({ ...route.options, agent, method: 'GET', path: '/_ping' }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One window on one cell: CLIENTS closed-loop clients on a fresh keep-alive agent (connections,
 * and TLS handshakes, are made during the warm-up); answers completed in the counted part count.
 */
async function measureWindow(route: Route, pid: number | undefined, warmupMs: number, measureMs: number): Promise<Window> {
  const agent = route.agent();
  let counting = false;
  let stopped = false;
  let served = 0;
  let failed = 0;
  let answered = 0;
  const runClient = async (): Promise<void> => {
    while (!stopped) {
      const status = await ping(route, agent).catch(() => 0);
      answered++;
      if (counting) status === 200 ? served++ : failed++;
    }
  };
  const clients = Array.from({ length: CLIENTS }, runClient);
  await sleep(warmupMs);
  const ticksBefore = cpuTicks(pid);
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  counting = true;
  await sleep(measureMs);
  counting = false;
  const elapsed = performance.now() - began;
  const ticksAfter = cpuTicks(pid);
  const clientCpu = process.cpuUsage(cpuBefore);
  stopped = true;
  await Promise.all(clients);
  agent.destroy();
  return {
    rps: (served * 1000) / elapsed,
    failed,
    answered,
    clientCores: (clientCpu.user + clientCpu.system) / 1000 / elapsed,
    ...(ticksBefore !== undefined && ticksAfter !== undefined && served > 0
      ? { serverUsPerRequest: ((ticksAfter - ticksBefore) * 1e6) / CLOCK_TICKS / served }
      : {}),
  };
}

async function measureCell(cell: Cell, plugin: PluginProcess, warmupMs: number, measureMs: number): Promise<Window> {
  const callsBefore = cell.transport === 'authz' ? await plugin.calls() : 0;
  const window = await measureWindow(cell.route!, cell.pid, warmupMs, measureMs);
  if (cell.transport === 'authz') window.pluginCallsPerRequest = ((await plugin.calls()) - callsBefore) / window.answered;
  return window;
}

/** One discarded round of short windows, then ROUNDS rounds, each visiting every cell in turn. */
async function measureInterleaved(cells: readonly Cell[], plugin: PluginProcess): Promise<void> {
  const live = cells.filter((c) => c.route !== undefined);
  for (const cell of live) await measureCell(cell, plugin, WARMUP_MS, 500);
  for (let round = 1; round <= ROUNDS; round++) {
    const line: string[] = [];
    for (const cell of live) {
      const window = await measureCell(cell, plugin, WARMUP_MS, MEASURE_MS);
      cell.windows.push(window);
      line.push(`${cell.target} ${cell.transport} ${Math.round(window.rps)}/s${window.failed > 0 ? ` (${window.failed} failed!)` : ''}`);
    }
    process.stdout.write(`  round ${round}/${ROUNDS}: ${line.join(' · ')}\n`);
  }
}

// ───────────────────────────── report ─────────────────────────────

const measured = (cell: Cell | undefined): cell is Cell => cell !== undefined && cell.windows.length > 0;
const medianOf = (cell: Cell, value: (w: Window) => number | undefined): number | undefined => {
  const values = cell.windows.flatMap((w) => (value(w) === undefined ? [] : [value(w)!]));
  return values.length === 0 ? undefined : median(values);
};
/** Median over the rounds of a/b measured in the same round: close in time, so less exposed to drift. */
const pairedRatio = (a: Cell | undefined, b: Cell | undefined): number | undefined =>
  measured(a) && measured(b) ? median(a.windows.map((w, i) => w.rps / (b.windows[i]?.rps ?? Number.NaN)).filter(Number.isFinite)) : undefined;

const times = (x: number | undefined): string => (x === undefined ? 'n/a' : `${x.toFixed(2)}×`);
const micro = (x: number | undefined): string => (x === undefined ? 'n/a' : `${x.toFixed(1)} µs`);

function rpsText(cell: Cell | undefined): string {
  if (cell === undefined) return 'not measured';
  if (cell.windows.length === 0) return `failed: ${cell.error ?? 'no window'}`;
  const values = cell.windows.map((w) => w.rps);
  const failed = cell.windows.reduce((sum, w) => sum + w.failed, 0);
  return `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})${failed > 0 ? `, **${failed} failed**` : ''}`;
}

function transportRow(transport: Transport, sim: Cell | undefined, real: Cell | undefined): string {
  const cpu = (cell: Cell | undefined): string => (measured(cell) ? micro(medianOf(cell, (w) => w.serverUsPerRequest)) : 'n/a');
  const cores = (cell: Cell | undefined): string => (measured(cell) ? medianOf(cell, (w) => w.clientCores)!.toFixed(2) : 'n/a');
  return `| ${TRANSPORT_LABEL[transport]} | ${rpsText(sim)} | ${rpsText(real)} | **${times(pairedRatio(sim, real))}** | ${cpu(sim)} | ${cpu(real)} | ${cores(sim)} / ${cores(real)} |`;
}

function ratioRow(label: string, over: Transport, under: Transport, sim: Map<Transport, Cell>, real: Map<Transport, Cell> | undefined): string {
  return `| ${label} | ${times(pairedRatio(sim.get(over), sim.get(under)))} | ${real === undefined ? 'n/a' : times(pairedRatio(real.get(over), real.get(under)))} |`;
}

/** Whether ctrd-sim is the bundle (scripts/bundle-sim.mjs writes its script beside the binary), not tsc's modules. */
const isBundled = (): boolean => existsSync(`${SIM_BIN}.script`);

function sectionLines(sim: Map<Transport, Cell>, real: Map<Transport, Cell> | undefined, notes: readonly string[]): string[] {
  const callsPerRequest = (cells: Map<Transport, Cell> | undefined): string => {
    const cell = cells?.get('authz');
    return measured(cell) ? (medianOf(cell, (w) => w.pluginCallsPerRequest)?.toFixed(2) ?? 'n/a') : 'n/a';
  };
  const realName = `dockerd ${RELEASE}`;
  return [
    '## 7. Listeners',
    '',
    `\`GET /_ping\` requests per second, ${CLIENTS} closed-loop clients on one node:http(s) keep-alive agent (one request in flight each), in the benchmark process.`,
    `Each daemon with the safety flags, listening on its unix socket plus: \`-H tcp://127.0.0.1:P\` (plain TCP); \`--tlsverify --tlscacert --tlscert --tlskey -H tcp://127.0.0.1:P\``,
    `(TLS, a client certificate signed by the test CA, suites/listeners/certificates.ts); or \`--authorization-plugin ${PLUGIN}\` with the test plugin of suites/fixtures/authz-plugin.ts`,
    '(allows everything; in a node process of its own, reached through the plugin directory: bound on /run/docker/plugins in a private mount namespace for dockerd, `--plugin-dir` for ctrd-sim).',
    `Three daemons per target, all running at once; each window uses a fresh agent: ${WARMUP_MS} ms warm-up (connections and TLS handshakes made there), then ${MEASURE_MS} ms counted.`,
    `One discarded round, then ${ROUNDS} rounds interleaved across all cells; req/s is the median (range over the rounds), ratios are medians of per-round ratios.`,
    "With keep-alive, TLS costs record encryption, not handshakes. \"CPU/req\": the daemon process's user + system CPU per answer (/proc/PID/stat; not the plugin's, not containerd's).",
    `ctrd-sim: \`--emulate ${RELEASE} --brand docker\`, ${isBundled() ? 'the bundled binary (as `npm run bench` runs it)' : 'the unbundled tsc output (this run did not come from `npm run bench`, which runs the bundled binary)'}.`,
    '',
    `| transport | ctrd-sim req/s | ${realName} req/s | ctrd-sim / ${realName} | ctrd-sim CPU/req | ${realName} CPU/req | load gen. cores (sim / dockerd) |`,
    '|:--|--:|--:|--:|--:|--:|--:|',
    ...TRANSPORTS.map((t) => transportRow(t, sim.get(t), real?.get(t))),
    '',
    `| within each target (paired) | ctrd-sim | ${realName} |`,
    '|:--|--:|--:|',
    ratioRow('TLS / unix', 'tls', 'unix', sim, real),
    ratioRow('plain TCP / unix', 'tcp', 'unix', sim, real),
    ratioRow('TLS / plain TCP', 'tls', 'tcp', sim, real),
    ratioRow('1 authz plugin / none (unix)', 'authz', 'unix', sim, real),
    `| plugin calls per request | ${callsPerRequest(sim)} | ${real === undefined ? 'n/a' : callsPerRequest(real)} |`,
    '',
    '- With a plugin every request waits for two plugin round trips (AuthZReq before it is served, AuthZRes after), each an HTTP request over a unix socket to another process: the drop is the cost of the chain, not of /_ping.',
    `- The load generator shares the machine's CPUs with the daemon; where it is the limit (its cores near 1), the faster daemon's req/s is understated and so is its ratio — "CPU/req" is the figure it does not cap.`,
    ...notes.map((n) => `- Note: ${n}`),
    '',
  ];
}

// ───────────────────────────── main ─────────────────────────────

function realDaemon(notes: string[]): string | undefined {
  if (SKIP_REAL) {
    notes.push(`--skip-real given: dockerd ${RELEASE} not measured`);
    return undefined;
  }
  const found = provisionedDaemons().daemons.find((d) => d.release === RELEASE);
  if (found === undefined) notes.push(`dockerd ${RELEASE} not provisioned: not measured`);
  return found?.path;
}

async function main(): Promise<void> {
  const notes: string[] = [];
  const realPath = realDaemon(notes);
  const tls = await tlsSetup();
  const pluginDir = tempDir();
  const plugin = await startPluginProcess(pluginDir);
  const simTarget = new SpawnedDaemonTarget({
    spec: 'sim-process',
    command: [process.execPath, SIM_BIN],
    fixedArgs: ['--emulate', RELEASE, '--brand', 'docker'],
    modelRunner: true,
  });
  process.stdout.write(`7. Listeners: GET /_ping, ${CLIENTS} keep-alive clients, ${WARMUP_MS} ms warm-up + ${MEASURE_MS} ms, ${ROUNDS} interleaved rounds\n`);
  const simCells = await startCells('ctrd-sim', simTarget, tls, pluginDir);
  const realCells =
    realPath === undefined
      ? undefined
      : await startCells('dockerd', new SpawnedDaemonTarget({ spec: `daemon:${realPath}`, command: [realPath] }), tls, pluginDir);
  await measureInterleaved([...simCells, ...(realCells ?? [])], plugin);
  const byTransport = (cells: readonly Cell[]): Map<Transport, Cell> => new Map(cells.map((c) => [c.transport, c]));
  const lines = sectionLines(byTransport(simCells), realCells === undefined ? undefined : byTransport(realCells), notes);
  process.stdout.write(`${lines.join('\n')}\n`);
  if (WRITE) writeResultsSection('## 7. Listeners', lines);
}

try {
  await main();
} finally {
  await cleanUp();
}
