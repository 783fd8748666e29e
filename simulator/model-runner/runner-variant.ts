import type { VariationRow } from '../faults/variant-table.js';
import { unlinkLater } from '../quirks/model-runner/lazy-unlink.js';
import { createFromStaleCopy } from '../quirks/model-runner/stale-index-copy.js';
import { HalfWritten, WrittenLater } from './store/faulty-writes.js';
import type { ModelStore } from './store/model-store.js';
import { type HeldModels, WrittenNow } from './store/writes.js';

/**
 * What the model runner (runner.ts) may do differently from the document: its engine's name, how
 * its store writes and deletes, and what the management list, a tag, a delete and a shutdown do.
 * REFERENCE_RUNNER is the document's; each fault and quirk that changes it is one row of
 * RUNNER_VARIATIONS.
 */
export interface RunnerVariant {
  /** The default engine's name (undefined: the engine's own, the document's). */
  readonly defaultEngineName: string | undefined;
  /** The key the engine is registered under, from its name. */
  readonly engineKey: (name: string) => string;
  /** How the store removes a deleted model's record file (undefined: at once). */
  readonly unlink: ((path: string) => void) | undefined;
  /** The pending removals of record files are swept at a clean shutdown. */
  readonly sweptOnClose: boolean;
  /** The store's writes, around the store: the reference or a faulty one (store/faulty-writes.ts), chosen at the first create. */
  readonly writes: (store: ModelStore) => HeldModels;
  /** Every model is listed twice by GET /models. */
  readonly listedTwice: boolean;
  /** A tag another model holds is not taken from it. */
  readonly heldTagKept: boolean;
  /** Deleting one tag of several takes the whole model with it. */
  readonly oneTagDeletesAll: boolean;
  /** A clean shutdown empties the store. */
  readonly emptiedOnClose: boolean;
}

/** A Go package name for an engine name: "llama.cpp" → "llamacpp" (a package name holds no "." or "-"). */
const packageName = (engine: string): string => engine.replace(/[.-]/g, '');

/** The store's unlink of a deleted model's record file, forgotten: the file stays. */
const keepRecordFile = (_path: string): void => undefined;

/** The document's runner. */
export const REFERENCE_RUNNER: RunnerVariant = Object.freeze({
  defaultEngineName: undefined,
  engineKey: (name: string) => name,
  unlink: undefined,
  sweptOnClose: false,
  writes: (store: ModelStore) => new WrittenNow(store),
  listedTwice: false,
  heldTagKept: false,
  oneTagDeletesAll: false,
  emptiedOnClose: false,
});

/**
 * Each fault and quirk of the runner, and what it sets; the later row wins: the record file kept
 * over its lazy removal (both quirks: kept); of the writes, the stale index copy over the fault
 * mr.store.crash-safe over mr.store.concurrent, as the old branches of ModelRunner.create took them.
 */
export const RUNNER_VARIATIONS: readonly VariationRow<RunnerVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['mr.engines.default-name', { defaultEngineName: 'llama-cpp' }],
  ['mr.store.concurrent', { writes: (store) => new HalfWritten(new WrittenNow(store)) }],
  ['mr.store.crash-safe', { writes: (store) => new WrittenLater(new WrittenNow(store)) }],
  ['mr.models.list', { listedTwice: true }],
  ['mr.models.tag', { heldTagKept: true }],
  ['mr.models.delete.tagged', { oneTagDeletesAll: true }],
  ['mr.store.persists', { emptiedOnClose: true }],
  // Hypothetical quirks (specs/quirks/model-runner.ts).
  ['hypothetical.mr.engines.default-name.package-name-key', { engineKey: packageName }],
  ['hypothetical.mr.store.crash-safe.lazy-unlink', { unlink: unlinkLater, sweptOnClose: true }],
  ['hypothetical.mr.store.persists.delete-in-memory', { unlink: keepRecordFile }],
  ['hypothetical.mr.store.concurrent.stale-index-copy', { writes: (store) => new WrittenNow(store, (ref) => createFromStaleCopy(store, ref)) }],
];
