/**
 * The polling side of watchModes (mode-watch.ts), in a thread of its own: a synchronous loop of
 * lstat calls, a fraction of a millisecond apart, that the suite's event loop cannot delay. It
 * records each path's mode whenever it changes (absent → socket → mode changed → removed) until
 * the main thread raises the stop flag or the deadline passes; while a mode lets others write, also
 * whenever the socket starts listening. While a socket others may write to does not listen yet, the
 * loop does not pause: the moment it listens before its mode narrows may last microseconds.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { lookAt, type ModeObservation, type WatchReport, type WatchRequest } from './mode-watch.js';

const request = workerData as WatchRequest;
const stop = new Int32Array(request.stop);
const now = (): number => performance.timeOrigin + performance.now();
/** The last look at each path, as a key: a change of mode or of listening is a new observation. */
const last = new Map<string, string>(request.paths.map((path) => [path, 'null null']));
const observations: ModeObservation[] = [];
let samples = 0;
let longestGapMs = 0;
let previous = now();
const deadline = previous + request.deadlineMs;
/** A socket bound open to others that never listens is not watched without pause for longer than this. */
const HOT_AT_MOST_MS = 2_000;
let hotSince: number | null = null;
parentPort?.postMessage('watching');
while (Atomics.load(stop, 0) === 0 && now() < deadline) {
  let waiting = false;
  for (const path of request.paths) {
    const look = lookAt(path);
    if (look.listening === false) waiting = true;
    const key = `${String(look.mode)} ${String(look.listening)}`;
    if (key !== last.get(path)) {
      last.set(path, key);
      observations.push({ path, at: now(), ...look, by: 'poll' });
    }
  }
  samples += 1;
  const at = now();
  longestGapMs = Math.max(longestGapMs, at - previous);
  previous = at;
  hotSince = waiting ? (hotSince ?? at) : null;
  if (hotSince === null || at - hotSince > HOT_AT_MOST_MS) Atomics.wait(stop, 0, 0, request.pollMs);
}
const report: WatchReport = { observations, samples, longestGapMs };
parentPort?.postMessage(report);
