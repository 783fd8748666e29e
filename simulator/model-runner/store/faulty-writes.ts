import { parseModelReference } from './reference.js';
import { recordFor } from './record.js';
import type { RemoveOutcome } from './model-store.js';
import type { ModelRecord, ModelReference } from './types.js';
import type { CreateOutcome, HeldModels, WrittenNow } from './writes.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Fault mr.store.crash-safe: a create is answered at once and written 200 ms later; a clean
 * shutdown writes what is pending, only a kill loses it.
 */
export class WrittenLater implements HeldModels {
  /** Records answered but not yet written. */
  private readonly unwritten = new Map<string, ModelRecord>();

  constructor(private readonly written: WrittenNow) {}

  records(): readonly ModelRecord[] {
    // The store's own list (the same array until its next write) when nothing is pending: answers can cache on it.
    return this.unwritten.size === 0 ? this.written.records() : [...this.written.records(), ...this.unwritten.values()];
  }

  list(): readonly ModelRecord[] {
    return this.records();
  }

  get(ref: ModelReference): ModelRecord | undefined {
    return this.written.get(ref) ?? this.unwritten.get(ref.canonical);
  }

  pending(ref: ModelReference): boolean {
    return this.unwritten.has(ref.canonical);
  }

  async create(ref: ModelReference): Promise<CreateOutcome> {
    const record = recordFor(ref, Math.floor(Date.now() / 1000));
    this.unwritten.set(ref.canonical, record);
    setTimeout(() => {
      // The record written is the one answered (its creation time too): only when it is written differs.
      if (this.unwritten.delete(ref.canonical)) this.written.store.create(ref, record.created);
    }, 200).unref();
    return { record, cached: false };
  }

  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force: boolean): RemoveOutcome {
    if ('ref' in target) {
      const pending = this.unwritten.get(target.ref.canonical);
      if (pending !== undefined) {
        this.unwritten.delete(target.ref.canonical);
        return { kind: 'removed', record: pending, untagged: [target.ref.canonical], deleted: true };
      }
    }
    return this.written.remove(target, force);
  }

  close(): void {
    for (const [canonical, record] of this.unwritten) {
      this.unwritten.delete(canonical);
      this.written.store.create(parseModelReference(record.tags[0] ?? canonical), record.created);
    }
    this.written.close();
  }
}

/** Fault mr.store.concurrent: a created model's tags are in place only 30 ms after its record (the list shows it untagged meanwhile). */
export class HalfWritten implements HeldModels {
  /** Records whose tags are not in place yet. */
  private readonly halfWritten = new Set<string>();

  constructor(private readonly written: WrittenNow) {}

  records(): readonly ModelRecord[] {
    return this.written.records();
  }

  list(): readonly ModelRecord[] {
    if (this.halfWritten.size === 0) return this.written.list();
    return this.written.list().map((record) => (this.halfWritten.has(record.id) ? { ...record, tags: [] } : record));
  }

  get(ref: ModelReference): ModelRecord | undefined {
    return this.written.get(ref);
  }

  pending(ref: ModelReference): boolean {
    return this.written.pending(ref);
  }

  async create(ref: ModelReference): Promise<CreateOutcome> {
    const outcome = await this.written.create(ref);
    this.halfWritten.add(outcome.record.id);
    await sleep(30);
    this.halfWritten.delete(outcome.record.id);
    return outcome;
  }

  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force: boolean): RemoveOutcome {
    return this.written.remove(target, force);
  }

  close(): void {
    this.written.close();
  }
}
