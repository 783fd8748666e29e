import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { SimError } from '../errors.js';
import { DeterministicEngine } from './engine/deterministic.js';
import type { InferenceEngine } from './engine/engine.js';
import { DELETE_IN_MEMORY, keepRecordFile } from '../quirks/model-runner/delete-in-memory.js';
import { LAZY_UNLINK, sweepNow, unlinkLater } from '../quirks/model-runner/lazy-unlink.js';
import { createFromStaleCopy, STALE_INDEX_COPY } from '../quirks/model-runner/stale-index-copy.js';
import { PACKAGE_NAME_KEY, packageName } from '../quirks/model-runner/package-name-key.js';
import { STREAM_STALL_MS } from './routes/backpressure.js';
import { WorkSlots } from './work-slots.js';
import { ModelStore, ModelStoreError, parseModelReference, recordFor, type ModelRecord, type ModelReference, type RemoveOutcome } from './store/index.js';
import { inRegistry, type RegistryMode } from './store/registry.js';

/** Where the runner keeps its models, inside the daemon's data root. */
export const modelsDirIn = (dataRoot: string): string => join(dataRoot, 'models');

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The model runner: its store, its engines and its faults. Every write goes through here, so that
 * a write answered is a write done (the store renames a synced file into place before it returns).
 */
export class ModelRunner {
  readonly engines: ReadonlyMap<string, InferenceEngine>;
  readonly defaultEngine: InferenceEngine;
  /** How long an answer waits for a client that reads nothing before dropping it (routes/backpressure.ts); tests shorten it. */
  streamStallMs = STREAM_STALL_MS;
  /** The inference requests worked on at once, and the line of those waiting (work-slots.ts). */
  readonly inferenceSlots = new WorkSlots();
  /** Records answered but not yet written (fault mr.store.crash-safe). */
  private readonly unwritten = new Map<string, ModelRecord>();
  /** Records whose tags are not in place yet (fault mr.store.concurrent). */
  private readonly halfWritten = new Set<string>();
  private constructor(
    private readonly store: ModelStore,
    private readonly dir: string,
    readonly faults: ReadonlySet<TestableRuleId>,
    /** The quirks the simulator carries (specs/quirks; none normally). */
    readonly quirks: ReadonlySet<string>,
    /** Which references its registry has (--model-registry). */
    readonly registry: RegistryMode,
  ) {
    // Fault (mr.engines.default-name): the default engine is named otherwise.
    const engine = new DeterministicEngine(faults.has('mr.engines.default-name') ? 'llama-cpp' : undefined);
    this.defaultEngine = engine;
    // Quirk hypothetical.mr.engines.default-name.package-name-key: registered under the package name.
    this.engines = new Map([[quirks.has(PACKAGE_NAME_KEY) ? packageName(engine.name) : engine.name, engine]]);
  }

  /** Opens the store under the data root; a store that cannot be read stops the start. */
  static open(
    dataRoot: string,
    faults: ReadonlySet<TestableRuleId>,
    quirks: ReadonlySet<string> = new Set(),
    registry: RegistryMode = 'catalogue',
  ): ModelRunner {
    const dir = modelsDirIn(dataRoot);
    try {
      // Quirks (hypothetical): a deleted model's record file kept, or removed later.
      const unlink = quirks.has(DELETE_IN_MEMORY) ? keepRecordFile : quirks.has(LAZY_UNLINK) ? unlinkLater : undefined;
      return new ModelRunner(ModelStore.open(dir, undefined, unlink), dir, faults, quirks, registry);
    } catch (error) {
      if (error instanceof ModelStoreError) throw new SimError('SIM_MODEL_STORE', `model runner: ${error.message}`);
      throw error;
    }
  }

  /** Every model held, as written: what the OpenAI-style list shows. */
  records(): readonly ModelRecord[] {
    // The store's own list (the same array until its next write) when nothing is pending: answers can cache on it.
    return this.unwritten.size === 0 ? this.store.list() : [...this.store.list(), ...this.unwritten.values()];
  }

  /** GET /models: the records, with what the faults of the management list do to them. */
  list(): readonly ModelRecord[] {
    if (this.halfWritten.size === 0 && !this.faults.has('mr.models.list')) return this.records();
    const records = this.records().map((record) => (this.halfWritten.has(record.id) ? { ...record, tags: [] } : record));
    // Fault (mr.models.list): every model is listed twice (whatever other clients create meanwhile).
    return this.faults.has('mr.models.list') ? [...records, ...records] : records;
  }

  /** Whether its registry has the model `ref` names: a create asks it first, whatever the store holds. */
  inRegistry(ref: ModelReference): boolean {
    return inRegistry(this.registry, ref);
  }

  get(ref: ModelReference): ModelRecord | undefined {
    return this.store.get(ref) ?? this.unwritten.get(ref.canonical);
  }

  async create(ref: ModelReference): Promise<{ record: ModelRecord; cached: boolean }> {
    const held = this.get(ref);
    if (held !== undefined) return { record: held, cached: true };
    // Quirk (hypothetical): the index installed from a copy taken before an awaited write.
    if (this.quirks.has(STALE_INDEX_COPY)) return createFromStaleCopy(this.store, ref);
    if (this.faults.has('mr.store.crash-safe')) {
      // Fault: answered at once, written later.
      const record = recordFor(ref, Math.floor(Date.now() / 1000));
      this.unwritten.set(ref.canonical, record);
      setTimeout(() => {
        // The record written is the one answered (its creation time too): only when it is written differs.
        if (this.unwritten.delete(ref.canonical)) this.store.create(ref, record.created);
      }, 200).unref();
      return { record, cached: false };
    }
    const outcome = this.store.create(ref);
    if (this.faults.has('mr.store.concurrent')) {
      this.halfWritten.add(outcome.record.id);
      await sleep(30);
      this.halfWritten.delete(outcome.record.id);
    }
    return outcome;
  }

  /** The model whose id `text` is (`sha256:<64 hex>`, 64 hex, 12 hex), if held. */
  getById(text: string): ModelRecord | undefined {
    return this.store.getById(text);
  }

  /** Tags the model `source` with `target` (a tag another model holds moves); undefined when `source` is not held. */
  tag(source: ModelRecord, target: ModelReference): ModelRecord | undefined {
    // Fault (mr.models.tag): a tag another model holds is not taken from it.
    const holder = this.store.get(target);
    if (holder !== undefined && holder.id !== source.id && this.faults.has('mr.models.tag')) return source;
    return this.store.tag(source, target);
  }

  /** DELETE /models/{reference or id}: what the store's remove did (the real service's DeleteModel). */
  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force: boolean): RemoveOutcome {
    if ('ref' in target) {
      const pending = this.unwritten.get(target.ref.canonical);
      if (pending !== undefined) {
        this.unwritten.delete(target.ref.canonical);
        return { kind: 'removed', record: pending, untagged: [target.ref.canonical], deleted: true };
      }
      // Fault (mr.models.delete.tagged): one tag of several takes the whole model with it.
      const held = this.store.get(target.ref);
      if (held !== undefined && held.tags.length > 1 && this.faults.has('mr.models.delete.tagged')) return this.store.remove({ id: held.id }, true);
    }
    return this.store.remove(target, force);
  }

  /** A clean shutdown: nothing to flush (every write is on disk when answered), but under a fault. */
  close(): void {
    // Fault (mr.store.crash-safe): what was answered but not written is written now; only a kill loses it.
    for (const [canonical, record] of this.unwritten) {
      this.unwritten.delete(canonical);
      this.store.create(parseModelReference(record.tags[0] ?? canonical), record.created);
    }
    // Quirk (hypothetical): the pending sweep of deleted record files runs now.
    if (this.quirks.has(LAZY_UNLINK)) sweepNow(this.dir);
    // Fault (mr.store.persists): a clean shutdown empties the store.
    if (this.faults.has('mr.store.persists')) rmSync(this.dir, { recursive: true, force: true });
  }
}
