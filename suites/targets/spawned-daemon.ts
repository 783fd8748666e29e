import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Endpoint } from '../http/endpoint.js';
import { pidsMentioning, signal, terminate } from './process-reaper.js';
import type { StartOutcome, StartRequest, Target, TargetInstance } from './target.js';
import { makeRunDir, removeRunDir } from './temp-dir.js';
import { waitForPing } from './wait-ready.js';

export interface SpawnedDaemonOptions {
  readonly spec: string;
  /** Executable and the arguments that come before the daemon flags (e.g. node + script). */
  readonly command: readonly string[];
  /** Flags every start gets after the safety flags (e.g. --emulate for the simulator). */
  readonly fixedArgs?: readonly string[];
  readonly startTimeoutMs?: number;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const OUTPUT_LIMIT = 256 * 1024;
const STOP_GRACE_MS = 15_000;

/** Instances still alive, so that an abrupt exit of the runner never leaves a daemon behind. */
const live = new Set<{ pid: number; dir: string }>();
process.once('exit', () => {
  for (const { pid, dir } of live) {
    signal(pid, 'SIGKILL');
    for (const other of pidsMentioning(dir)) signal(other, 'SIGKILL');
    try {
      removeRunDir(dir);
    } catch {
      // Exiting anyway: a directory left in /tmp is better than an exception here.
    }
  }
});

/**
 * Only what a daemon needs to run: the runner's own CTR_* / DOCKER_* variables must not leak into
 * a daemon under test and change what it does.
 */
export function daemonEnvironment(also: readonly string[] = []): Record<string, string> {
  const env: Record<string, string> = {};
  // NODE_EXTRA_CA_CERTS is left out unless asked for: no daemon here makes TLS calls, and it
  // costs a node-based daemon (ctrd-sim) about 60 ms per start.
  for (const name of ['PATH', 'HOME', 'LANG', 'TMPDIR', ...also]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

const ip6tablesCache = new Map<string, boolean>();
/** Whether the binary knows --ip6tables (26.1 and 28.5 do; 20.10 refuses it), from its --help. */
export function knowsIp6tables(command: readonly string[]): boolean {
  const key = command.join('\0');
  let known = ip6tablesCache.get(key);
  if (known === undefined) {
    const result = spawnSync(command[0]!, [...command.slice(1), '--help'], { encoding: 'utf8', timeout: 15_000, env: daemonEnvironment() });
    known = `${result.stdout ?? ''}${result.stderr ?? ''}`.includes('--ip6tables');
    ip6tablesCache.set(key, known);
  }
  return known;
}

/**
 * The flags that keep a daemon to itself: private roots, PID file and socket in a temp dir, no
 * default bridge and no firewall rules, its own configuration file (the system one is never read).
 */
export function safetyFlags(dir: string, knowsIp6tables: boolean): string[] {
  return [
    '--data-root', join(dir, 'data'),
    '--exec-root', join(dir, 'exec'),
    '--pidfile', join(dir, 'd.pid'),
    '-H', `unix://${join(dir, 'd.sock')}`,
    '--bridge=none',
    '--iptables=false',
    ...(knowsIp6tables ? ['--ip6tables=false'] : []),
    '--config-file', join(dir, 'daemon.json'),
  ];
}

/** A daemon binary started for each request: ctrd-sim or any dockerd-compatible binary. */
export class SpawnedDaemonTarget implements Target {
  readonly kind = 'process';
  readonly configurable = true;
  readonly wire = true;
  readonly spec: string;

  constructor(private readonly options: SpawnedDaemonOptions) {
    this.spec = options.spec;
  }

  async start(request: StartRequest = {}): Promise<StartOutcome> {
    const { command } = this.options;
    const dir = makeRunDir();
    writeFileSync(join(dir, 'daemon.json'), JSON.stringify(request.config ?? {}));
    const args = [...command.slice(1), ...safetyFlags(dir, knowsIp6tables(command)), ...(this.options.fixedArgs ?? []), ...(request.args ?? [])];
    const child = spawn(command[0]!, args, {
      env: { ...daemonEnvironment(), ...this.options.env, ...request.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const collect = (chunk: Buffer): void => {
      if (output.length < OUTPUT_LIMIT) output += chunk.toString('utf8');
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    let exitCode: number | null | undefined;
    const exited = new Promise<void>((resolve) => {
      child.once('exit', (code, sig) => {
        exitCode = code ?? (sig === null ? null : 128);
        resolve();
      });
      child.once('error', (error) => {
        output += `spawn failed: ${error.message}\n`;
        exitCode = null;
        resolve();
      });
    });
    const record = { pid: child.pid ?? -1, dir };
    live.add(record);

    const endpoint: Endpoint = { kind: 'unix', path: join(dir, 'd.sock') };
    const ready = await waitForPing(endpoint, () => exitCode !== undefined, this.options.startTimeoutMs ?? 60_000);
    const stop = async (): Promise<void> => {
      await this.stopChild(child, exited, dir);
      live.delete(record);
      removeRunDir(dir);
    };
    if (ready !== 'ready') {
      await stop();
      if (ready === 'timeout') output += `\n[ctr-conformance] no /_ping answer within ${this.options.startTimeoutMs ?? 60_000} ms\n`;
      return { ok: false, exitCode: exitCode ?? null, output };
    }
    const instance: TargetInstance = { endpoint, output: () => output, stop };
    return { ok: true, instance };
  }

  private async stopChild(child: ChildProcess, exited: Promise<void>, dir: string): Promise<void> {
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      await exited;
      clearTimeout(timer);
    }
    // The daemon's own containerd and shims: found by the private directory in their command line.
    await terminate(pidsMentioning(dir), 5_000);
  }
}
