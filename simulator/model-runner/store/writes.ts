import type { ModelStore, RemoveOutcome } from './model-store.js';
import type { ModelRecord, ModelReference } from './types.js';

/** What a create did: the record, and whether it was held already. */
export interface CreateOutcome {
  readonly record: ModelRecord;
  readonly cached: boolean;
}

/**
 * The models the runner holds, as its answers see them: the store, and, under a fault, the writes
 * answered but not yet done (faulty-writes.ts wraps the reference, WrittenNow, to keep them).
 */
export interface HeldModels {
  /** Every model held: what the OpenAI-style list shows. */
  records(): readonly ModelRecord[];
  /** What GET /models lists (before the list's own fault). */
  list(): readonly ModelRecord[];
  get(ref: ModelReference): ModelRecord | undefined;
  /** Whether the create of `ref` was answered and is not written yet. */
  pending(ref: ModelReference): boolean;
  /** Creates a model not held. */
  create(ref: ModelReference): Promise<CreateOutcome>;
  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force: boolean): RemoveOutcome;
  /** A clean shutdown. */
  close(): void;
}

/**
 * The document's writes: a write answered is a write done (the store renames a synced file into
 * place before it returns). `create` is the store's, unless a quirk writes otherwise.
 */
export class WrittenNow implements HeldModels {
  constructor(
    readonly store: ModelStore,
    private readonly creates: (ref: ModelReference) => CreateOutcome | Promise<CreateOutcome> = (ref) => store.create(ref),
  ) {}

  records(): readonly ModelRecord[] {
    return this.store.list();
  }

  list(): readonly ModelRecord[] {
    return this.store.list();
  }

  get(ref: ModelReference): ModelRecord | undefined {
    return this.store.get(ref);
  }

  pending(_ref: ModelReference): boolean {
    return false;
  }

  async create(ref: ModelReference): Promise<CreateOutcome> {
    return this.creates(ref);
  }

  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force: boolean): RemoveOutcome {
    return this.store.remove(target, force);
  }

  close(): void {
    // Nothing to flush: every write is on disk when answered.
  }
}
