import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestableRuleId } from '../../specs/catalogue.js';
import { SimError } from '../errors.js';
import { sweepNow } from '../quirks/model-runner/lazy-unlink.js';
import { DeterministicEngine } from './engine/deterministic.js';
import type { InferenceEngine } from './engine/engine.js';
import { STREAM_STALL_MS } from './routes/backpressure.js';
import { WorkSlots } from './work-slots.js';
import { ModelStore, ModelStoreError, type ModelRecord, type ModelReference, type RemoveOutcome } from './store/index.js';
import { inRegistry, type RegistryMode } from './store/registry.js';
import { type HeldModels, WrittenNow } from './store/writes.js';
import { resolveRunnerVariants, type RunnerVariants } from './variants.js';

/** Where the runner keeps its models, inside the daemon's data root. */
export const modelsDirIn = (dataRoot: string): string => join(dataRoot, 'models');

/**
 * The model runner: its store, its engines and its variants. Every write goes through here, so that
 * a write answered is a write done (the store renames a synced file into place before it returns),
 * unless a fault's writes (store/faulty-writes.ts) wrap the store's.
 */
export class ModelRunner {
  readonly engines: ReadonlyMap<string, InferenceEngine>;
  readonly defaultEngine: InferenceEngine;
  /** How long an answer waits for a client that reads nothing before dropping it (routes/backpressure.ts); tests shorten it. */
  streamStallMs = STREAM_STALL_MS;
  /** The inference requests worked on at once, and the line of those waiting (work-slots.ts). */
  readonly inferenceSlots = new WorkSlots();
  /** The writes, chosen at the first create (the reference or a faulty one around it); the store's own until then. */
  private writes: HeldModels | undefined;
  private readonly written: HeldModels;
  private constructor(
    private readonly store: ModelStore,
    private readonly dir: string,
    readonly faults: ReadonlySet<TestableRuleId>,
    /** The quirks the simulator carries (specs/quirks; none normally). */
    readonly quirks: ReadonlySet<string>,
    /** Which references its registry has (--model-registry). */
    readonly registry: RegistryMode,
    /** Where faults and quirks make the runner and its routes differ from the document (variants.ts), resolved once. */
    readonly variants: RunnerVariants,
  ) {
    const engine = new DeterministicEngine(variants.runner.defaultEngineName);
    this.defaultEngine = engine;
    this.engines = new Map([[variants.runner.engineKey(engine.name), engine]]);
    this.written = new WrittenNow(store);
  }

  /** Opens the store under the data root; a store that cannot be read stops the start. */
  static open(
    dataRoot: string,
    faults: ReadonlySet<TestableRuleId>,
    quirks: ReadonlySet<string> = new Set(),
    registry: RegistryMode = 'catalogue',
  ): ModelRunner {
    const dir = modelsDirIn(dataRoot);
    const variants = resolveRunnerVariants({ faults, quirks });
    try {
      return new ModelRunner(ModelStore.open(dir, undefined, variants.runner.unlink), dir, faults, quirks, registry, variants);
    } catch (error) {
      if (error instanceof ModelStoreError) throw new SimError('SIM_MODEL_STORE', `model runner: ${error.message}`);
      throw error;
    }
  }

  /** The writes in use: a fault's, once a create chose them; the reference's before. */
  private get held(): HeldModels {
    return this.writes ?? this.written;
  }

  /** Every model held, as written: what the OpenAI-style list shows. */
  records(): readonly ModelRecord[] {
    return this.held.records();
  }

  /** GET /models: the records, with what the faults of the management list do to them. */
  list(): readonly ModelRecord[] {
    const records = this.held.list();
    return this.variants.runner.listedTwice ? [...records, ...records] : records;
  }

  /** Whether its registry has the model `ref` names: a create asks it first, whatever the store holds. */
  inRegistry(ref: ModelReference): boolean {
    return inRegistry(this.registry, ref);
  }

  get(ref: ModelReference): ModelRecord | undefined {
    return this.held.get(ref);
  }

  async create(ref: ModelReference): Promise<{ record: ModelRecord; cached: boolean }> {
    const held = this.get(ref);
    if (held !== undefined) return { record: held, cached: true };
    // Chosen here, not at the start: --fault-trace notes the writes' faults only on a path that creates.
    this.writes ??= this.variants.runner.writes(this.store);
    return this.writes.create(ref);
  }

  /** The model whose id `text` is (`sha256:<64 hex>`, 64 hex, 12 hex), if held. */
  getById(text: string): ModelRecord | undefined {
    return this.store.getById(text);
  }

  /** Tags the model `source` with `target` (a tag another model holds moves); undefined when `source` is not held. */
  tag(source: ModelRecord, target: ModelReference): ModelRecord | undefined {
    const holder = this.store.get(target);
    if (holder !== undefined && holder.id !== source.id && this.variants.runner.heldTagKept) return source;
    return this.store.tag(source, target);
  }

  /** DELETE /models/{reference or id}: what the store's remove did (the real service's DeleteModel). */
  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force: boolean): RemoveOutcome {
    // A pending write (fault mr.store.crash-safe) is removed as it is, before anything the store holds.
    if ('ref' in target && !this.held.pending(target.ref)) {
      const held = this.store.get(target.ref);
      if (held !== undefined && held.tags.length > 1 && this.variants.runner.oneTagDeletesAll) return this.held.remove({ id: held.id }, true);
    }
    return this.held.remove(target, force);
  }

  /** A clean shutdown: nothing to flush (every write is on disk when answered), but under a fault or a quirk. */
  close(): void {
    this.held.close();
    if (this.variants.runner.sweptOnClose) sweepNow(this.dir);
    if (this.variants.runner.emptiedOnClose) rmSync(this.dir, { recursive: true, force: true });
  }
}
