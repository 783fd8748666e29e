/**
 * The polling side of watchModes (mode-watch.ts), in a thread of its own: a synchronous loop of
 * lstat calls, a fraction of a millisecond apart, that the suite's event loop cannot delay. It
 * records each path's mode whenever it changes (absent → socket → mode changed → removed) until
 * the main thread raises the stop flag or the deadline passes.
 */
import { lstatSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import type { ModeObservation, WatchReport, WatchRequest } from './mode-watch.js';

const request = workerData as WatchRequest;
const stop = new Int32Array(request.stop);
const now = (): number => performance.timeOrigin + performance.now();
const last = new Map<string, number | null>(request.paths.map((path) => [path, null]));
const observations: ModeObservation[] = [];
let samples = 0;
let longestGapMs = 0;
let previous = now();
const deadline = previous + request.deadlineMs;
parentPort?.postMessage('watching');
while (Atomics.load(stop, 0) === 0 && now() < deadline) {
  for (const path of request.paths) {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    const mode = stat === undefined ? null : stat.mode;
    if (mode !== last.get(path)) {
      last.set(path, mode);
      observations.push({ path, at: now(), mode, uid: stat?.uid ?? null, gid: stat?.gid ?? null, by: 'poll' });
    }
  }
  samples += 1;
  const at = now();
  longestGapMs = Math.max(longestGapMs, at - previous);
  previous = at;
  Atomics.wait(stop, 0, 0, request.pollMs);
}
const report: WatchReport = { observations, samples, longestGapMs };
parentPort?.postMessage(report);
