import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { ModelStore, parseModelReference, type ModelRecord, type ModelReference } from '../simulator/model-runner/store/index.js';

/**
 * The store's tags, as the real service keeps them (docker/model-runner @ 642c7211:
 * pkg/distribution/internal/store/index.go, pkg/distribution/distribution/client.go DeleteModel):
 * a model has any number of references, a tag moves between models, a delete by reference
 * untags, a delete by id needs force when the model has several references; and a tag move cut
 * short by a kill is finished at the next open.
 */

const SEED = 20261127;
const ref = (text: string): ModelReference => parseModelReference(text);

const tempDir = (t: Test): string => {
  const dir = mkdtempSync('/tmp/ctc-store-tags-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const fileOf = (dir: string, record: ModelRecord): string => join(dir, `${record.id.slice('sha256:'.length)}.json`);

t.test('a tag names one model: tagging moves it, and a model whose last tag moved is held by its id', (t) => {
  const dir = tempDir(t);
  const store = ModelStore.open(dir, () => 1700000000);
  const a = store.create(ref('acme/a')).record;
  const b = store.create(ref('acme/b')).record;
  t.same(store.tag(a, ref('acme/t:v1'))?.tags, ['acme/a:latest', 'acme/t:v1']);
  t.equal(store.get(ref('acme/t:v1'))?.id, a.id);
  t.same(store.tag(b, ref('acme/t:v1'))?.tags, ['acme/b:latest', 'acme/t:v1'], 'moved to b');
  t.same(store.get(ref('acme/a'))?.tags, ['acme/a:latest'], 'gone from a');
  t.same(store.tag(a, ref('acme/b'))?.tags, ['acme/a:latest', 'acme/b:latest']);
  t.same(store.getById(b.id)?.tags, ['acme/t:v1']);
  t.same(store.tag(a, ref('acme/t:v1')) && store.getById(b.id)?.tags, [], 'b has no tag left, and is still held');
  for (const form of [b.id, b.id.slice(7), b.id.slice(7, 19)]) t.equal(store.getById(form)?.id, b.id, `by id: ${form}`);
  t.equal(store.getById('sha256:abc'), undefined, 'not an id form');
  t.same(
    store.list().map((r) => r.id),
    [a.id, b.id],
    'creation order kept through rewrites',
  );
  const reopened = ModelStore.open(dir);
  t.same(reopened.list(), store.list(), 'the same after a reopen');
  t.equal(store.tag({ ...a, id: `sha256:${'0'.repeat(64)}` }, ref('acme/x')), undefined, 'a source not held');
  t.end();
});

t.test('remove: by reference untags, the model going with its last tag; by id, force for several tags', (t) => {
  const store = ModelStore.open(tempDir(t), () => 1700000000);
  const a = store.create(ref('acme/a')).record;
  store.tag(a, ref('acme/a:v2'));
  store.tag(a, ref('acme/c'));
  const untag = store.remove({ ref: ref('acme/a:v2') });
  t.match(untag, { kind: 'removed', untagged: ['acme/a:v2'], deleted: false });
  t.same(store.get(ref('acme/a'))?.tags, ['acme/a:latest', 'acme/c:latest']);
  t.same(store.remove({ ref: ref('acme/a:v2') }), { kind: 'absent' });
  for (const id of [a.id, a.id.slice(7), a.id.slice(7, 19)]) t.match(store.remove({ id }), { kind: 'conflict' }, `no force: ${id}`);
  t.equal(store.list().length, 1, 'unchanged');
  const forced = store.remove({ id: a.id.slice(7, 19) }, true);
  t.match(forced, { kind: 'removed', untagged: ['acme/a:latest', 'acme/c:latest'], deleted: true });
  t.same(store.list(), []);
  t.same(store.remove({ id: a.id }, true), { kind: 'absent' });
  const b = store.create(ref('acme/b')).record;
  t.match(store.remove({ id: b.id }), { kind: 'removed', untagged: ['acme/b:latest'], deleted: true }, 'one tag: no force needed');
  const c = store.create(ref('acme/c')).record;
  t.match(store.remove({ ref: ref('acme/c') }), { kind: 'removed', record: c, untagged: ['acme/c:latest'], deleted: true }, 'its last tag');
  t.end();
});

t.test('a tag move cut short (the old model not yet rewritten) is finished at the next open', (t) => {
  const dir = tempDir(t);
  const store = ModelStore.open(dir, () => 1700000000);
  const a = store.create(ref('acme/a')).record;
  const b = store.create(ref('acme/b')).record;
  store.tag(a, ref('acme/t'));
  const before = readFileSync(fileOf(dir, a), 'utf8');
  store.tag(b, ref('acme/t'));
  // A kill between the two writes: b's file claims the tag, a's still does too.
  writeFileSync(fileOf(dir, a), before);
  const reopened = ModelStore.open(dir);
  t.equal(reopened.get(ref('acme/t'))?.id, b.id, 'the later write holds the tag');
  t.same(reopened.get(ref('acme/a'))?.tags, ['acme/a:latest']);
  t.notMatch(readFileSync(fileOf(dir, a), 'utf8'), /acme\/t:latest/, "the old model's file is rewritten");
  reopened.remove({ ref: ref('acme/t') });
  t.equal(ModelStore.open(dir).get(ref('acme/t')), undefined, 'so that the tag cannot come back');
  // Two files of the same write counter claiming one tag are not a cut-short move.
  const record = JSON.parse(readFileSync(fileOf(dir, b), 'utf8')) as { seq: number; rev: number; record: ModelRecord };
  const other = JSON.parse(readFileSync(fileOf(dir, a), 'utf8')) as { seq: number; rev: number; record: ModelRecord };
  writeFileSync(
    fileOf(dir, a),
    JSON.stringify({ ...other, rev: record.rev, record: { ...other.record, tags: [...other.record.tags, ...record.record.tags] } }),
  );
  t.throws(() => ModelStore.open(dir), { code: 'MR_STORE_IO', message: /both claim/ });
  t.end();
});

// --- model-based: several models and their tags, against a model -------------------------------

interface Model {
  /** Id → its tags, in creation order. */
  readonly models: Map<string, string[]>;
}
interface Real {
  store: ModelStore;
  readonly dir: string;
}
type Command = fc.Command<Model, Real>;

const holderOf = (m: Model, canonical: string): string | undefined => [...m.models].find(([, tags]) => tags.includes(canonical))?.[0];
const snapshot = (m: Model): [string, string[]][] => [...m.models].map(([id, tags]) => [id, [...tags]]);
const realSnapshot = (r: Real): [string, string[]][] => r.store.list().map((record) => [record.id, [...record.tags]]);

class Create implements Command {
  constructor(readonly ref: ModelReference) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const { record, cached } = r.store.create(this.ref);
    const holder = holderOf(m, this.ref.canonical);
    assert.equal(cached, holder !== undefined || m.models.has(record.id), `${this}: cached`);
    if (holder === undefined) {
      if (m.models.has(record.id)) m.models.get(record.id)!.push(this.ref.canonical);
      else m.models.set(record.id, [this.ref.canonical]);
    }
    assert.deepEqual(realSnapshot(r), snapshot(m), String(this));
  }
  toString = (): string => `create(${this.ref.canonical})`;
}

/** The model's view of a tag taken from model `id`. */
const untag = (m: Model, id: string, tag: string): void =>
  void m.models.set(
    id,
    m.models.get(id)!.filter((t) => t !== tag),
  );

class Tag implements Command {
  constructor(
    readonly source: ModelReference,
    readonly target: ModelReference,
  ) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const sourceId = holderOf(m, this.source.canonical);
    const record = r.store.get(this.source);
    assert.equal(record?.id, sourceId, `${this}: the source`);
    if (record === undefined) return;
    r.store.tag(record, this.target);
    const old = holderOf(m, this.target.canonical);
    if (old !== sourceId) {
      if (old !== undefined) untag(m, old, this.target.canonical);
      m.models.get(sourceId!)!.push(this.target.canonical);
    }
    assert.deepEqual(realSnapshot(r), snapshot(m), String(this));
  }
  toString = (): string => `tag(${this.source.canonical}, ${this.target.canonical})`;
}

class RemoveByReference implements Command {
  constructor(readonly ref: ModelReference) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const outcome = r.store.remove({ ref: this.ref });
    const id = holderOf(m, this.ref.canonical);
    if (id === undefined) assert.deepEqual(outcome, { kind: 'absent' }, String(this));
    else {
      const tags = m.models.get(id)!;
      assert.ok(outcome.kind === 'removed' && outcome.deleted === (tags.length === 1), `${this}: ${JSON.stringify(outcome)}`);
      if (tags.length === 1) m.models.delete(id);
      else untag(m, id, this.ref.canonical);
    }
    assert.deepEqual(realSnapshot(r), snapshot(m), String(this));
  }
  toString = (): string => `remove(${this.ref.canonical})`;
}

class RemoveById implements Command {
  constructor(
    readonly index: number,
    readonly force: boolean,
  ) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const ids = [...m.models.keys()];
    if (ids.length === 0) return;
    const id = ids[this.index % ids.length]!;
    const tags = m.models.get(id)!;
    const outcome = r.store.remove({ id }, this.force);
    if (tags.length > 1 && !this.force) assert.equal(outcome.kind, 'conflict', String(this));
    else {
      assert.ok(outcome.kind === 'removed' && outcome.deleted, String(this));
      assert.deepEqual(outcome.untagged, tags, String(this));
      m.models.delete(id);
    }
    assert.deepEqual(realSnapshot(r), snapshot(m), String(this));
  }
  toString = (): string => `removeById(#${this.index}${this.force ? ', force' : ''})`;
}

class Reopen implements Command {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.store = ModelStore.open(r.dir);
    assert.deepEqual(realSnapshot(r), snapshot(m), String(this));
  }
  toString = (): string => 'reopen()';
}

t.test('create, tag, remove by reference and by id, reopen: the store against a model (fc.commands)', (t) => {
  const pool = fc.constantFrom(...['acme/a', 'acme/a:v2', 'acme/b', 'acme/c:x', 'other/d'].map(ref));
  const commands = [
    pool.map((r) => new Create(r)),
    fc.tuple(pool, pool).map(([s, d]) => new Tag(s, d)),
    pool.map((r) => new RemoveByReference(r)),
    fc.tuple(fc.nat(4), fc.boolean()).map(([i, f]) => new RemoveById(i, f)),
    fc.constant(new Reopen()),
  ];
  const details = fc.check(
    fc.property(fc.commands(commands, { maxCommands: 30 }), (cmds) => {
      const dir = mkdtempSync('/tmp/ctc-store-tags-model-');
      try {
        fc.modelRun(() => ({ model: { models: new Map() }, real: { store: ModelStore.open(dir, () => 1700000000), dir } }), cmds);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    { seed: SEED, numRuns: 150 },
  );
  t.notOk(details.failed, details.failed ? (fc.defaultReportMessage(details) ?? 'failed') : `against the model (${details.numRuns} runs)`);
  t.end();
});
