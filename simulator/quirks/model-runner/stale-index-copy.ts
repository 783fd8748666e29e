import { parseModelReference, type ModelRecord, type ModelReference, type ModelStore } from '../../model-runner/store/index.js';

// Quirk hypothetical.mr.store.concurrent.stale-index-copy (specs/quirks/model-runner.ts): a create copies the index,
// awaits its write, then installs its copy (read-modify-write without a lock): a create that ran meanwhile is lost.

/** How long the index's write takes, between the copy and its installation. */
const INDEX_WRITE_MS = 20;

/** Creates `ref` from a copy of the index taken before an awaited write: models created meanwhile are not in the copy installed. */
export async function createFromStaleCopy(store: ModelStore, ref: ModelReference): Promise<{ record: ModelRecord; cached: boolean }> {
  const copy = new Set(store.list());
  await new Promise((resolve) => setTimeout(resolve, INDEX_WRITE_MS));
  const outcome = store.create(ref);
  for (const record of store.list()) if (!copy.has(record) && record !== outcome.record) for (const tag of record.tags) store.delete(parseModelReference(tag));
  return outcome;
}
