import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, join } from 'node:path';
import { makeRunDir, removeRunDir } from '../temp-dir.js';
import { registerShared } from './live-processes.js';
import { pidsMentioning, signal } from './reaper.js';
import { daemonEnvironment } from './safety.js';

/**
 * One containerd per runner process, shared by the real daemons it starts, each in namespaces of
 * its own: the way Docker's own systemd unit runs dockerd (`--containerd=/run/containerd/containerd.sock`).
 * A daemon then skips starting and waiting for a containerd of its own, about 1 s per start here
 * (bench/RESULTS.md section 1). A cell that sets any supervisor option itself, a binary that does
 * not take these flags, or a supervisor that does not come up gets the daemon's own, as before.
 */

/** Options and file keys that choose the supervisor: a start that names one keeps its own. */
const SUPERVISOR_OPTIONS = ['containerd', 'containerd-namespace', 'containerd-plugins-namespace', 'cri-containerd'];
/** How long the supervisor may take to answer on its socket (about 0.2 s here). */
const READY_MS = 20_000;

interface Supervisor {
  readonly dir: string;
  readonly address: string;
  /** False once it has exited (the next start brings up another). */
  alive(): boolean;
}

let shared: Promise<Supervisor | undefined> | undefined;

/** Whether a start's own flags or configuration file choose the supervisor. */
export function choosesSupervisor(args: readonly string[], config: unknown): boolean {
  const byFlag = args.some((arg) => SUPERVISOR_OPTIONS.some((option) => arg === `--${option}` || arg.startsWith(`--${option}=`)));
  // Raw text (a malformed or duplicated file) is not parsed: naming the supervisor anywhere counts.
  const byFile =
    typeof config === 'string'
      ? config.includes('containerd')
      : typeof config === 'object' && config !== null && SUPERVISOR_OPTIONS.some((key) => Object.hasOwn(config, key));
  return byFlag || byFile;
}

/**
 * The flags that point the daemon of run directory `dir` at the shared supervisor, in namespaces
 * named after that directory (a restart in it finds its containers again), or none when the
 * supervisor cannot be had. Its shims carry the namespace in their command lines:
 * {@link supervisorMarker} finds them when the daemon is ended.
 */
export async function sharedSupervisorFlags(dir: string): Promise<string[]> {
  const supervisor = await currentSupervisor();
  if (supervisor === undefined) return [];
  const namespace = namespaceOf(dir);
  return ['--containerd', supervisor.address, '--containerd-namespace', namespace, '--containerd-plugins-namespace', `${namespace}-plugins`];
}

/** The running supervisor, started on first use and again if it has exited. */
async function currentSupervisor(): Promise<Supervisor | undefined> {
  const asked = shared ?? startSupervisor();
  shared = asked;
  const supervisor = await asked;
  if (supervisor === undefined || supervisor.alive()) return supervisor;
  // Whoever finds it gone first starts the next one; the others wait for that one.
  if (shared === asked) shared = startSupervisor();
  return shared;
}

/** What the command lines of the shims of `dir`'s daemon hold (an argument of their own). */
export const supervisorMarker = (dir: string): string => `\0${namespaceOf(dir)}\0`;

/** A namespace name containerd takes ([A-Za-z0-9_.-]), unique as the directory is. */
const namespaceOf = (dir: string): string => basename(dir).replace(/[^A-Za-z0-9_.-]/g, '-');

async function startSupervisor(): Promise<Supervisor | undefined> {
  const dir = makeRunDir();
  const address = join(dir, 'c.sock');
  writeFileSync(
    join(dir, 'config.toml'),
    [
      'version = 2',
      `root = ${JSON.stringify(join(dir, 'root'))}`,
      `state = ${JSON.stringify(join(dir, 'state'))}`,
      // As dockerd configures the containerd it starts itself (no CRI unless --cri-containerd).
      'disabled_plugins = ["io.containerd.grpc.v1.cri"]',
      '[grpc]',
      `  address = ${JSON.stringify(address)}`,
      '',
    ].join('\n'),
  );
  const log = openSync(join(dir, 'containerd.log'), 'a');
  // setpriv: killed with this runner, however it ends.
  const command = existsSync('/usr/bin/setpriv') ? ['/usr/bin/setpriv', '--pdeathsig', 'KILL', '--', 'containerd'] : ['containerd'];
  const child = spawn(command[0]!, [...command.slice(1), '--config', join(dir, 'config.toml')], { stdio: ['ignore', log, log], env: daemonEnvironment() });
  closeSync(log);
  child.unref();
  const end = (): void => {
    if (child.pid !== undefined) signal(child.pid, 'SIGKILL');
    for (const pid of pidsMentioning(dir)) signal(pid, 'SIGKILL');
    removeRunDir(dir);
  };
  const failed = new Promise<false>((resolve) => {
    child.once('error', () => resolve(false));
    child.once('exit', () => resolve(false));
  });
  if (!(await Promise.race([answers(address, Date.now() + READY_MS), failed]))) {
    end();
    return undefined;
  }
  const unregister = registerShared({ dir, lastWords: end });
  void failed.then(() => {
    unregister();
    end();
  });
  return { dir, address, alive: () => child.exitCode === null && child.signalCode === null };
}

/** Polls the socket until it accepts a connection, up to `deadline`. */
async function answers(path: string, deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const accepted = await new Promise<boolean>((resolve) => {
      const socket = connect(path, () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (accepted) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return false;
}
