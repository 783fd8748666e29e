import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/model-runner.ts): a delete removes the model from the index in memory only; its record file stays, and the next start holds the model again. */
export const DELETE_IN_MEMORY = 'hypothetical.mr.store.persists.delete-in-memory';

export const deleteInMemory: QuirkModule = {
  where:
    'simulator/quirks/model-runner/delete-in-memory.ts; its row of simulator/model-runner/runner-variant.ts (RUNNER_VARIATIONS), read by simulator/model-runner/runner.ts (ModelRunner)',
};

/** The store's unlink of a deleted model's record file: forgotten, the file stays. */
export const keepRecordFile = (_path: string): void => undefined;
