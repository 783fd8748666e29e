import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { compareVersions } from '../common/dotted-version.js';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg, release as kernelRelease, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { pidfileIn } from '../suites/targets/process/safety.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { daemonEnvironment, SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { findRelease, RELEASES } from '../specs/versions.js';
import { KNOWN_DEVIATIONS } from '../specs/known-deviations.js';
import { measureWholeRuns, WHOLE_RUN_CASES, WHOLE_RUN_SEED, wholeRunSeries } from './whole-run.js';
import { provisionedDaemons, type ProvisionedDaemon } from '../suites/targets/provisioned-daemons.js';
import type { TargetInstance } from '../suites/targets/target.js';
import { CLOCK_TICKS, cpuTicks } from './process-cpu.js';
import {
  coldStart,
  GOAL_COLD_RATIO,
  Interrupted,
  interrupted,
  measureInterleaved,
  nodeFloor,
  once,
  POLL_MS,
  running,
  type Series,
  runBenchmark,
  stopOnSignals,
} from './cold-start.js';
import { sectionsAfter } from './results-section.js';
import { coldStartReading } from './cold-start-reading.js';
import { median } from './stats.js';

// ───────────────────────────── settings ─────────────────────────────

const argv = new Set(process.argv.slice(2));
for (const flag of argv) {
  if (!['--skip-real', '--no-write', '--quick', '--help'].includes(flag)) {
    process.stderr.write(`bench: unknown option ${flag}\n`);
    process.exit(2);
  }
}
if (argv.has('--help')) {
  process.stdout.write('usage: node dist/bench/run.js [--skip-real] [--no-write] [--quick]\n');
  process.exit(0);
}
const SKIP_REAL = argv.has('--skip-real');
const WRITE = !argv.has('--no-write');
const QUICK = argv.has('--quick');

/** Repository root (dist/bench/run.js → ../..). */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RESULTS = join(ROOT, 'bench', 'RESULTS.md');
/** The last of the sections this script writes; the sections after it are the other scripts'. */
const WHOLE_RUN_HEADING = '## 3. A whole conformance run';
const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url));

/** Cold-start repetitions (one extra, discarded warm-up run precedes each series). */
const RUNS_FAST = QUICK ? 3 : 10;
/** Releases the table marks slowStart (26.1: more than a second to come up). */
const RUNS_SLOW = QUICK ? 2 : 5;

const CONNECTIONS = 32;
const WARMUP_MS = QUICK ? 200 : 500;
const MEASURE_MS = QUICK ? 1_000 : 2_000;
/** Throughput rounds, interleaved across the servers; medians over the rounds are reported. */
const ROUNDS = QUICK ? 1 : 7;

/** Whole conformance runs per target (section 3). */
const WHOLE_ROUNDS = QUICK ? 1 : 3;
const GOAL_RPS_RATIO = 0.8;
const REFERENCE_RELEASE = '28.5';

// ───────────────────────────── environment ─────────────────────────────

/** The variables SpawnedDaemonTarget hands to a daemon, optionally without NODE_EXTRA_CA_CERTS. */
const daemonEnv = (withExtraCa: boolean): Record<string, string> => daemonEnvironment(['NODE_OPTIONS', ...(withExtraCa ? ['NODE_EXTRA_CA_CERTS'] : [])]);
const EXTRA_CA = process.env['NODE_EXTRA_CA_CERTS'];

type RealDaemon = ProvisionedDaemon;

/** Real daemons from daemons.tsv, and a sentence for each one (or all) that cannot be used. */
function findRealDaemons(): { daemons: RealDaemon[]; missing: string[] } {
  if (SKIP_REAL) return { daemons: [], missing: ['--skip-real given: real dockerd not measured'] };
  const missing: string[] = [];
  if (process.getuid?.() !== 0) missing.push(`not running as root (uid ${process.getuid?.()}): dockerd cannot start, real daemons skipped`);
  const provisioned = provisionedDaemons();
  missing.push(...provisioned.problems);
  if (missing.length > 0) return { daemons: [], missing };
  const daemons = [...provisioned.daemons].sort((a, b) => compareVersions(a.release, b.release));
  if (!daemons.some((d) => d.release === REFERENCE_RELEASE)) missing.push(`dockerd ${REFERENCE_RELEASE} not provisioned: the cold-start goal cannot be judged`);
  return { daemons, missing };
}

// ───────────────────────────── cold start ─────────────────────────────

stopOnSignals();

const min = (values: readonly number[]): number => Math.min(...values);
const max = (values: readonly number[]): number => Math.max(...values);

// ───────────────────────────── throughput ─────────────────────────────

const PING = Buffer.from('GET /_ping HTTP/1.1\r\nHost: ctrd\r\nUser-Agent: ctr-conformance-bench\r\n\r\n', 'latin1');
const HEADER_END = '\r\n\r\n';
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;
const CHUNKED = /\r\ntransfer-encoding:\s*chunked/i;

interface LoadResult {
  readonly rps: number;
  readonly responses: number;
  readonly non200: number;
  readonly reconnects: number;
  /** CPU the load generator (this process) used during the window, in cores. */
  readonly clientCores: number;
  /** CPU the server process used per answer during the window (all its threads), or undefined. */
  readonly serverUsPerRequest?: number;
}

/** The server's PID, from the --pidfile the safety flags put next to its socket. */
function serverPid(socketPath: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidfileIn(dirname(socketPath)), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** The machine's CPU counters (/proc/stat first line), to report steal and load. */
function cpuCounters(): number[] {
  try {
    return readFileSync('/proc/stat', 'latin1').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  } catch {
    return [];
  }
}

/**
 * Closed-loop load: `connections` keep-alive connections, each sending the next `GET /_ping` as
 * soon as the previous answer is complete (no pipelining). A raw socket client, so that the load
 * generator costs far less than the servers it measures. Answers completed during the
 * `measureMs` window after `warmupMs` are counted.
 */
function rawLoad(path: string, connections: number, warmupMs: number, measureMs: number, pid: number | undefined): Promise<LoadResult> {
  return new Promise((resolve) => {
    let serverTicks: number | undefined;
    let clientCpu = process.cpuUsage();
    let counting = false;
    let stopped = false;
    let responses = 0;
    let non200 = 0;
    let reconnects = 0;
    let windowStart = 0;
    const sockets = new Set<Socket>();

    const open = (): void => {
      const socket = connect(path);
      sockets.add(socket);
      let pending = '';
      socket.on('connect', () => socket.write(PING));
      socket.on('data', (chunk: Buffer) => {
        pending += chunk.toString('latin1');
        for (;;) {
          const end = pending.indexOf(HEADER_END);
          if (end < 0) return;
          const head = pending.slice(0, end + 2);
          let total: number;
          const length = CONTENT_LENGTH.exec(head);
          if (length !== null) {
            total = end + 4 + Number(length[1]);
          } else if (CHUNKED.test(head)) {
            const last = pending.indexOf('\r\n0\r\n\r\n', end + 2);
            if (last < 0) return;
            total = last + 7;
          } else {
            total = end + 4;
          }
          if (pending.length < total) return;
          if (counting) {
            responses++;
            if (!pending.startsWith('HTTP/1.1 200 ')) non200++;
          }
          pending = pending.slice(total);
          if (stopped) return;
          socket.write(PING);
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        if (!stopped) {
          reconnects++;
          open();
        }
      });
    };
    for (let i = 0; i < connections; i++) open();

    setTimeout(() => {
      counting = true;
      windowStart = performance.now();
      serverTicks = cpuTicks(pid);
      clientCpu = process.cpuUsage();
      setTimeout(() => {
        const elapsed = performance.now() - windowStart;
        const ticksAfter = cpuTicks(pid);
        const client = process.cpuUsage(clientCpu);
        counting = false;
        stopped = true;
        for (const socket of sockets) socket.destroy();
        resolve({
          rps: (responses * 1000) / elapsed,
          responses,
          non200,
          reconnects,
          clientCores: (client.user + client.system) / 1000 / elapsed,
          ...(serverTicks !== undefined && ticksAfter !== undefined && responses > 0
            ? { serverUsPerRequest: ((ticksAfter - serverTicks) * 1e6) / CLOCK_TICKS / responses }
            : {}),
        });
      }, measureMs);
    }, warmupMs);
  });
}

interface Server {
  readonly label: string;
  readonly target: SpawnedDaemonTarget;
  instance?: TargetInstance;
  stop?: () => Promise<void>;
  rounds: LoadResult[];
  error?: string;
}

async function measureThroughput(servers: Server[]): Promise<void> {
  try {
    for (const server of servers) {
      if (interrupted()) throw new Interrupted('interrupted');
      const outcome = await server.target.start();
      if (outcome.ok) {
        const instance = outcome.instance;
        const stop = once(() => instance.stop());
        server.instance = instance;
        server.stop = stop;
        running.add(stop);
      } else {
        server.error = `did not start (exit ${outcome.exitCode}): ${outcome.output.trim().split('\n').slice(-2).join(' | ')}`;
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      const line: string[] = [];
      for (const server of servers) {
        if (interrupted()) throw new Interrupted('interrupted');
        if (server.instance === undefined || server.instance.endpoint.kind !== 'unix') continue;
        const path = server.instance.endpoint.path;
        const result = await rawLoad(path, CONNECTIONS, WARMUP_MS, MEASURE_MS, serverPid(path));
        server.rounds.push(result);
        const cpu = result.serverUsPerRequest === undefined ? '' : ` ${result.serverUsPerRequest.toFixed(1)} µs`;
        line.push(`${server.label} ${Math.round(result.rps)}/s${cpu}${result.non200 > 0 ? ` (${result.non200} non-200!)` : ''}`);
      }
      process.stdout.write(`  round ${round + 1}/${ROUNDS}: ${line.join(' · ')}\n`);
    }
  } finally {
    for (const server of servers) {
      if (server.stop === undefined) continue;
      await server.stop();
      running.delete(server.stop);
    }
  }
}

// ───────────────────────────── report ─────────────────────────────

function table(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `| ${header.map((_, i) => (i === 0 ? (cells[i] ?? '').padEnd(widths[i]!) : (cells[i] ?? '').padStart(widths[i]!))).join(' | ')} |`;
  return [line(header), `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`, ...rows.map(line)];
}

const ms = (value: number): string => `${value.toFixed(1)} ms`;
const times = (value: number): string => `${value.toFixed(2)}×`;
const pct = (value: number): string => `${(value * 100).toFixed(0)} %`;
const verdict = (met: boolean | undefined): string => (met === undefined ? 'not judged' : met ? 'met' : '**NOT met**');

/** Steal and busy shares of the machine's CPU time between two /proc/stat readings. */
function cpuShares(before: number[], after: number[]): { busy: number; steal: number } | undefined {
  if (before.length < 8 || after.length < 8) return undefined;
  const d = after.slice(0, 8).map((v, i) => v - (before[i] ?? 0));
  const total = d.reduce((a, b) => a + b, 0);
  if (total <= 0) return undefined;
  const idle = (d[3] ?? 0) + (d[4] ?? 0);
  return { busy: (total - idle) / total, steal: (d[7] ?? 0) / total };
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const load = loadavg();
  const countersAtStart = cpuCounters();
  const { daemons, missing } = findRealDaemons();
  const cpuList = cpus();
  const machine = [
    `node ${process.version} (${process.platform}/${process.arch})`,
    `${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'})`,
    `kernel ${kernelRelease()}`,
    `${Math.round(totalmem() / 2 ** 30)} GiB RAM`,
    `NODE_EXTRA_CA_CERTS ${EXTRA_CA === undefined ? 'not set' : 'set'}`,
  ];
  // How busy the machine is before we add anything: other work makes every number here noisy.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const before = cpuShares(countersAtStart, cpuCounters());
  const loadLine = `load average at start ${load.map((v) => v.toFixed(2)).join(' ')}${before === undefined ? '' : `, CPU busy in the second before the run ${pct(before.busy)}`}`;
  process.stdout.write(`ctr-conformance bench — ${startedAt.toISOString()}\n${machine.join(', ')}\n${loadLine}\n`);
  if ((before?.busy ?? 0) > 0.1) process.stdout.write('warning: the machine was busy when the benchmark started: expect noisy numbers\n');
  for (const reason of missing) process.stdout.write(`note: ${reason}\n`);
  if (!existsSync(SIM_BIN)) throw new Error(`${SIM_BIN} missing: run npm run build first`);
  const countersAtRun = cpuCounters();

  // 1. Cold start.
  const simCommand = [process.execPath, SIM_BIN];
  const bareCommand = [process.execPath, BARE_SERVER];
  const withCa = daemonEnv(true);
  const withoutCa = daemonEnv(false);
  const series: Series[] = [
    { label: 'node -e 0 (with NODE_EXTRA_CA_CERTS)', what: 'spawn → exit', runs: RUNS_FAST, measure: () => nodeFloor(withCa), samples: [] },
    { label: 'node -e 0 (without)', what: 'spawn → exit', runs: RUNS_FAST, measure: () => nodeFloor(withoutCa), samples: [] },
    { label: 'bare node:http server (without)', what: 'spawn → /_ping 200', runs: RUNS_FAST, measure: () => coldStart(bareCommand, withoutCa), samples: [] },
    { label: 'ctrd-sim (with NODE_EXTRA_CA_CERTS)', what: 'spawn → /_ping 200', runs: RUNS_FAST, measure: () => coldStart(simCommand, withCa), samples: [] },
    { label: 'ctrd-sim (without)', what: 'spawn → /_ping 200', runs: RUNS_FAST, measure: () => coldStart(simCommand, withoutCa), samples: [] },
    ...daemons.map(
      (d): Series => ({
        label: `dockerd ${d.release}`,
        what: 'spawn → /_ping 200',
        runs: findRelease(d.release)?.slowStart === true ? RUNS_SLOW : RUNS_FAST,
        measure: () => coldStart([d.path], withoutCa),
        samples: [],
      }),
    ),
  ];
  process.stdout.write(`\n1. Cold start (poll every ${POLL_MS} ms; one discarded warm-up run each)\n`);
  await measureInterleaved(series);

  // 2. Throughput.
  const reference = daemons.find((d) => d.release === REFERENCE_RELEASE);
  const noCa = { NODE_EXTRA_CA_CERTS: undefined };
  const bare: Server = { label: 'bare node:http', target: new SpawnedDaemonTarget({ spec: 'bare', command: bareCommand, env: noCa }), rounds: [] };
  const bareHeaders: Server = {
    label: 'bare + ctrd-sim ping headers',
    target: new SpawnedDaemonTarget({ spec: 'bare-headers', command: bareCommand, fixedArgs: ['--ping-headers'], env: noCa }),
    rounds: [],
  };
  const sim: Server = { label: 'ctrd-sim', target: new SpawnedDaemonTarget({ spec: 'sim-process', command: simCommand, env: noCa }), rounds: [] };
  const docker: Server | undefined =
    reference === undefined
      ? undefined
      : { label: `dockerd ${reference.release}`, target: new SpawnedDaemonTarget({ spec: `daemon:${reference.path}`, command: [reference.path] }), rounds: [] };
  const servers = [bare, bareHeaders, sim, ...(docker === undefined ? [] : [docker])];
  process.stdout.write(
    `\n2. Throughput: GET /_ping, ${CONNECTIONS} keep-alive connections × 1 in flight, ${WARMUP_MS} ms warm-up + ${MEASURE_MS} ms, ${ROUNDS} interleaved round(s) (req/s, server CPU per request)\n`,
  );
  await measureThroughput(servers);

  // 3. A whole conformance run.
  const wholeSeries = wholeRunSeries(REFERENCE_RELEASE, reference?.path, noCa);
  process.stdout.write(`\n3. A whole conformance run (seed ${WHOLE_RUN_SEED}, ${WHOLE_RUN_CASES} cases per property, ${WHOLE_ROUNDS} interleaved round(s))\n`);
  await measureWholeRuns(wholeSeries, WHOLE_ROUNDS, (line) => process.stdout.write(line));
  const conditions = cpuShares(countersAtRun, cpuCounters());

  // Cold-start summary.
  const cold = (label: string): number[] | undefined => {
    const s = series.find((x) => x.label === label);
    return s === undefined || s.error !== undefined || s.samples.length === 0 ? undefined : s.samples;
  };
  const coldRows = series.map((s) =>
    s.error !== undefined || s.samples.length === 0
      ? [s.label, s.what, String(s.samples.length), 'failed', '', '', s.error ?? 'no sample']
      : [s.label, s.what, String(s.samples.length), ms(median(s.samples)), ms(min(s.samples)), ms(max(s.samples)), ''],
  );
  const simNoCa = cold('ctrd-sim (without)');
  const simCa = cold('ctrd-sim (with NODE_EXTRA_CA_CERTS)');
  const floorNoCa = cold('node -e 0 (without)');
  const floorCa = cold('node -e 0 (with NODE_EXTRA_CA_CERTS)');
  const bareStart = cold('bare node:http server (without)');
  const dockerRef = cold(`dockerd ${REFERENCE_RELEASE}`);
  const coldLines: string[] = [];
  let coldGoal: boolean | undefined;
  if (simNoCa !== undefined && dockerRef !== undefined) {
    const r = median(simNoCa) / median(dockerRef);
    coldGoal = r <= GOAL_COLD_RATIO;
    coldLines.push(
      `- Goal: ctrd-sim (without NODE_EXTRA_CA_CERTS) / dockerd ${REFERENCE_RELEASE}, medians: **${times(r)}** (min/min ${times(min(simNoCa) / min(dockerRef))}); goal ≤ ${GOAL_COLD_RATIO}×: **${coldGoal ? 'met' : 'NOT met'}**`,
    );
    coldLines.push(
      ...coldStartReading({ sim: simNoCa, bare: bareStart, reference: dockerRef, referenceLabel: `dockerd ${REFERENCE_RELEASE}`, goal: GOAL_COLD_RATIO }),
    );
    if (simCa !== undefined)
      coldLines.push(
        `- ctrd-sim with NODE_EXTRA_CA_CERTS (as a user shell on these machines starts it; the suites leave the variable out) / dockerd ${REFERENCE_RELEASE}, medians: ${times(median(simCa) / median(dockerRef))}`,
      );
  } else {
    coldLines.push(
      `- Goal (ctrd-sim without NODE_EXTRA_CA_CERTS ≤ ${GOAL_COLD_RATIO}× dockerd ${REFERENCE_RELEASE}): **not judged** (${simNoCa === undefined ? 'ctrd-sim' : `dockerd ${REFERENCE_RELEASE}`} not measured)`,
    );
  }
  for (const d of daemons) {
    const s = cold(`dockerd ${d.release}`);
    if (s !== undefined && simNoCa !== undefined && d.release !== REFERENCE_RELEASE)
      coldLines.push(`- ctrd-sim (without) / dockerd ${d.release}, medians: ${times(median(simNoCa) / median(s))}`);
  }
  if (simNoCa !== undefined && floorNoCa !== undefined) {
    coldLines.push(
      `- ctrd-sim (without) above bare \`node -e 0\`: +${ms(median(simNoCa) - median(floorNoCa))}${bareStart === undefined ? '' : `; above the bare node:http server: +${ms(median(simNoCa) - median(bareStart))}`}`,
    );
  }
  if (simNoCa !== undefined && simCa !== undefined) {
    coldLines.push(
      `- NODE_EXTRA_CA_CERTS costs ctrd-sim +${ms(median(simCa) - median(simNoCa))} per start${floorCa !== undefined && floorNoCa !== undefined ? ` (\`node -e 0\`: +${ms(median(floorCa) - median(floorNoCa))})` : ''}`,
    );
  }

  // Throughput summary.
  const ok = (s: Server | undefined): s is Server => s !== undefined && s.rounds.length > 0;
  const medianRps = (s: Server): number => median(s.rounds.map((r) => r.rps));
  /** Median over the rounds of a/b measured in the same round (close in time, so less exposed to drift). */
  const pairedRatio = (a: Server, b: Server): number => median(a.rounds.map((r, i) => r.rps / (b.rounds[i]?.rps ?? Number.NaN)).filter(Number.isFinite));
  const cpuPerRequest = (s: Server): number | undefined => {
    const values = s.rounds.flatMap((r) => (r.serverUsPerRequest === undefined ? [] : [r.serverUsPerRequest]));
    return values.length === 0 ? undefined : median(values);
  };
  const rpsRows = servers.map((s) => {
    if (s.rounds.length === 0) return [s.label, 'failed', '', '', '', '', s.error ?? ''];
    const cpu = cpuPerRequest(s);
    const trouble = s.rounds.some((r) => r.non200 > 0 || r.reconnects > 0)
      ? `non-200: ${s.rounds.reduce((a, r) => a + r.non200, 0)}, reconnects: ${s.rounds.reduce((a, r) => a + r.reconnects, 0)}`
      : '';
    return [
      s.label,
      `${Math.round(medianRps(s))}`,
      s.rounds.map((r) => Math.round(r.rps)).join(' / '),
      ok(bare) ? pct(pairedRatio(s, bare)) : '',
      cpu === undefined ? '' : `${cpu.toFixed(1)} µs`,
      median(s.rounds.map((r) => r.clientCores)).toFixed(2),
      trouble,
    ];
  });
  const rpsLines: string[] = [];
  let rpsGoal: boolean | undefined;
  if (ok(sim) && ok(bare)) {
    const r = pairedRatio(sim, bare);
    rpsGoal = r >= GOAL_RPS_RATIO;
    rpsLines.push(
      `- Goal: ctrd-sim / bare node:http (median of per-round ratios): **${pct(r)}** (ratio of median req/s: ${pct(medianRps(sim) / medianRps(bare))}); goal ≥ ${pct(GOAL_RPS_RATIO)}: **${rpsGoal ? 'met' : 'NOT met'}**`,
    );
    const cs = cpuPerRequest(sim);
    const cb = cpuPerRequest(bare);
    if (cs !== undefined && cb !== undefined)
      rpsLines.push(
        `- Server CPU per request, bare / ctrd-sim: ${pct(cb / cs)} (the req/s ratio both would reach when CPU-bound; less sensitive to a busy machine than req/s)`,
      );
  } else {
    rpsLines.push(`- Goal (ctrd-sim ≥ ${pct(GOAL_RPS_RATIO)} of bare node:http): **not judged**`);
  }
  if (ok(sim) && ok(bareHeaders)) {
    const cs = cpuPerRequest(sim);
    const ch = cpuPerRequest(bareHeaders);
    rpsLines.push(
      `- ctrd-sim / bare server sending ctrd-sim's /_ping headers: ${pct(pairedRatio(sim, bareHeaders))}${cs !== undefined && ch !== undefined ? ` (CPU per request: ${pct(ch / cs)})` : ''}; bare + headers / bare: ${ok(bare) ? pct(pairedRatio(bareHeaders, bare)) : 'n/a'}`,
    );
  }
  if (ok(bare) && bare.rounds.length > 1) {
    const values = bare.rounds.map((r) => r.rps);
    rpsLines.push(
      `- Noise: the bare server's req/s ranged ${Math.round(min(values))}–${Math.round(max(values))} over the rounds (${pct(max(values) / min(values) - 1)} spread); a verdict closer to its threshold than that is not settled by one run`,
    );
  }
  if (ok(sim) && ok(docker)) rpsLines.push(`- ctrd-sim / dockerd ${REFERENCE_RELEASE} (median of per-round ratios): ${times(pairedRatio(sim, docker))}`);
  const wholeRows = wholeSeries.map((s) =>
    s.seconds.length === 0
      ? [s.label, '0', 'failed', '', '', s.error ?? '']
      : [
          s.label,
          String(s.seconds.length),
          `${median(s.seconds).toFixed(2)} s`,
          `${min(s.seconds).toFixed(2)} s`,
          `${max(s.seconds).toFixed(2)} s`,
          s.outcome ?? '',
        ],
  );
  const wholeLines: string[] = [];
  const realWhole = wholeSeries.find((s) => s.label.startsWith('dockerd'));
  for (const s of wholeSeries) {
    if (s === realWhole || realWhole === undefined || s.seconds.length === 0 || realWhole.seconds.length === 0) continue;
    wholeLines.push(`- ${s.label} / ${realWhole.label}, medians: ${times(median(s.seconds) / median(realWhole.seconds))}`);
  }
  const conditionLine =
    conditions === undefined ? '' : `${loadLine}; machine CPU during the run: ${pct(conditions.busy)} busy, ${pct(conditions.steal)} stolen by the hypervisor`;

  const coldTable = table(['target', 'measured', 'runs', 'median', 'min', 'max', 'note'], coldRows);
  const rpsTable = table(['server', 'req/s (median)', 'per round', 'of bare (paired)', 'server CPU/req', 'load gen. cores', 'note'], rpsRows);
  const wholeTable = table(['target', 'runs', 'median', 'min', 'max', 'verdicts (last round)'], wholeRows);
  process.stdout.write(
    `${['', 'Cold start', ...coldTable, ...coldLines, '', 'Throughput (GET /_ping)', ...rpsTable, ...rpsLines, '', 'Whole run', ...wholeTable, ...wholeLines, '', conditionLine, ''].join('\n')}\n`,
  );

  const took = ((Date.now() - startedAt.getTime()) / 1000).toFixed(0);
  const options = [...argv];
  const markdown = [
    '# Benchmark results',
    '',
    '<!-- Written by the benchmark scripts (npm run bench runs them all; pass --no-write to leave the file alone): this head and sections 1–3 by bench/run.ts, each later section by the script it names. Do not edit by hand: the next run replaces it. -->',
    '',
    `- Date: ${startedAt.toISOString()} (the run took ${took} s)`,
    `- Machine: ${machine.join(', ')}`,
    `- Conditions: ${conditionLine === '' ? loadLine : conditionLine}`,
    `- Command: \`npm run bench\` (= \`npm run build --silent && node dist/bench/run.js\`)${options.length > 0 ? `; this run: \`node dist/bench/run.js ${options.join(' ')}\`` : ''}`,
    ...missing.map((reason) => `- Note: ${reason}`),
    '',
    '## Goals',
    '',
    '| goal | result |',
    '|:--|:--|',
    `| ctrd-sim cold start (without NODE_EXTRA_CA_CERTS) ≤ ${GOAL_COLD_RATIO}× dockerd ${REFERENCE_RELEASE}'s | ${verdict(coldGoal)} |`,
    `| ctrd-sim \`GET /_ping\` throughput ≥ ${pct(GOAL_RPS_RATIO)} of a bare node:http server's | ${verdict(rpsGoal)} |`,
    '',
    '## 1. Cold start',
    '',
    `Time from just before \`spawn()\` to the first \`GET /_ping\` answered 200 on the daemon's unix socket (polled every ${POLL_MS} ms); for \`node -e 0\`, to its exit.`,
    "Every daemon runs with the project's safety flags (private data and exec roots, pid file, socket and `{}` configuration file in a /tmp/ctc-* directory,",
    '`--bridge=none --iptables=false --ip-forward=false`, `--ip6tables=false` where its `--help` knows it) and is stopped by PID, its containerd after it, before the next start.',
    `Runs are interleaved across the targets, each series after one discarded warm-up run; dockerd ${RELEASES.filter((r) => r.slowStart === true)
      .map((r) => r.release)
      .join(', ')}: ${RUNS_SLOW} runs, the others ${RUNS_FAST}.`,
    '"without" = started without NODE_EXTRA_CA_CERTS; the bare node:http server (bench/bare-server.ts) is the floor for any node server answering /_ping.',
    '',
    ...coldTable,
    '',
    ...coldLines,
    '',
    '## 2. Throughput',
    '',
    `\`GET /_ping\` over the unix socket, ${CONNECTIONS} keep-alive connections with one request in flight each (closed loop, no pipelining),`,
    `${WARMUP_MS} ms warm-up then ${MEASURE_MS} ms counted, ${ROUNDS} round(s) interleaved across the servers.`,
    'The load generator is a raw-socket HTTP/1.1 client in the benchmark process (its CPU use is the "load gen. cores" column); each server is a process of its own,',
    'the node ones without NODE_EXTRA_CA_CERTS. "of bare (paired)" is the median over the rounds of req/s ÷ the bare server\'s req/s in the same round.',
    '"server CPU/req" is the server process\'s user + system CPU time (all threads, /proc/PID/stat) per answer during the counted window.',
    "bare node:http = `createServer((req, res) => res.end('OK'))` (bench/bare-server.ts); bare + ctrd-sim ping headers = the same answering with",
    "ctrd-sim's `/_ping` header list through `res.writeHead(200, headers)`: node:http's own cost of those headers, without ctrd-sim's routing.",
    'No external load generator is used: none on this machine speaks HTTP over a unix socket (wrk cannot).',
    '',
    ...rpsTable,
    '',
    ...rpsLines,
    '',
    WHOLE_RUN_HEADING,
    '',
    `\`runToReport\` (suites/run, the library the CLI calls) over the whole catalogue with seed ${WHOLE_RUN_SEED}, ${WHOLE_RUN_CASES} generated cases per property and 2 per`,
    `property that starts daemons, 4 cells at a time: from the target's start to its stop, ${WHOLE_ROUNDS} round(s) interleaved. The real daemon fails the rules of`,
    `its ${KNOWN_DEVIATIONS.filter((d) => d.releases.includes('28.5')).length} known deviations (specs/known-deviations.ts); the simulator passes everything. The rules that start daemons of their own start one per case;`,
    "the two authorization-plugin rules wait out dockerd's plugin retries (15 s each) on every target alike.",
    '',
    ...wholeTable,
    '',
    ...wholeLines,
    '',
  ].join('\n');
  if (WRITE) {
    // The sections after these three are the other benchmark scripts' (npm run bench runs them next): kept as they are.
    const others = sectionsAfter(WHOLE_RUN_HEADING);
    writeFileSync(RESULTS, others === '' ? markdown : `${markdown.trimEnd()}\n\n${others}\n`);
    process.stdout.write(`wrote ${RESULTS}\n`);
  }
}

runBenchmark(main);
