import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { readdirSync, readlinkSync } from 'node:fs';
import { constants } from 'node:os';
import type { Endpoint } from '../../http/endpoint.js';
import { LogBuffer } from '../log-buffer.js';
import { removeRunDir } from '../temp-dir.js';
import { waitForPing } from '../wait-ready.js';
import { registerLive } from './live-processes.js';
import { descendantsOf, refOf, refsMentioning, signal, signalRef, terminate, type ProcessRef } from './reaper.js';

export interface SpawnDaemonOptions {
  /** Executable and the arguments that come before the daemon's flags (e.g. node + script). */
  readonly command: readonly string[];
  /** The daemon's flags (the caller puts the safety flags first; see safetyFlags). */
  readonly args?: readonly string[];
  /** The daemon's private run directory (/tmp/ctc-*): what its leftovers are found by, removed by dispose(). */
  readonly dir: string;
  /** The daemon's whole environment (see daemonEnvironment): nothing of the runner's is added. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Open file descriptors passed as fds 3, 4, … (socket activation). */
  readonly extraFds?: readonly number[];
  /** A `sh -c` script that runs the command as "$@" (e.g. to set LISTEN_PID=$$ and exec). */
  readonly wrapper?: string;
  /** Where its output goes; pass the previous one to keep a log across a restart. */
  readonly log?: LogBuffer;
  /**
   * Runs it in a process group of its own, and sends every signal to the whole group: for short
   * probes (`--help`), whose children must end with them even if they ignore SIGTERM.
   */
  readonly ownGroup?: boolean;
  /** More than the directory that the command lines of what it leaves behind hold (its shims under a shared supervisor). */
  readonly markers?: readonly string[];
}

/** How a daemon ended. */
export interface ExitStatus {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** An exit status as one number, as a shell gives it: the code, or 128 + the signal's number. */
export function exitNumber(status: ExitStatus): number | null {
  if (status.code !== null) return status.code;
  return status.signal === null ? null : 128 + (constants.signals[status.signal] ?? 0);
}

/** Grace between SIGTERM and SIGKILL for the daemon itself, and for what it left behind. */
export const STOP_GRACE_MS = 15_000;
const LEFTOVER_GRACE_MS = 5_000;
/** Longest wait for killed leftovers to be reaped (init here reaps orphans' zombies within about 1.5 s). */
const REAP_MS = 3_000;

export interface StopOptions {
  /** SIGTERM → SIGKILL grace for the daemon; default STOP_GRACE_MS. */
  readonly graceMs?: number;
  /**
   * Wait until the leftovers that were ended are reaped (gone from /proc), up to 3 s. For a
   * restart in the same directory: dockerd reads its old containerd's PID file, and would take
   * an unreaped zombie for a live containerd and wait for it (about 10 s).
   */
  readonly awaitReaping?: boolean;
}

/**
 * The pipe or socket behind a process's fd (`pipe:[123]`, `socket:[456]`: node gives a child's
 * stdio as a socket pair), or undefined.
 */
function pipeOf(pid: number, fd: number): string | undefined {
  try {
    const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
    return link.startsWith('pipe:') || link.startsWith('socket:') ? link : undefined;
  } catch {
    return undefined;
  }
}

/** Processes (other than this one) that hold one of `pipes` (the daemon's end) as their stdout or stderr. */
function holdersOf(pipes: ReadonlySet<string>): ProcessRef[] {
  if (pipes.size === 0) return [];
  const found: ProcessRef[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return [];
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (pid === process.pid) continue;
    if ([1, 2].some((fd) => pipes.has(pipeOf(pid, fd) ?? ''))) {
      const ref = refOf(pid);
      if (ref !== undefined) found.push(ref);
    }
  }
  return found;
}

/**
 * One daemon process in its private directory: output collected (capped, with marks), readiness
 * by `GET /_ping`, signals, and a stop that ends it by PID and then everything it left behind
 * (containerd and shims found by the directory in their command lines, descendants, and any
 * process still holding its output pipes), so that nothing keeps the runner's event loop alive.
 */
/** How long to wait, after the daemon exits, for the rest of its output. */
const STDIO_DRAIN_MS = 300;

export class DaemonProcess {
  readonly child: ChildProcess;
  readonly dir: string;
  readonly log: LogBuffer;
  /** Resolves when the process has exited (or could not be spawned). */
  readonly exited: Promise<ExitStatus>;
  private status: ExitStatus | undefined;
  /** Its stdout/stderr pipes, to find processes that inherited them. */
  private readonly pipes = new Set<string>();
  /** Descendants seen at the last look, ended with it. */
  private descendants: ProcessRef[] = [];
  private readonly unregister: () => void;
  private readonly ownGroup: boolean;
  private readonly markers: readonly string[];
  private stopping: Promise<ExitStatus> | undefined;
  private disposed: Promise<void> | undefined;

  private constructor(options: SpawnDaemonOptions) {
    this.dir = options.dir;
    this.log = options.log ?? new LogBuffer();
    const [file, ...lead] = options.command;
    if (file === undefined) throw new Error('DaemonProcess: empty command');
    const argv = [...lead, ...(options.args ?? [])];
    const stdio: StdioOptions = ['ignore', 'pipe', 'pipe', ...(options.extraFds ?? [])];
    this.ownGroup = options.ownGroup === true;
    this.markers = [this.dir, ...(options.markers ?? [])];
    // Its own directory as the working one: a relative path it is given (a generated -H unix://x) lands there, not in ours.
    const how = { env: { ...options.env }, stdio, detached: this.ownGroup, cwd: this.dir };
    this.child = options.wrapper === undefined ? spawn(file, argv, how) : spawn('/bin/sh', ['-c', options.wrapper, 'sh', file, ...argv], how);
    this.child.stdout?.on('data', (chunk: Buffer) => this.log.append(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.log.append(chunk));
    // A stream error (EPIPE after destroy) must not become an uncaught exception.
    this.child.stdout?.on('error', () => {});
    this.child.stderr?.on('error', () => {});
    this.exited = new Promise<ExitStatus>((resolve) => {
      this.child.once('exit', (code, sig) => {
        // Its last words may still be in the pipes: wait for them to close, but not for ever (a
        // supervisor the daemon started may hold them open after it).
        const settle = (): void => {
          clearTimeout(drained);
          if (this.status !== undefined) return;
          this.status = { code, signal: sig };
          resolve(this.status);
        };
        const drained = setTimeout(settle, STDIO_DRAIN_MS);
        this.child.once('close', settle);
      });
      this.child.once('error', (error) => {
        this.log.append(`[ctr-conformance] spawn failed: ${error.message}\n`);
        this.status ??= { code: null, signal: null };
        resolve(this.status);
      });
    });
    const pid = this.child.pid;
    if (pid !== undefined)
      for (const fd of [1, 2]) {
        const pipe = pipeOf(pid, fd);
        if (pipe !== undefined) this.pipes.add(pipe);
      }
    this.unregister = registerLive({ dir: this.dir, lastWords: () => this.killNow() });
  }

  /** Spawns the daemon; it is tracked until dispose() (or the runner's exit) ends it. */
  static spawn(options: SpawnDaemonOptions): DaemonProcess {
    return new DaemonProcess(options);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** How it ended, or undefined while it runs. */
  get exitStatus(): ExitStatus | undefined {
    return this.status;
  }

  get running(): boolean {
    return this.status === undefined && this.child.pid !== undefined;
  }

  /** Polls `GET /_ping` on `endpoint` until 200, the process exits, `abort` is raised or the deadline passes. */
  waitReady(endpoint: Endpoint, options: { timeoutMs: number; pollMs?: number; abort?: AbortSignal }): Promise<'ready' | 'gone' | 'timeout'> {
    return waitForPing(endpoint, () => !this.running || options.abort?.aborted === true, options.timeoutMs, options.pollMs);
  }

  /** Resolves when the output after `from` (a log mark; default the start) matches `pattern`. */
  waitForOutput(pattern: RegExp, timeoutMs = 10_000, from = 0): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = pattern.exec(this.log.since(from));
        if (match === null) return false;
        finish();
        resolve(match);
        return true;
      };
      const onData = (): void => void check();
      const finish = (): void => {
        clearTimeout(timer);
        this.child.stdout?.off('data', onData);
        this.child.stderr?.off('data', onData);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${pattern} in: ${this.log.since(from)}`));
      }, timeoutMs);
      if (check()) return;
      // Listeners added after the log's own: the chunk is in the log when they run.
      this.child.stdout?.on('data', onData);
      this.child.stderr?.on('data', onData);
      void this.exited.then(() =>
        setImmediate(() => {
          if (!check()) {
            finish();
            reject(new Error(`the process exited (${JSON.stringify(this.status)}) without printing ${pattern}: ${this.log.since(from)}`));
          }
        }),
      );
    });
  }

  /** Sends a signal to the daemon's PID, or to its whole group with `ownGroup` (nothing when it has exited). */
  signal(name: NodeJS.Signals): void {
    if (this.running && this.child.pid !== undefined) signal(this.ownGroup ? -this.child.pid : this.child.pid, name);
  }

  /** SIGHUP: a daemon re-reads its configuration file. */
  reload(): void {
    this.signal('SIGHUP');
  }

  /**
   * SIGKILL, no clean shutdown; then what it left behind is ended too, and reaped (see
   * StopOptions.awaitReaping: a kill is usually followed by a restart).
   */
  async kill(): Promise<ExitStatus> {
    this.lookAround();
    this.signal('SIGKILL');
    const status = await this.exited;
    await this.endLeftovers(REAP_MS);
    return status;
  }

  /**
   * SIGTERM by PID, SIGKILL after the grace, then its containerd, shims and any other leftover
   * (by PID), and its output pipes closed. The directory stays (see dispose()).
   */
  stop(options: StopOptions = {}): Promise<ExitStatus> {
    this.stopping ??= (async () => {
      if (this.running) {
        this.lookAround();
        this.signal('SIGTERM');
        const timer = setTimeout(() => this.signal('SIGKILL'), options.graceMs ?? STOP_GRACE_MS);
        await this.exited;
        clearTimeout(timer);
      }
      const status = await this.exited;
      await this.endLeftovers(options.awaitReaping === true ? REAP_MS : 0);
      return status;
    })();
    return this.stopping;
  }

  /**
   * stop(), then no longer tracked, the directory kept: for a restart, whose new process takes
   * the directory over (and is tracked itself).
   */
  async handOver(options: StopOptions = {}): Promise<ExitStatus> {
    const status = await this.stop(options);
    this.unregister();
    return status;
  }

  /** stop(), then the private directory is removed (after detaching what is mounted in it). */
  dispose(options: StopOptions = {}): Promise<void> {
    this.disposed ??= (async () => {
      await this.stop(options);
      this.unregister();
      removeRunDir(this.dir);
    })();
    return this.disposed;
  }

  /** Notes the daemon's descendants while it still runs (they are reparented once it exits). */
  private lookAround(): void {
    if (this.child.pid === undefined || !this.running) return;
    const known = new Map(this.descendants.map((r) => [r.pid, r]));
    for (const ref of descendantsOf(this.child.pid)) known.set(ref.pid, ref);
    this.descendants = [...known.values()];
  }

  private leftovers(): ProcessRef[] {
    const found = this.markers.reduce((refs, marker) => refsMentioning(marker, refs), [...this.descendants, ...holdersOf(this.pipes)]);
    return found.filter((r) => r.pid !== this.child.pid);
  }

  private async endLeftovers(reapMs: number): Promise<void> {
    // A group of its own (a probe) is ended whole, members that left no trace here included.
    if (this.ownGroup && this.child.pid !== undefined) signal(-this.child.pid, 'SIGKILL');
    await terminate(this.leftovers(), LEFTOVER_GRACE_MS, reapMs);
    // Ended: what was known of it must not single out anything later (the directory may be reused by a restart).
    this.descendants = [];
    this.pipes.clear();
    // Whatever still writes to the pipes must not keep this process alive.
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.unref();
  }

  /** For the exit hook: no waiting possible, so SIGKILL, the daemon after what it started. */
  private killNow(): void {
    this.lookAround();
    for (const ref of this.leftovers()) signalRef(ref, 'SIGKILL');
    this.signal('SIGKILL');
  }
}
