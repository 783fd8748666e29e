import { readFileSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';

// Quirk hypothetical.mr.store.crash-safe.lazy-unlink (specs/quirks/model-runner.ts): a deleted model's record file is
// removed by a sweep seconds later (or at a clean shutdown): a kill before the sweep brings the model back.

/** How long a deleted record file waits for the sweep (a garbage collection that runs every few seconds). */
const SWEEP_AFTER_MS = 5000;

/** Sweeps due, by record file. */
const pending = new Map<string, () => void>();

/** Removes `path` later, unless it was written again meanwhile (a create of the same model). */
export function unlinkLater(path: string): void {
  const was = readFileSync(path);
  const sweep = (): void => {
    if (pending.get(path) !== sweep) return;
    pending.delete(path);
    try {
      if (readFileSync(path).equals(was)) unlinkSync(path);
    } catch {
      // Gone already: nothing to sweep.
    }
  };
  pending.set(path, sweep);
  setTimeout(sweep, SWEEP_AFTER_MS).unref();
}

/** A clean shutdown sweeps the store in `dir` at once. */
export function sweepNow(dir: string): void {
  for (const [path, sweep] of [...pending]) if (dirname(path) === dir) sweep();
}
