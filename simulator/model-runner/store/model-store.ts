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
  readonly record: ModelRecord;
}

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
  if (!Array.isArray(tags) || tags.length === 0 || !tags.every((tag) => typeof tag === 'string')) throw bad('no tags');
  if (typeof created !== 'number') throw bad('no creation time');
  if (!isObject(config) || config['format'] !== 'gguf') throw bad('no gguf config');
  // Rebuilt field by field: the record answered to clients has exactly the ModelRecord shape.
  const c = config as unknown as ModelRecord['config'];
  return {
    seq,
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
 * The model runner's models, one JSON file per model under a directory of its own.
 *
 * A write goes to a fresh temporary file in the same directory, is synced, renamed over the
 * record's name, and the directory synced; a delete unlinks and syncs the directory. A process
 * killed at any point therefore leaves the old state or the new one, never half a record, and
 * {@link ModelStore.open} removes the temporary files such a kill leaves behind. The map in memory
 * changes only after the disk did, so no client sees a record the disk does not hold. Every
 * call is synchronous: one process owns the store, and no two writes interleave.
 */
export class ModelStore {
  /** By canonical reference, in creation order (a Map keeps insertion order). */
  private readonly byReference = new Map<string, StoredRecord>();
  /** The list answered last, until a write changes it. */
  private listed: readonly ModelRecord[] | undefined;
  private lastSeq = 0;
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
    const owner = new Map<string, string>();
    for (const { stored, path } of loaded) {
      for (const tag of stored.record.tags) {
        const other = owner.get(tag);
        if (other !== undefined) throw new ModelStoreError('MR_STORE_IO', `the model records ${other} and ${path} both claim ${tag}`);
        owner.set(tag, path);
        this.byReference.set(tag, stored);
      }
      this.lastSeq = Math.max(this.lastSeq, stored.seq);
    }
  }

  /** Every model, in creation order; answered from memory, never from the disk. */
  list(): readonly ModelRecord[] {
    if (this.listed === undefined) {
      const records = new Set<ModelRecord>();
      for (const stored of this.byReference.values()) records.add(stored.record);
      this.listed = Object.freeze([...records]);
    }
    return this.listed;
  }

  /** The model `ref` names, if the store holds it. */
  get(ref: ModelReference): ModelRecord | undefined {
    return this.byReference.get(ref.canonical)?.record;
  }

  /**
   * Creates the model `ref` names; `cached` (and nothing written) when the store already holds it.
   * When it returns, the record is on disk and survives a crash.
   *
   * @throws {@link ModelStoreError} `MR_STORE_IO`; the store is then unchanged.
   */
  create(ref: ModelReference, created: number = this.clock()): { record: ModelRecord; cached: boolean } {
    const held = this.byReference.get(ref.canonical);
    if (held !== undefined) return { record: held.record, cached: true };
    const stored: StoredRecord = { seq: this.lastSeq + 1, record: frozen(recordFor(ref, created)) };
    this.write(stored);
    this.lastSeq = stored.seq;
    this.byReference.set(ref.canonical, stored);
    this.listed = undefined;
    return { record: stored.record, cached: false };
  }

  /**
   * Deletes the model `ref` names and returns its record, or `undefined` when the store does not
   * hold it. When it returns, the deletion is on disk.
   *
   * @throws {@link ModelStoreError} `MR_STORE_IO`; the model is then still listed (a retry finishes the delete).
   */
  delete(ref: ModelReference): ModelRecord | undefined {
    const held = this.byReference.get(ref.canonical);
    if (held === undefined) return undefined;
    const path = this.fileOf(held.record);
    try {
      try {
        this.unlink(path);
      } catch (error) {
        // Gone already, e.g. a retry after the directory sync failed: the sync below finishes it.
        if (!isMissing(error)) throw error;
      }
      syncDir(this.dir);
    } catch (error) {
      throw new ModelStoreError('MR_STORE_IO', `cannot delete the model ${ref.canonical} (${path}): ${messageOf(error)}`);
    }
    this.byReference.delete(ref.canonical);
    this.listed = undefined;
    return held.record;
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
