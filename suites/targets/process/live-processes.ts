import { removeRunDir } from '../temp-dir.js';

/** What the exit hook needs to know of a daemon still alive. */
export interface LiveProcess {
  readonly dir: string;
  /** Kills (SIGKILL, by PID) the daemon if it still runs, and what it started: descendants, holders of its output pipes. */
  lastWords(): void;
}

/**
 * Daemons the process layer started whose directory is not removed yet. When the runner exits (normally,
 * through process.exit on a signal, or on an uncaught error), each is killed by PID with its
 * containerd and shims, and its directory removed: an abrupt end never leaves a daemon behind.
 */
const live = new Set<LiveProcess>();
/** What outlives single daemons (the shared supervisor): ended after them, not counted by liveCount. */
const lastOfAll = new Set<LiveProcess>();

/** Signals that end a node process without its 'exit' event unless someone listens (tap's time-out sends one). */
const ENDING_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGALRM'];
const SIGNAL_NUMBERS: Readonly<Record<string, number>> = { SIGHUP: 1, SIGINT: 2, SIGALRM: 14, SIGTERM: 15 };

let hooked = false;
function hookExit(): void {
  if (hooked) return;
  hooked = true;
  // Where the program has no handler of its own, such a signal goes through process.exit, so that the hook below runs.
  for (const signal of ENDING_SIGNALS) {
    if (process.listenerCount(signal) === 0) process.once(signal, () => process.exit(128 + SIGNAL_NUMBERS[signal]!));
  }
  process.once('exit', () => {
    for (const entry of [...live, ...lastOfAll]) {
      entry.lastWords();
      try {
        removeRunDir(entry.dir);
      } catch {
        // Exiting anyway: a directory left in /tmp is better than an exception here.
      }
    }
  });
}

export function registerLive(entry: LiveProcess): () => void {
  hookExit();
  live.add(entry);
  return () => live.delete(entry);
}

/** Registers what the daemons share for the exit hook, ended after every daemon. */
export function registerShared(entry: LiveProcess): () => void {
  hookExit();
  lastOfAll.add(entry);
  return () => lastOfAll.delete(entry);
}

/** How many daemons are still registered (for tests: none after a stop). */
export const liveCount = (): number => live.size;

/** Tracks a run directory with nothing to kill (an in-process or container daemon): removed at exit if still there. */
export function registerRunDir(dir: string): () => void {
  return registerLive({ dir, lastWords: () => {} });
}
