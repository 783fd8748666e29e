import type { Deadlines } from '../../reports/model/result.js';

export type { Deadlines };

/** The limits a run has unless told otherwise: 10 s a request, 2 min a cell, 30 min the run. */
export const DEFAULT_DEADLINES: Deadlines = Object.freeze({ requestMs: 10_000, cellMs: 120_000, runMs: 30 * 60_000 });

/** Which deadline ended a piece of work. The abort reason of the run's and the cells' signals. */
export class DeadlinePassed extends Error {
  override readonly name = 'DeadlinePassed';
  constructor(
    readonly scope: 'cell' | 'run',
    readonly ms: number,
  ) {
    super(scope === 'run' ? `run deadline of ${seconds(ms)} s passed` : `the cell did not finish within its deadline of ${seconds(ms)} s`);
  }
}

const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);

/** An AbortController aborted after `ms`, or when `parent` is; `dispose` clears the timer and the link. */
export function deadlineController(scope: 'cell' | 'run', ms: number, parent?: AbortSignal): { readonly signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DeadlinePassed(scope, ms)), ms);
  timer.unref();
  const follow = (): void => controller.abort(parent?.reason);
  if (parent?.aborted === true) follow();
  else parent?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', follow);
    },
  };
}

/** `work`, or `late()` when `signal` aborts first; `late` is never called once `work` has settled. */
export function raceDeadline<T>(work: Promise<T>, signal: AbortSignal, late: (reason: unknown) => T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const onAbort = (): void => {
      if (settled) return;
      settled = true;
      try {
        resolve(late(signal.reason));
      } catch (error) {
        reject(error);
      }
    };
    const finish = (settle: () => void): void => {
      signal.removeEventListener('abort', onAbort);
      if (settled) return;
      settled = true;
      settle();
    };
    work.then(
      (value) => finish(() => resolve(value)),
      (error: unknown) => finish(() => reject(error)),
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
