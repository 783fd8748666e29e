/**
 * Cold starts, written once for the benchmarks that time them (run.ts section 1, cli-startup.ts):
 * spawn → first `GET /_ping` answered 200 on the daemon's unix socket, with the project's safety
 * flags, every daemon stopped by PID before the next start; and `node -e 0`, spawn → exit, the
 * floor of any node process.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { configPath } from '../suites/targets/config-file.js';
import { DaemonProcess } from '../suites/targets/process/daemon-process.js';
import { socketIn } from '../suites/targets/process/safety.js';
import { knowsIp6tables, safetyFlags } from '../suites/targets/spawned-daemon.js';
import { makeRunDir } from '../suites/targets/temp-dir.js';

/** The cold-start goal (issue 25): ctrd-sim up within this fraction of dockerd 28.5's time (medians, without NODE_EXTRA_CA_CERTS). */
export const GOAL_COLD_RATIO = 0.35;

/** Pause between /_ping attempts while waiting for a daemon. */
export const POLL_MS = 1;
const START_TIMEOUT_MS = 60_000;

/**
 * What is running right now (daemons of a cold-start measurement, throughput servers), as
 * idempotent stop functions: an interrupted run stops them gracefully (SIGTERM, so that dockerd
 * unmounts its data root and stops its containerd) before it exits. If the process exits anyway,
 * the process layer's exit hook kills whatever is left, by PID.
 */
export const running = new Set<() => Promise<void>>();
const interruption = new AbortController();
export const interrupted = (): boolean => interruption.signal.aborted;

/** A benchmark's signal handling: the first signal stops what runs (then exits 130), a second one exits at once. */
export function stopOnSignals(): void {
  // A closed stdout (`… | head`) must not kill the run halfway and leave RESULTS.md unwritten.
  process.stdout.on('error', () => {});
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(name, () => {
      if (interruption.signal.aborted) {
        process.stderr.write(`bench: ${name} again, killing the daemons\n`);
        process.exit(130);
      }
      interruption.abort();
      process.stderr.write(`\nbench: ${name}, stopping the daemons (again to kill them)\n`);
      void Promise.allSettled([...running].map((stop) => stop())).then(() => process.exit(130));
    });
  }
}

export class StartFailure extends Error {}
export class Interrupted extends Error {}

/** Wraps `stop` so that it runs once, however often it is called. */
export function once(stop: () => Promise<void>): () => Promise<void> {
  let promise: Promise<void> | undefined;
  return () => (promise ??= stop());
}

/**
 * One cold start: the same flags, private directory and process layer SpawnedDaemonTarget uses,
 * but timed from just before the spawn to the first 200 answer to /_ping, with a 1 ms poll
 * instead of 10 ms. Returns milliseconds. The daemon is stopped (SIGTERM by PID, then whatever
 * mentions its directory: its containerd) and its directory removed before returning.
 */
export async function coldStart(command: readonly string[], env: Record<string, string>): Promise<number> {
  if (interrupted()) throw new Interrupted('interrupted');
  const dir = makeRunDir();
  writeFileSync(configPath(dir), '{}');
  const args = safetyFlags(dir, await knowsIp6tables(command));
  const started = performance.now();
  const daemon = DaemonProcess.spawn({ command, args, dir, env });
  const stop = once(async () => {
    try {
      await daemon.dispose();
    } catch (error) {
      process.stderr.write(`bench: could not remove ${dir}: ${(error as Error).message}\n`);
    }
  });
  running.add(stop);
  try {
    const outcome = await daemon.waitReady({ kind: 'unix', path: socketIn(dir) }, { timeoutMs: START_TIMEOUT_MS, pollMs: POLL_MS, abort: interruption.signal });
    const elapsed = performance.now() - started;
    if (interrupted()) throw new Interrupted('interrupted');
    if (outcome !== 'ready') {
      const said = daemon.log.text().trim().split('\n').slice(-2).join(' | ');
      throw new StartFailure(
        `${command.join(' ')}: ${outcome === 'gone' ? 'exited before answering' : `no /_ping answer within ${START_TIMEOUT_MS} ms`}${said === '' ? '' : `: ${said}`}`,
      );
    }
    return elapsed;
  } finally {
    await stop();
    running.delete(stop);
  }
}

/**
 * What a child loads first when its CPU is asked for: at its exit it writes its own user + system
 * CPU (process.cpuUsage(), microseconds, all threads) to descriptor 3. Finer than the 10 ms ticks
 * of /proc; the preload itself (one CommonJS file) costs every row alike, the floor too.
 */
const CPU_AT_EXIT = "process.on('exit',()=>{const u=process.cpuUsage();require('node:fs').writeSync(3,String(u.user+u.system))})\n";
let cpuPreload: string | undefined;
function cpuPreloadFile(): string {
  if (cpuPreload === undefined) {
    const dir = mkdtempSync(join(tmpdir(), 'ctc-bench-cpu-'));
    cpuPreload = join(dir, 'cpu-at-exit.cjs');
    writeFileSync(cpuPreload, CPU_AT_EXIT);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
  return cpuPreload;
}

/**
 * One node process run to its exit (`node -e 0` is the floor): spawn → exit, in milliseconds; output discarded, exit 0 required.
 * With `onCpu`, the process also reports the CPU it used (user + system, milliseconds) through it.
 */
export async function timedRun(args: readonly string[], env: Record<string, string>, onCpu?: (ms: number) => void): Promise<number> {
  if (interrupted()) throw new Interrupted('interrupted');
  const started = performance.now();
  const child =
    onCpu === undefined
      ? spawn(process.execPath, args, { env, stdio: 'ignore' })
      : spawn(process.execPath, ['--require', cpuPreloadFile(), ...args], { env, stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  let said = '';
  const report = child.stdio[3];
  const reported = report === null || report === undefined ? Promise.resolve() : new Promise<void>((resolve) => report.on('close', resolve));
  report?.on('data', (chunk: Buffer) => (said += chunk.toString('latin1')));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('exit', (c) => resolve(c));
    child.once('error', reject);
  });
  const elapsed = performance.now() - started;
  if (code !== 0) throw new StartFailure(`node ${args.join(' ')} exited with ${code}`);
  if (onCpu !== undefined) {
    await reported;
    if (!/^\d+$/.test(said)) throw new StartFailure(`node ${args.join(' ')} did not report its CPU`);
    onCpu(Number(said) / 1000);
  }
  return elapsed;
}

/** Bare node start: spawn → exit of `node -e 0`. */
export const nodeFloor = (env: Record<string, string>): Promise<number> => timedRun(['-e', '0'], env);

/** One measured series: a label, what it times, how many runs, and what it has measured so far. */
export interface Series {
  readonly label: string;
  readonly what: string;
  readonly runs: number;
  readonly measure: () => Promise<number>;
  samples: number[];
  error?: string;
}

/** Runs the series interleaved (round i runs every series that wants an i-th sample), after one discarded warm-up run each. */
export async function measureInterleaved(series: Series[]): Promise<void> {
  for (const s of series) {
    process.stdout.write(`  warm-up ${s.label} … `);
    try {
      const ms = await s.measure();
      process.stdout.write(`${ms.toFixed(1)} ms (discarded)\n`);
    } catch (error) {
      if (error instanceof Interrupted) throw error;
      s.error = firstLine(error);
      process.stdout.write(`FAILED: ${s.error}\n`);
    }
  }
  const rounds = Math.max(...series.map((s) => s.runs));
  for (let round = 0; round < rounds; round++) {
    const line: string[] = [];
    for (const s of series) {
      if (s.error !== undefined || round >= s.runs) continue;
      try {
        const ms = await s.measure();
        s.samples.push(ms);
        line.push(`${s.label} ${ms.toFixed(1)}`);
      } catch (error) {
        if (error instanceof Interrupted) throw error;
        s.error = firstLine(error);
        line.push(`${s.label} FAILED`);
      }
    }
    process.stdout.write(`  round ${round + 1}/${rounds}: ${line.join(' · ')}\n`);
  }
}

/** The first three non-empty lines of an error's message. */
export function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(0, 3)
    .join(' | ');
}

/** Runs a benchmark's main: exit 0 when it is done, 1 with the stack when it fails; an interrupted one is left to the signal handler (it exits once every daemon is stopped). */
export function runBenchmark(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof Interrupted) return;
      process.stderr.write(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}
