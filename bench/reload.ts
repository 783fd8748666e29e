/**
 * Benchmark section 5 (not a test): reloads. One run, ctrd-sim (as a process) and dockerd 28.5:
 * - the time from SIGHUP to the new configuration visible in GET /info, over alternating reloads;
 * - reliability: 100 reloads in a row under 16 concurrent clients reading /info — dropped
 *   connections, answers with a half-applied configuration, and whether the daemon still answers.
 *
 *   node dist/bench/reload.js [--no-write] [--skip-real]
 */
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { writeResultsSection } from './results-section.js';
import { HttpClient } from '../suites/http/client.js';
import { waitForLog } from '../suites/reload/session.js';
import { stateOfInfo } from '../suites/reload/state.js';
import { provisionedDaemons } from '../suites/targets/provisioned-daemons.js';
import { SIM_BIN } from '../suites/targets/sim-bin.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import type { TargetInstance } from '../suites/targets/target.js';

const args = new Set(process.argv.slice(2));
const WRITE = !args.has('--no-write');
const SKIP_REAL = args.has('--skip-real');
const LATENCY_RELOADS = 40;
const RELIABILITY_RELOADS = 100;
const CLIENTS = 16;
const POLL_TIMEOUT_MS = 10_000;

const side = (n: number) => ({
  labels: [`bench=${n % 2}`],
  'live-restore': n % 2 === 0,
  debug: n % 2 === 0,
  runtimes: { [`bench-rt-${n % 2}`]: { path: '/usr/bin/runc' } },
  'default-runtime': `bench-rt-${n % 2}`,
  'registry-mirrors': [`https://192.0.2.${1 + (n % 2)}`],
});
/** The configuration snapshot one reload swaps (reload.atomic) and the fields real daemons change apart (reload.partial-answers). */
const snapshot = (info: Record<string, unknown>): string => {
  const s = stateOfInfo(info);
  return JSON.stringify([s.labels, s.liveRestore, s.runtimes, s.defaultRuntime]);
};
const whole = (info: Record<string, unknown>): string => {
  const s = stateOfInfo(info);
  return JSON.stringify([s.labels, s.liveRestore, s.runtimes, s.defaultRuntime, s.debug, s.mirrors]);
};
const expected = (n: number) => {
  const d = side(n);
  const info = {
    Labels: d.labels,
    LiveRestoreEnabled: d['live-restore'],
    Runtimes: d.runtimes,
    DefaultRuntime: d['default-runtime'],
    Debug: d.debug,
    RegistryConfig: { Mirrors: d['registry-mirrors'] },
  };
  return { snapshot: snapshot(info), whole: whole(info) };
};

async function info(client: HttpClient): Promise<Record<string, unknown>> {
  const reply = await client.request('GET', '/info', { timeoutMs: 5_000 });
  if (reply.status !== 200) throw new Error(`GET /info answered ${reply.status}`);
  return JSON.parse(reply.body) as Record<string, unknown>;
}

/** Milliseconds from SIGHUP until /info shows configuration `n` wholly (Debug and mirrors included). */
async function reloadLatency(instance: TargetInstance, client: HttpClient, n: number): Promise<number> {
  await instance.writeConfig(side(n));
  const want = expected(n).whole;
  const began = performance.now();
  await instance.reload();
  while (performance.now() - began < POLL_TIMEOUT_MS) {
    if (whole(await info(client)) === want) return performance.now() - began;
  }
  throw new Error(`configuration ${n} not visible within ${POLL_TIMEOUT_MS} ms`);
}

interface Measured {
  readonly latencies: number[];
  readonly reads: number;
  readonly dropped: number;
  readonly halfApplied: number;
  readonly partialDebugOrRegistry: number;
  readonly stillAnswers: boolean;
  readonly reloadsMs: number;
}

async function measure(target: SpawnedDaemonTarget): Promise<Measured> {
  const started = await target.start({ config: side(0) });
  if (!started.ok) throw new Error(`${target.spec} did not start: ${started.output.slice(-400)}`);
  const { instance } = started;
  const client = new HttpClient(instance.endpoint);
  const readers = Array.from({ length: CLIENTS }, () => new HttpClient(instance.endpoint));
  try {
    const latencies: number[] = [];
    for (let n = 1; n <= LATENCY_RELOADS; n++) latencies.push(await reloadLatency(instance, client, n));

    const allowedSnapshots = new Set([expected(0).snapshot, expected(1).snapshot]);
    const allowedWhole = new Set([expected(0).whole, expected(1).whole]);
    let stop = false;
    let reads = 0;
    let dropped = 0;
    let halfApplied = 0;
    let partial = 0;
    const read = async (c: HttpClient): Promise<void> => {
      while (!stop) {
        try {
          const doc = await info(c);
          reads++;
          if (!allowedSnapshots.has(snapshot(doc))) halfApplied++;
          else if (!allowedWhole.has(whole(doc))) partial++;
        } catch {
          dropped++;
        }
      }
    };
    const running = readers.map(read);
    const began = performance.now();
    for (let n = 0; n < RELIABILITY_RELOADS; n++) {
      await instance.writeConfig(side(n));
      const mark = instance.logMark();
      await instance.reload();
      await waitForLog(instance, mark, (line) => /Reloaded configuration|level=error/.test(line), POLL_TIMEOUT_MS);
    }
    const reloadsMs = performance.now() - began;
    stop = true;
    await Promise.all(running);
    const ping = await client.request('GET', '/_ping', { timeoutMs: 5_000 }).then(
      (r) => r.status === 200,
      () => false,
    );
    return { latencies, reads, dropped, halfApplied, partialDebugOrRegistry: partial, stillAnswers: ping, reloadsMs };
  } finally {
    client.close();
    for (const r of readers) r.close();
    await instance.stop();
  }
}

const quantile = (xs: readonly number[], q: number): number => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (x: number): string => `${x.toFixed(x < 10 ? 2 : 1)} ms`;

const BARE = fileURLToPath(new URL('./bare-server.js', import.meta.url));
const bare = await measure(new SpawnedDaemonTarget({ spec: 'bare', command: [process.execPath, BARE], fixedArgs: ['--reload-info'] }));
const sim = await measure(
  new SpawnedDaemonTarget({ spec: 'sim-process', command: [process.execPath, SIM_BIN], fixedArgs: ['--emulate', '28.5', '--brand', 'docker'] }),
);
const real = SKIP_REAL ? undefined : provisionedDaemons().daemons.find((d) => d.release === '28.5');
const dockerd = real === undefined ? null : await measure(new SpawnedDaemonTarget({ spec: `daemon:${real.path}`, command: [real.path] }));

const row = (name: string, m: Measured): string =>
  `| ${name} | ${ms(quantile(m.latencies, 0.5))} | ${ms(quantile(m.latencies, 0.95))} | ${m.reads} | ${m.dropped} | ${m.halfApplied} | ${m.partialDebugOrRegistry} | ${m.stillAnswers ? 'yes' : '**no**'} | ${(m.reloadsMs / 1000).toFixed(2)} s |`;
const lines = [
  '## 5. Reloads',
  '',
  `SIGHUP to the new configuration wholly visible in \`GET /info\` (Labels, LiveRestoreEnabled, Runtimes, DefaultRuntime, Debug, Mirrors), over ${LATENCY_RELOADS} alternating reloads; then ${RELIABILITY_RELOADS} reloads in a row under ${CLIENTS} clients reading /info without pause. "half-applied": an answer whose configuration snapshot (Labels, LiveRestoreEnabled, Runtimes, DefaultRuntime) is neither the old nor the new one (reload.atomic); "partial": a whole snapshot with Debug or mirrors from the other configuration (reload.partial-answers). One run, both daemons as processes (safety flags).`,
  '',
  '| daemon | SIGHUP → visible, median | p95 | reads during 100 reloads | dropped | half-applied | partial | answers after | 100 reloads took |',
  '|:--|--:|--:|--:|--:|--:|--:|:--|--:|',
  row('bare: node re-reads the JSON on SIGHUP', bare),
  row('ctrd-sim 28.5 (process)', sim),
  ...(dockerd === null ? [] : [row('dockerd 28.5', dockerd)]),
  '',
  `- SIGHUP → visible, median: ctrd-sim / bare = **${(quantile(sim.latencies, 0.5) / quantile(bare.latencies, 0.5)).toFixed(2)}×** (the ceiling: a node process that only re-reads its JSON and serves it)`,
  ...(dockerd === null
    ? ['- dockerd 28.5 not measured (--skip-real, or not provisioned)']
    : [
        `- SIGHUP → visible, median: ctrd-sim / dockerd = **${(quantile(sim.latencies, 0.5) / quantile(dockerd.latencies, 0.5)).toFixed(2)}×** (goal ≤ 1×: **${quantile(sim.latencies, 0.5) <= quantile(dockerd.latencies, 0.5) ? 'met' : 'NOT met'}**)`,
      ]),
  `- Reliability goal (no dropped connection, no half-applied answer, still answering): ctrd-sim **${sim.dropped === 0 && sim.halfApplied === 0 && sim.stillAnswers ? 'met' : 'NOT met'}**${dockerd === null ? '' : `, dockerd 28.5 **${dockerd.dropped === 0 && dockerd.halfApplied === 0 && dockerd.stillAnswers ? 'met' : 'NOT met'}**`}`,
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

if (WRITE) writeResultsSection('## 5. Reloads', lines);
