import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { recordFor } from './record.js';
import { ModelStoreError, type ModelRecord, type ModelReference } from './types.js';

/** A record file: `<64 hex of the id>.json`. */
const RECORD_FILE = /^([0-9a-f]{64})\.json$/;
/** Temporary files of writes in progress: `.<hex>.<pid>.<n>.tmp`, never mistaken for a record. */
const TEMP_SUFFIX = '.tmp';

/**
 * What a record file holds: the record as clients see it, and its place in creation order. The
 * order is kept on disk because `created` has one-second steps and directory order is arbitrary.
 */
interface StoredRecord {
  readonly seq: number;
  /**
   * The store's write counter when this file was written (files of older versions have none: 0).
   * A tag moved between two models is written to its new model first: should a kill come before
   * the old model's file is rewritten, both files claim the tag, and the later write keeps it.
   */
  readonly rev?: number;
  readonly record: ModelRecord;
}

/** What deleting by reference or by id did (DeleteModel of the real service). */
export type RemoveOutcome =
  /** Nothing is held under that reference or id. */
  | { readonly kind: 'absent' }
  /** By id, a model with several tags and no force: nothing changed. */
  | { readonly kind: 'conflict'; readonly record: ModelRecord }
  /** The tags taken off, and whether the model itself went (its last tag, or by id). */
  | { readonly kind: 'removed'; readonly record: ModelRecord; readonly untagged: readonly string[]; readonly deleted: boolean };

/** `sha256:<64 hex>`, 64 hex or a 12-hex short id: the forms by which the real service takes an id (client.go looksLikeID, looksLikeDigest). */
const ID_FORM = /^(?:sha256:[0-9a-f]{64}|[0-9a-f]{64}|[0-9a-f]{12})$/;

const nowSeconds = (): number => Math.floor(Date.now() / 1000);
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const isMissing = (error: unknown): boolean => (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';

/** Makes a rename or unlink in `dir` durable: without it a power loss may undo an answered write. */
function syncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** `writeSync` may write less than asked; a record cut short would be a corrupt file. */
function writeAll(fd: number, bytes: Buffer): void {
  for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done);
}

/** Frozen, so that no caller can change a record the store holds (and lists) behind its back. */
function frozen(record: ModelRecord): ModelRecord {
  Object.freeze(record.tags);
  Object.freeze(record.config);
  return Object.freeze(record);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads what a record file holds; anything else is an error naming the file. */
function parseStored(path: string, hex: string, text: string): StoredRecord {
  const bad = (why: string): ModelStoreError => new ModelStoreError('MR_STORE_IO', `the model record ${path} is not a record: ${why}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw bad(messageOf(error));
  }
  if (!isObject(parsed)) throw bad('not a JSON object');
  const { seq, record } = parsed;
  if (typeof seq !== 'number' || !Number.isSafeInteger(seq) || seq < 1) throw bad('no sequence number');
  if (!isObject(record)) throw bad('no record');
  const { id, tags, created, config } = record;
  if (id !== `sha256:${hex}`) throw bad(`its id ${JSON.stringify(id)} is not the file's name`);
  // No tags is a model whose last tag moved to another one: still held, by its id.
  if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === 'string')) throw bad('no tags');
  const { rev } = parsed;
  if (rev !== undefined && (typeof rev !== 'number' || !Number.isSafeInteger(rev) || rev < 0)) throw bad('a write counter that is no count');
  if (typeof created !== 'number') throw bad('no creation time');
  if (!isObject(config) || config['format'] !== 'gguf') throw bad('no gguf config');
  // Rebuilt field by field: the record answered to clients has exactly the ModelRecord shape.
  const c = config as unknown as ModelRecord['config'];
  return {
    seq,
    ...(rev === undefined ? {} : { rev }),
    record: frozen({
      id,
      tags: [...(tags as string[])],
      created,
      config: {
        format: 'gguf',
        quantization: c.quantization,
        parameters: c.parameters,
        architecture: c.architecture,
        size: c.size,
        context_size: c.context_size,
      },
    }),
  };
}

/**
 * The model runner's models, one JSON file per model under a directory of its own. A model has
 * an id and any number of tags (canonical references); a tag names one model at most.
 *
 * A write goes to a fresh temporary file in the same directory, is synced, renamed over the
 * record's name, and the directory synced; a delete unlinks and syncs the directory. A process
 * killed at any point therefore leaves the old state or the new one, never half a record, and
 * {@link ModelStore.open} removes the temporary files such a kill leaves behind. The map in memory
 * changes only after the disk did, so no client sees a record the disk does not hold. Every
 * call is synchronous: one process owns the store, and no two writes interleave.
 */
export class ModelStore {
  /** By id, in creation order (a Map keeps insertion order). */
  private readonly byId = new Map<string, StoredRecord>();
  /** Canonical reference → the id of the model it names: a tag names one model at most. */
  private readonly owner = new Map<string, string>();
  /** The list answered last, until a write changes it. */
  private listed: readonly ModelRecord[] | undefined;
  private lastSeq = 0;
  private lastRev = 0;
  private tempCount = 0;

  private constructor(
    /** The store's directory. */
    readonly dir: string,
    private readonly clock: () => number,
    /** Removes a deleted model's record file (a quirk may do it otherwise). */
    private readonly unlink: (path: string) => void,
  ) {}

  /**
   * Opens the store in `dir`, creating the directory (mode 0o700) if need be, loading every
   * record and deleting the temporary files of interrupted writes.
   *
   * @param clock - unix seconds, for the `created` of new records.
   * @param unlink - removes a deleted model's record file (unlinkSync; a quirk passes its own).
   * @throws {@link ModelStoreError} `MR_STORE_IO` when the directory or a record file cannot be read.
   */
  static open(dir: string, clock: () => number = nowSeconds, unlink: (path: string) => void = unlinkSync): ModelStore {
    const store = new ModelStore(dir, clock, unlink);
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      store.load();
    } catch (error) {
      if (error instanceof ModelStoreError) throw error;
      throw new ModelStoreError('MR_STORE_IO', `cannot read the model store ${dir}: ${messageOf(error)}`);
    }
    return store;
  }

  private load(): void {
    const loaded: { stored: StoredRecord; path: string }[] = [];
    for (const file of readdirSync(this.dir)) {
      const path = join(this.dir, file);
      if (file.endsWith(TEMP_SUFFIX)) {
        // An interrupted write: never renamed into place, so never answered as done.
        rmSync(path, { force: true });
        continue;
      }
      const hex = RECORD_FILE.exec(file)?.[1];
      if (hex === undefined) continue;
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        throw new ModelStoreError('MR_STORE_IO', `the model record ${path} cannot be read: ${messageOf(error)}`);
      }
      loaded.push({ stored: parseStored(path, hex, text), path });
    }
    loaded.sort((a, b) => a.stored.seq - b.stored.seq);
    const claim = new Map<string, { stored: StoredRecord; path: string }>();
    for (const entry of loaded) {
      for (const tag of entry.stored.record.tags) {
        const other = claim.get(tag);
        if (other !== undefined && (other.stored.rev ?? 0) === (entry.stored.rev ?? 0))
          throw new ModelStoreError('MR_STORE_IO', `the model records ${other.path} and ${entry.path} both claim ${tag}`);
        // A move cut short by a kill: the later write holds the tag.
        if (other === undefined || (other.stored.rev ?? 0) < (entry.stored.rev ?? 0)) claim.set(tag, entry);
      }
      this.lastSeq = Math.max(this.lastSeq, entry.stored.seq);
      this.lastRev = Math.max(this.lastRev, entry.stored.rev ?? 0);
    }
    for (const { stored } of loaded) {
      const kept = stored.record.tags.filter((tag) => claim.get(tag)?.stored === stored);
      if (kept.length === stored.record.tags.length) this.byId.set(stored.record.id, stored);
      else {
        // Finished now, so that the tag cannot come back once its new model lets it go.
        const rewritten = this.rewritten(stored, kept);
        this.write(rewritten);
        this.install(rewritten);
      }
      for (const tag of kept) this.owner.set(tag, stored.record.id);
    }
  }

  /** Every model, in creation order; answered from memory, never from the disk. */
  list(): readonly ModelRecord[] {
    if (this.listed === undefined) this.listed = Object.freeze([...this.byId.values()].map((stored) => stored.record));
    return this.listed;
  }

  /** The model `ref` names, if the store holds it. */
  get(ref: ModelReference): ModelRecord | undefined {
    const id = this.owner.get(ref.canonical);
    return id === undefined ? undefined : this.byId.get(id)?.record;
  }

  /** Whether `text` has the form of a model id (`sha256:<64 hex>`, 64 hex, or 12 hex). */
  static looksLikeId(text: string): boolean {
    return ID_FORM.test(text);
  }

  /** The model whose id `text` is (in any of the id forms), if the store holds it. */
  getById(text: string): ModelRecord | undefined {
    if (!ID_FORM.test(text)) return undefined;
    if (text.length === 12) {
      for (const stored of this.byId.values()) if (stored.record.id.startsWith(`sha256:${text}`)) return stored.record;
      return undefined;
    }
    return this.byId.get(text.startsWith('sha256:') ? text : `sha256:${text}`)?.record;
  }

  /**
   * Creates the model `ref` names; `cached` (and nothing written) when the store already holds it.
   * A model held without that tag (its content the same: the same id) gets the tag back, cached.
   * When it returns, the record is on disk and survives a crash.
   *
   * @throws {@link ModelStoreError} `MR_STORE_IO`; the store is then unchanged.
   */
  create(ref: ModelReference, created: number = this.clock()): { record: ModelRecord; cached: boolean } {
    const held = this.get(ref);
    if (held !== undefined) return { record: held, cached: true };
    const fresh = recordFor(ref, created);
    const same = this.byId.get(fresh.id);
    if (same !== undefined) return { record: this.addTag(same, ref.canonical), cached: true };
    const stored: StoredRecord = { seq: this.lastSeq + 1, rev: this.lastRev + 1, record: frozen(fresh) };
    this.write(stored);
    this.lastSeq = stored.seq;
    this.install(stored);
    this.owner.set(ref.canonical, fresh.id);
    return { record: stored.record, cached: false };
  }

  /**
   * Tags the model `source` names with `target` (the real service's Tag): a tag another model
   * holds moves to this one. Undefined when no model is held under `source`.
   *
   * @throws {@link ModelStoreError} `MR_STORE_IO`.
   */
  tag(source: ModelRecord, target: ModelReference): ModelRecord | undefined {
    const stored = this.byId.get(source.id);
    if (stored === undefined) return undefined;
    const previous = this.owner.get(target.canonical);
    if (previous === source.id) return stored.record;
    // The new holder first: a kill before the old one is rewritten leaves the later write holding it.
    const record = this.addTag(stored, target.canonical);
    const old = previous === undefined ? undefined : this.byId.get(previous);
    if (old !== undefined) {
      const rewritten = this.rewritten(
        old,
        old.record.tags.filter((t) => t !== target.canonical),
      );
      this.write(rewritten);
      this.install(rewritten);
    }
    return record;
  }

  /**
   * Deletes as the real service's DeleteModel does. By reference (a tag): the tag goes, and the
   * model with it when it was its last. By id: a model with several tags is a conflict unless
   * `force`; otherwise the model goes with all its tags. When it returns, the change is on disk.
   *
   * @throws {@link ModelStoreError} `MR_STORE_IO`; a model being deleted is then still listed (a retry finishes the delete).
   */
  remove(target: { readonly ref: ModelReference } | { readonly id: string }, force = false): RemoveOutcome {
    if ('ref' in target) {
      const id = this.owner.get(target.ref.canonical);
      const stored = id === undefined ? undefined : this.byId.get(id);
      if (stored === undefined) return { kind: 'absent' };
      if (stored.record.tags.length > 1) {
        const rewritten = this.rewritten(
          stored,
          stored.record.tags.filter((t) => t !== target.ref.canonical),
        );
        this.write(rewritten);
        this.install(rewritten);
        this.owner.delete(target.ref.canonical);
        return { kind: 'removed', record: stored.record, untagged: [target.ref.canonical], deleted: false };
      }
      this.drop(stored, target.ref.canonical);
      return { kind: 'removed', record: stored.record, untagged: [target.ref.canonical], deleted: true };
    }
    const record = this.getById(target.id);
    const stored = record === undefined ? undefined : this.byId.get(record.id);
    if (stored === undefined) return { kind: 'absent' };
    if (stored.record.tags.length > 1 && !force) return { kind: 'conflict', record: stored.record };
    this.drop(stored, stored.record.tags[0] ?? stored.record.id);
    return { kind: 'removed', record: stored.record, untagged: stored.record.tags, deleted: true };
  }

  /**
   * Deletes the model `ref` names, with all its tags, and returns its record, or `undefined` when
   * the store does not hold it. When it returns, the deletion is on disk.
   *
   * @throws {@link ModelStoreError} `MR_STORE_IO`; the model is then still listed (a retry finishes the delete).
   */
  delete(ref: ModelReference): ModelRecord | undefined {
    const held = this.get(ref);
    if (held === undefined) return undefined;
    const outcome = this.remove({ id: held.id }, true);
    return outcome.kind === 'removed' ? outcome.record : undefined;
  }

  /** Unlinks the model's file, syncs the directory, then forgets the model and its tags. */
  private drop(stored: StoredRecord, named: string): void {
    const path = this.fileOf(stored.record);
    try {
      try {
        this.unlink(path);
      } catch (error) {
        // Gone already, e.g. a retry after the directory sync failed: the sync below finishes it.
        if (!isMissing(error)) throw error;
      }
      syncDir(this.dir);
    } catch (error) {
      throw new ModelStoreError('MR_STORE_IO', `cannot delete the model ${named} (${path}): ${messageOf(error)}`);
    }
    this.byId.delete(stored.record.id);
    for (const tag of stored.record.tags) if (this.owner.get(tag) === stored.record.id) this.owner.delete(tag);
    this.listed = undefined;
  }

  /** Writes the model with one more tag and installs it. */
  private addTag(stored: StoredRecord, tag: string): ModelRecord {
    const rewritten = this.rewritten(stored, [...stored.record.tags, tag]);
    this.write(rewritten);
    this.install(rewritten);
    this.owner.set(tag, stored.record.id);
    return rewritten.record;
  }

  /** The same model with other tags, at the next write counter (not yet written). */
  private rewritten(stored: StoredRecord, tags: readonly string[]): StoredRecord {
    return { seq: stored.seq, rev: this.lastRev + 1, record: frozen({ ...stored.record, tags: [...tags], config: { ...stored.record.config } }) };
  }

  /** Puts a written record in memory, in its place in creation order. */
  private install(stored: StoredRecord): void {
    this.lastRev = Math.max(this.lastRev, stored.rev ?? 0);
    this.byId.set(stored.record.id, stored);
    this.listed = undefined;
  }

  private fileOf(record: ModelRecord): string {
    return join(this.dir, `${record.id.slice('sha256:'.length)}.json`);
  }

  /** Temp file, fsync, rename over the record's name, fsync the directory. */
  private write(stored: StoredRecord): void {
    const path = this.fileOf(stored.record);
    const temp = join(this.dir, `.${stored.record.id.slice('sha256:'.length, 'sha256:'.length + 16)}.${process.pid}.${++this.tempCount}${TEMP_SUFFIX}`);
    try {
      // 'wx': a fresh file of our own, never one another writer still holds open.
      const fd = openSync(temp, 'wx', 0o600);
      try {
        writeAll(fd, Buffer.from(`${JSON.stringify(stored)}\n`, 'utf8'));
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(temp, path);
      syncDir(this.dir);
    } catch (error) {
      rmSync(temp, { force: true });
      throw new ModelStoreError('MR_STORE_IO', `cannot write the model ${stored.record.tags[0] ?? stored.record.id} (${path}): ${messageOf(error)}`);
    }
  }
}
