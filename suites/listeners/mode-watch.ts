import { lstatSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import { listeningUnixPaths } from './unix-listening.js';

/** One mode a watched path was seen with: `mode` is st_mode (type and permission bits), null while the path is absent. */
export interface ModeObservation {
  readonly path: string;
  /** Milliseconds since the epoch, with the sub-millisecond part (performance.timeOrigin + now()). */
  readonly at: number;
  readonly mode: number | null;
  readonly uid: number | null;
  readonly gid: number | null;
  /** Whether the socket listened (/proc/net/unix), looked at only while its mode lets others write to it (null otherwise). */
  readonly listening: boolean | null;
  /** The tight lstat loop, or an inotify event of the directory. */
  readonly by: 'poll' | 'event';
}

/** What the polling thread was given (see mode-watch-worker.ts). */
export interface WatchRequest {
  readonly paths: readonly string[];
  /** The stop flag: an Int32Array of one element on this buffer, raised by the main thread. */
  readonly stop: SharedArrayBuffer;
  /** Pause between two rounds of lstat calls. */
  readonly pollMs: number;
  /** The thread ends by itself after this long, whatever happens to the main thread's stop. */
  readonly deadlineMs: number;
}

/** What the polling thread saw: every change, how many rounds it made, and the longest time between two. */
export interface WatchReport {
  readonly observations: readonly ModeObservation[];
  readonly samples: number;
  readonly longestGapMs: number;
}

export interface ModeWatch {
  /** Stops watching; every change seen, in time order, with the polling figures. */
  stop(): Promise<WatchReport>;
}

const WORKER = new URL('./mode-watch-worker.js', import.meta.url);
export const now = (): number => performance.timeOrigin + performance.now();

/** Whether a mode lets users outside the socket's owner and group connect (the write bit for others). */
export const opensToOthers = (mode: number): boolean => (mode & 0o002) !== 0;

/**
 * What one look at `path` sees: its mode, owner and group, and, while others may write to it,
 * whether it listens. A socket listens from listen(2) until it is closed, so a listing read before
 * a second lstat that still sees the mode open shows one moment of both; the other order would not.
 */
export function lookAt(path: string): Pick<ModeObservation, 'mode' | 'uid' | 'gid' | 'listening'> {
  const first = lstatSync(path, { throwIfNoEntry: false });
  if (first === undefined) return { mode: null, uid: null, gid: null, listening: null };
  const seen = { mode: first.mode, uid: first.uid, gid: first.gid };
  if (!opensToOthers(first.mode)) return { ...seen, listening: null };
  if (!listeningUnixPaths().has(path)) return { ...seen, listening: false };
  const after = lstatSync(path, { throwIfNoEntry: false });
  if (after === undefined) return { mode: null, uid: null, gid: null, listening: null };
  return { mode: after.mode, uid: after.uid, gid: after.gid, listening: opensToOthers(after.mode) ? true : null };
}

/**
 * Watches the modes of `paths` (all in one directory) from now on, two ways: a thread that calls
 * lstat every `pollMs` (a fraction of a millisecond) and an inotify watch of their directory that
 * looks at the path as soon as an event names it; while a mode lets others write, each look also
 * asks whether the socket listens. Resolves once both are watching.
 */
export async function watchModes(paths: readonly string[], options: { pollMs?: number; deadlineMs?: number } = {}): Promise<ModeWatch> {
  const stopFlag = new SharedArrayBuffer(4);
  const request: WatchRequest = { paths, stop: stopFlag, pollMs: options.pollMs ?? 0.2, deadlineMs: options.deadlineMs ?? 300_000 };
  const worker = new Worker(WORKER, { workerData: request });
  const events: ModeObservation[] = [];
  const names = new Map(paths.map((path) => [basename(path), path]));
  const watchers: FSWatcher[] = [...new Set(paths.map(dirname))].map((dir) =>
    watch(dir, (_type, name) => {
      const path = name === null ? undefined : names.get(name.toString());
      if (path === undefined) return;
      events.push({ path, at: now(), ...lookAt(path), by: 'event' });
    }).on('error', () => {
      // The directory went away with the case: the polling thread still reports what it saw.
    }),
  );
  const report = new Promise<WatchReport>((resolve, reject) => {
    worker.on('message', (message: unknown) => {
      if (message !== 'watching') resolve(message as WatchReport);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the mode watch thread ended (exit ${code}) without a report`)));
  });
  // Awaited by stop(); a thread that fails before then must not be an unhandled rejection.
  report.catch(() => undefined);
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('error', reject);
  });
  return {
    async stop() {
      for (const watcher of watchers) watcher.close();
      const flag = new Int32Array(stopFlag);
      Atomics.store(flag, 0, 1);
      Atomics.notify(flag, 0);
      try {
        const polled = await report;
        return { ...polled, observations: [...polled.observations, ...events].sort((a, b) => a.at - b.at) };
      } finally {
        await worker.terminate();
      }
    },
  };
}
