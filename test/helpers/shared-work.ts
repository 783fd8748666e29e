import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Work that several test files of one `npm test` need, done once between them. scripts/run-tests.mjs
 * names a fresh directory in CTC_SHARED_WORK for the run; each file claims an item by creating its
 * claim directory (atomic: one claimant), computes it, and publishes the result under the item's
 * name. A file takes every item it can claim, then reads the others' results as they appear. Run
 * alone (no CTC_SHARED_WORK), a file computes everything itself.
 *
 * The results must not depend on who computes them (same code, same seed): this is for deterministic
 * work only, such as the self-test's runs without faults.
 */

export class SharedWorkError extends Error {
  override readonly name = 'SharedWorkError';
  constructor(
    readonly code: 'SHARED_WORK_TIMEOUT',
    message: string,
  ) {
    super(message);
  }
}

export interface SharedWorkOptions<T> {
  /** Names the work; items of different kinds never meet. */
  readonly kind: string;
  /** Item ids, claimed in this order. Safe in a file name: [A-Za-z0-9._@-]. */
  readonly ids: readonly string[];
  /** Items computed at once by this process. */
  readonly workers: number;
  /** Computes one item (JSON-serialisable). */
  readonly compute: (id: string) => Promise<T>;
  /** How long to wait for an item another process claimed. */
  readonly deadlineMs: number;
}

const SAFE_ID = /^[A-Za-z0-9._@-]+$/;

const pidAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The results of every id, each computed once across the processes that share CTC_SHARED_WORK. */
export async function sharedResults<T>(options: SharedWorkOptions<T>): Promise<Map<string, T>> {
  const { kind, ids, workers, compute, deadlineMs } = options;
  for (const id of ids) if (!SAFE_ID.test(id)) throw new RangeError(`shared work item "${id}": ids are [A-Za-z0-9._@-]+`);
  const shared = process.env['CTC_SHARED_WORK'];
  const root = shared === undefined || shared === '' ? mkdtempSync(join(tmpdir(), 'ctc-work-')) : shared;
  const dir = join(root, kind);
  mkdirSync(dir, { recursive: true });
  const resultPath = (id: string): string => join(dir, `${id}.json`);
  const claimPath = (id: string): string => join(dir, `${id}.claim`);

  const claim = (id: string): boolean => {
    try {
      mkdirSync(claimPath(id));
      writeFileSync(join(claimPath(id), 'pid'), String(process.pid));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  };
  const publish = (id: string, value: T): void => {
    const temp = `${resultPath(id)}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(value));
    renameSync(temp, resultPath(id));
  };
  /** A claim whose process is gone without a result: its item is free again. */
  const abandoned = (id: string): boolean => {
    if (existsSync(resultPath(id))) return false;
    try {
      const pid = Number(readFileSync(join(claimPath(id), 'pid'), 'utf8'));
      return Number.isInteger(pid) && pid > 0 && !pidAlive(pid);
    } catch {
      return false;
    }
  };

  try {
    const queue = [...ids];
    const worker = async (): Promise<void> => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) if (claim(id)) publish(id, await compute(id));
    };
    await Promise.all(Array.from({ length: Math.max(1, workers) }, worker));

    const results = new Map<string, T>();
    const began = Date.now();
    for (const id of ids) {
      while (!existsSync(resultPath(id))) {
        if (abandoned(id)) {
          rmSync(claimPath(id), { recursive: true, force: true });
          if (claim(id)) publish(id, await compute(id));
          continue;
        }
        if (Date.now() - began > deadlineMs)
          throw new SharedWorkError('SHARED_WORK_TIMEOUT', `${kind}/${id}: claimed by another test file, no result within ${deadlineMs} ms`);
        await sleep(250);
      }
      results.set(id, JSON.parse(readFileSync(resultPath(id), 'utf8')) as T);
    }
    return results;
  } finally {
    if (root !== shared) rmSync(root, { recursive: true, force: true });
  }
}
