import { performance } from 'node:perf_hooks';

/**
 * How long one slice of a request's work may hold the event loop. Between slices the runner lets
 * every other request through (setImmediate runs after the I/O the loop has waiting), so a heavy
 * request delays the others by about this much, not by its whole length (rule mr.inference.fairness).
 */
export const SLICE_MS = 8;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * `work` over every item, in order, yielding to the event loop whenever a slice has run SLICE_MS.
 * `whole`: all at once, without yielding (fault mr.inference.fairness).
 */
export async function mapInSlices<T, R>(items: readonly T[], work: (item: T, index: number) => R, whole = false): Promise<R[]> {
  if (whole) return items.map(work);
  const results: R[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < items.length; i++) {
    results.push(work(items[i]!, i));
    if (performance.now() - sliceStart >= SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return results;
}

/** The items in consecutive groups of at most `size` (at least one per group). */
export function groupsOf<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const groups: T[][] = [];
  for (let at = 0; at < items.length; at += step) groups.push(items.slice(at, at + step));
  return groups;
}
