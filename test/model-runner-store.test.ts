import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import {
  ModelStore,
  ModelStoreError,
  parseModelReference,
  recordFor,
  referenceFromPath,
  type ModelRecord,
  type ModelReference,
} from '../simulator/model-runner/store/index.js';

/**
 * The model runner's store: the reference grammar (valid references round-trip, invalid ones are
 * refused with MR_BAD_REFERENCE), the records, and the store against a Map model across reopens.
 * The crash test is model-runner-store-kill.test.ts.
 */

const SEED = 20261123;

/**
 * Runs a property (node:assert inside, so that fast-check shrinks a failure) and records one tap
 * assertion with fast-check's report: the counterexample and the seed to replay it.
 */
function holds<Ts>(t: Test, what: string, property: fc.IProperty<Ts>, numRuns: number): void {
  const details = fc.check(property, { seed: SEED, numRuns });
  t.notOk(details.failed, details.failed ? `${what}\n${fc.defaultReportMessage(details)}` : `${what} (${details.numRuns} runs)`);
}

// --- arbitraries ------------------------------------------------------------------------------

const alnumRun = fc.stringMatching(/^[a-z0-9]{1,6}$/);
const separator = fc.constantFrom('.', '_', '__', '-', '--', '---');
/** A docker path component, built from its grammar: alphanumeric runs joined by separators. */
const component: fc.Arbitrary<string> = fc
  .tuple(alnumRun, fc.array(fc.tuple(separator, alnumRun), { maxLength: 3 }))
  .map(([first, rest]) => first + rest.map(([sep, run]) => sep + run).join(''));
const tag = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,15}$/);

/** Upper-cases some of the letters: the service accepts those and lower-cases them. */
const mixedCase = (lower: string): fc.Arbitrary<string> =>
  fc
    .array(fc.boolean(), { minLength: lower.length, maxLength: lower.length })
    .map((flips) => [...lower].map((c, i) => (flips[i] ? c.toUpperCase() : c)).join(''));

interface Parts {
  readonly namespace: string | undefined;
  readonly name: string;
  readonly tag: string | undefined;
}
const parts: fc.Arbitrary<Parts> = fc.record({ namespace: fc.option(component, { nil: undefined }), name: component, tag: fc.option(tag, { nil: undefined }) });
const textOf = (p: Parts): string => `${p.namespace === undefined ? '' : `${p.namespace}/`}${p.name}${p.tag === undefined ? '' : `:${p.tag}`}`;
/** A valid reference as written, with its parts lower-case (what it must normalise to). */
const written: fc.Arbitrary<{ text: string; parts: Parts }> = parts.chain((p) =>
  fc
    .record({ namespace: p.namespace === undefined ? fc.constant(undefined) : mixedCase(p.namespace), name: mixedCase(p.name), tag: fc.constant(p.tag) })
    .map((cased) => ({ text: textOf(cased), parts: p })),
);

/** Characters no part may hold (`:` is left out: in a name it starts the tag). */
const badChar = fc.constantFrom(
  ' ',
  '\t',
  '\n',
  '\0',
  '$',
  '#',
  '%',
  '?',
  '\\',
  '!',
  '+',
  '=',
  ',',
  '*',
  '~',
  '"',
  'é',
  '\u212a' /* Kelvin sign: folds to k */,
  '\u00a0',
);

/** Invalid references, by what is wrong with them. */
const invalid: fc.Arbitrary<{ text: string; flaw: string }> = fc.oneof(
  fc
    .tuple(parts, fc.array(component, { minLength: 1, maxLength: 3 }))
    .map(([p, extra]) => ({ text: `${p.namespace ?? 'ai'}/${[...extra, p.name].join('/')}${p.tag === undefined ? '' : `:${p.tag}`}`, flaw: 'extra segments' })),
  fc
    .tuple(parts, fc.constantFrom('.', '..'), fc.boolean())
    .map(([p, dots, inName]) => ({ text: inName ? `${p.namespace ?? 'ai'}/${dots}` : `${dots}/${p.name}`, flaw: `"${dots}" as a part` })),
  fc
    .tuple(component, component, tag)
    .chain(([ns, name, tg]) =>
      fc.constantFrom('', `/${name}`, `${ns}/`, `${ns}/:${tg}`, `:${tg}`, `${ns}/${name}:`, '/', `//${name}`).map((text) => ({ text, flaw: 'empty part' })),
    ),
  fc.tuple(parts, badChar, fc.nat(), fc.constantFrom<'namespace' | 'name' | 'tag'>('namespace', 'name', 'tag')).map(([p, bad, at, where]) => {
    const insert = (s: string): string => s.slice(0, at % (s.length + 1)) + bad + s.slice(at % (s.length + 1));
    const q = { namespace: p.namespace ?? 'ai', name: p.name, tag: p.tag ?? 'latest' };
    return { text: textOf({ ...q, [where]: insert(q[where]) }), flaw: `bad character ${JSON.stringify(bad)} in the ${where}` };
  }),
  fc
    .tuple(parts, fc.constantFrom('-', '.', '_', '__'))
    .chain(([p, sep]) =>
      fc.constantFrom(`${sep}${p.name}`, `${p.name}${sep}`).map((name) => ({ text: textOf({ ...p, name }), flaw: 'a separator at an end' })),
    ),
  fc
    .tuple(parts, fc.constantFrom('.', '-'))
    .map(([p, first]) => ({ text: `${textOf({ ...p, tag: undefined })}:${first}${p.tag ?? 'x'}`, flaw: 'a tag starting with . or -' })),
  fc
    .tuple(parts, fc.stringMatching(/^[0-9a-f]{64}$/), fc.boolean())
    .map(([p, hex, tagged]) => ({ text: `${textOf({ ...p, tag: tagged ? (p.tag ?? 'v1') : undefined })}@sha256:${hex}`, flaw: 'a digest' })),
  fc.tuple(parts, fc.integer({ min: 256, max: 400 })).map(([p, length]) => ({ text: `${p.namespace ?? 'ai'}/${'m'.repeat(length)}`, flaw: 'too long' })),
  fc
    .tuple(parts, fc.integer({ min: 129, max: 140 }))
    .map(([p, length]) => ({ text: `${textOf({ ...p, tag: undefined })}:${'t'.repeat(length)}`, flaw: 'a tag over 128 characters' })),
  fc
    .tuple(parts, fc.constantFrom(' ', '\t', '\n'))
    .chain(([p, space]) =>
      fc.constantFrom(`${space}${textOf(p)}`, `${textOf(p)}${space}`).map((text) => ({ text, flaw: 'surrounding white space (nothing is trimmed)' })),
    ),
);

function refusal(text: string): ModelStoreError | undefined {
  try {
    parseModelReference(text);
  } catch (error) {
    if (error instanceof ModelStoreError) return error;
    throw error;
  }
  return undefined;
}

// --- references -------------------------------------------------------------------------------

t.test('valid references parse to their lower-cased parts and round-trip through canonical', (t) => {
  holds(
    t,
    'generated valid references',
    fc.property(written, ({ text, parts: p }) => {
      const ref = parseModelReference(text);
      const expected = { namespace: p.namespace ?? 'ai', name: p.name, tag: p.tag ?? 'latest' };
      assert.deepEqual({ namespace: ref.namespace, name: ref.name, tag: ref.tag }, expected, text);
      assert.equal(ref.canonical, `${expected.namespace}/${expected.name}:${expected.tag}`);
      assert.deepEqual(parseModelReference(ref.canonical), ref, 'canonical is a fixed point');
      assert.deepEqual(referenceFromPath(ref.namespace, `${ref.name}:${ref.tag}`), ref, 'the route names the same model');
    }),
    500,
  );
  t.end();
});

t.test('ns/name ≡ ns/name:latest, name ≡ ai/name, upper case ≡ lower case', (t) => {
  holds(
    t,
    'equivalent spellings',
    fc.property(component, component, (ns, name) => {
      const ref = parseModelReference(`${ns}/${name}`);
      assert.deepEqual(parseModelReference(`${ns}/${name}:latest`), ref);
      assert.deepEqual(referenceFromPath(ns, name), ref);
      assert.deepEqual(parseModelReference(`${ns.toUpperCase()}/${name.toUpperCase()}`), ref);
      assert.deepEqual(parseModelReference(name), parseModelReference(`ai/${name}:latest`));
    }),
    300,
  );
  t.equal(parseModelReference('AI/SmolLM2:latest').canonical, 'ai/smollm2:latest', "the document's example");
  t.equal(parseModelReference('smollm2').canonical, 'ai/smollm2:latest');
  t.equal(parseModelReference('ai/smollm2:Q4_K_M').canonical, 'ai/smollm2:Q4_K_M', 'the tag keeps its case');
  t.equal(parseModelReference(`ai/m:${'T'.repeat(128)}`).tag.length, 128, 'a tag of 128 characters is a tag');
  t.end();
});

t.test('invalid references are refused with MR_BAD_REFERENCE and a message naming them', (t) => {
  holds(
    t,
    'generated invalid references',
    fc.property(invalid, ({ text, flaw }) => {
      const error = refusal(text);
      assert.ok(error, `${JSON.stringify(text)} (${flaw}) is refused`);
      assert.equal(error.code, 'MR_BAD_REFERENCE');
      assert.ok(error.message.startsWith(`invalid model reference ${JSON.stringify(text)}: `), error.message);
    }),
    1000,
  );
  t.equal(refusal('a/b/c')?.message, 'invalid model reference "a/b/c": a reference is <namespace>/<name>[:<tag>], each part one path segment');
  t.match(refusal('ai/..')?.message, /the name "\.\." is not a path segment/);
  t.match(refusal(`ai/x@sha256:${'0'.repeat(64)}`)?.message, /digests are not supported/);
  t.match(refusal(`${'n'.repeat(250)}`)?.message, /canonical form is longer than 255/, 'the defaults count towards the limit');
  t.match(refusal('ai/Smol LM')?.message, /the name "Smol LM" is not a path component/);
  t.end();
});

t.test('referenceFromPath refuses what the route cannot name', (t) => {
  for (const [namespace, name] of [
    ['', 'x'],
    ['a/b', 'c'],
    ['a', 'b/c'],
    ['a', ''],
    ['..', 'x'],
    ['a', 'x@sha256:00'],
  ] as const) {
    t.throws(() => referenceFromPath(namespace, name), { code: 'MR_BAD_REFERENCE' }, `${namespace} / ${name}`);
  }
  t.end();
});

// --- records ----------------------------------------------------------------------------------

t.test('a record follows from its canonical reference', (t) => {
  holds(
    t,
    'records of generated references',
    fc.property(written, fc.integer({ min: 0, max: 2 ** 31 }), ({ text }, now) => {
      const ref = parseModelReference(text);
      const record = recordFor(ref, now);
      assert.deepEqual(recordFor(parseModelReference(ref.canonical), now), record, 'deterministic');
      assert.equal(record.id, `sha256:${createHash('sha256').update(ref.canonical).digest('hex')}`);
      assert.deepEqual(record.tags, [ref.canonical]);
      assert.equal(record.created, now);
      assert.deepEqual(Object.keys(record).sort(), ['config', 'created', 'id', 'tags']);
      assert.deepEqual(Object.keys(record.config).sort(), ['architecture', 'context_size', 'format', 'parameters', 'quantization', 'size']);
      assert.equal(record.config.format, 'gguf');
      assert.equal(record.config.quantization, 'Q4_K_M');
    }),
    100,
  );
  t.end();
});

// --- the store ------------------------------------------------------------------------------

const tempDir = (t: Test): string => {
  const dir = mkdtempSync('/tmp/ctc-store-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const ref = (text: string): ModelReference => parseModelReference(text);

t.test('open creates a private directory, removes temporary files and refuses records it cannot read', (t) => {
  const dir = join(tempDir(t), 'data', 'models');
  const store = ModelStore.open(dir, () => 1700000000);
  t.equal(statSync(dir).mode & 0o777, 0o700);
  const { record, cached } = store.create(ref('ai/smollm2'));
  t.equal(cached, false);
  t.same(store.create(ref('AI/SmolLM2:latest')), { record, cached: true }, 'present: cached, the same record');
  t.same(Object.keys(store.list()[0]!).sort(), ['config', 'created', 'id', 'tags'], 'records in the ModelRecord shape, no bookkeeping');
  writeFileSync(join(dir, '.0123.99.1.tmp'), '{"seq":');
  const reopened = ModelStore.open(dir);
  t.same(reopened.list(), [record]);
  t.same(readdirSync(dir), [`${record.id.slice(7)}.json`], 'the temporary file is gone');
  const broken = join(dir, `${'ab'.repeat(32)}.json`);
  writeFileSync(broken, '{"seq":2,"rec');
  t.throws(() => ModelStore.open(dir), { code: 'MR_STORE_IO', message: new RegExp(broken) }, 'a record that does not parse is named');
  writeFileSync(broken, JSON.stringify({ seq: 2, record: { ...record } }));
  t.throws(() => ModelStore.open(dir), { code: 'MR_STORE_IO', message: /is not the file's name/ });
  rmSync(broken);
  const file = join(tempDir(t), 'a-file');
  writeFileSync(file, '');
  t.throws(() => ModelStore.open(join(file, 'models')), { code: 'MR_STORE_IO' }, 'a directory that cannot be made');
  t.end();
});

t.test('list answers from memory, in creation order, across reopens', (t) => {
  const dir = tempDir(t);
  const store = ModelStore.open(dir, () => 1700000000);
  const names = Array.from({ length: 1000 }, (_, i) => `bench/m${(i * 7919) % 1000}`);
  for (const name of names) store.create(ref(name));
  t.same(
    store.list().map((r) => r.tags[0]),
    names.map((n) => `${n}:latest`),
    'same created second: order by sequence, not by time or file name',
  );
  const started = performance.now();
  for (let i = 0; i < 100; i++) store.list();
  t.ok(performance.now() - started < 500, 'listing 1000 models 100 times is fast');
  store.delete(ref(names[0]!));
  store.create(ref(names[0]!));
  const expected = [...names.slice(1), names[0]!].map((n) => `${n}:latest`);
  t.same(
    store.list().map((r) => r.tags[0]),
    expected,
    're-created: last',
  );
  t.same(
    ModelStore.open(dir)
      .list()
      .map((r) => r.tags[0]),
    expected,
    'the order survives a reopen',
  );
  t.end();
});

// --- model-based: the store against a Map -------------------------------------------------------

interface Model {
  /** Canonical reference → record, in creation order (a Map keeps insertion order). */
  readonly held: Map<string, ModelRecord>;
}
interface Real {
  store: ModelStore;
  readonly dir: string;
  readonly clock: () => number;
}
type Command = fc.Command<Model, Real>;

class CreateCommand implements Command {
  constructor(readonly ref: ModelReference) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    const before = m.held.get(this.ref.canonical);
    const { record, cached } = r.store.create(this.ref);
    assert.equal(cached, before !== undefined, `${this}: cached`);
    if (before !== undefined) assert.deepEqual(record, before, `${this}: the record held`);
    else m.held.set(this.ref.canonical, record);
    assert.deepEqual(record.tags, [this.ref.canonical]);
  }
  toString = (): string => `create(${this.ref.canonical})`;
}

class GetCommand implements Command {
  constructor(readonly ref: ModelReference) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    assert.deepEqual(r.store.get(this.ref), m.held.get(this.ref.canonical), String(this));
  }
  toString = (): string => `get(${this.ref.canonical})`;
}

class DeleteCommand implements Command {
  constructor(readonly ref: ModelReference) {}
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    assert.deepEqual(r.store.delete(this.ref), m.held.get(this.ref.canonical), String(this));
    m.held.delete(this.ref.canonical);
  }
  toString = (): string => `delete(${this.ref.canonical})`;
}

class ListCommand implements Command {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    assert.deepEqual(r.store.list(), [...m.held.values()], String(this));
  }
  toString = (): string => 'list()';
}

class ReopenCommand implements Command {
  check = (): boolean => true;
  run(m: Model, r: Real): void {
    r.store = ModelStore.open(r.dir, r.clock);
    assert.deepEqual(r.store.list(), [...m.held.values()], String(this));
    assert.deepEqual(readdirSync(r.dir).sort(), [...m.held.values()].map((record) => `${record.id.slice(7)}.json`).sort(), 'one file per record, nothing else');
  }
  toString = (): string => 'reopen()';
}

t.test('the store behaves like a Map kept in creation order, across reopens (fc.commands)', (t) => {
  const pool = fc.constantFrom(...['ai/smollm2', 'ai/smollm2:v2', 'AI/SmolLM2:V2', 'hf.co/llama-3.2', 'acme/q__w-e.r', 'tiny'].map(ref));
  const commands = [
    pool.map((r) => new CreateCommand(r)),
    pool.map((r) => new GetCommand(r)),
    pool.map((r) => new DeleteCommand(r)),
    fc.constant(new ListCommand()),
    fc.constant(new ReopenCommand()),
  ];
  holds(
    t,
    'create/get/delete/list/reopen against a Map',
    fc.property(fc.commands(commands, { maxCommands: 40 }), (cmds) => {
      const dir = mkdtempSync('/tmp/ctc-store-model-');
      try {
        let tick = 1700000000;
        const clock = (): number => tick++;
        fc.modelRun(() => ({ model: { held: new Map() }, real: { store: ModelStore.open(dir, clock), dir, clock } }), cmds);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }),
    150,
  );
  t.end();
});
