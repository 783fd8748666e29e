import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { FaultSet } from '../simulator/faults/fault-set.js';
import { resolveVariant, type VariationRow } from '../simulator/faults/variant-table.js';
import { HANDLER_VARIATIONS, REFERENCE_HANDLER } from '../simulator/model-runner/handler-variant.js';
import { CHAT_VARIATIONS, REFERENCE_CHAT } from '../simulator/model-runner/routes/chat-variant.js';
import { MODELS_VARIATIONS, REFERENCE_MODELS } from '../simulator/model-runner/routes/models-variant.js';
import { OPENAI_MODELS_VARIATIONS, REFERENCE_OPENAI_MODELS } from '../simulator/model-runner/routes/openai-models-variant.js';
import { REFERENCE_RUNNER, RUNNER_VARIATIONS } from '../simulator/model-runner/runner-variant.js';
import { ModelRunner } from '../simulator/model-runner/runner.js';
import { parseModelReference } from '../simulator/model-runner/store/index.js';
import { quirkModules } from '../simulator/quirks/registry.js';
import { RULES } from '../specs/index.js';
import { MOUNT_VARIATIONS, REFERENCE_MOUNT } from '../simulator/model-runner/mount-variant.js';
import { LISTENER_VARIATIONS, REFERENCE_LISTENER } from '../simulator/model-runner/listener-variant.js';
import { REFERENCE_WORK, WORK_VARIATIONS } from '../simulator/model-runner/limits-variant.js';
import { INFERENCE_VARIATIONS, REFERENCE_INFERENCE } from '../simulator/model-runner/routes/inference-variant.js';
import { EMBEDDINGS_VARIATIONS, REFERENCE_EMBEDDINGS } from '../simulator/model-runner/routes/embeddings-variant.js';
import { COMPLETIONS_VARIATIONS, REFERENCE_COMPLETIONS } from '../simulator/model-runner/routes/completions-variant.js';
import { GENERATION_VARIATIONS, REFERENCE_GENERATION } from '../simulator/model-runner/routes/generation-params-variant.js';

/**
 * The model runner's variants (issue 39): per hook point, the reference unless a fault or quirk the
 * daemon started with sets a field; every row names a fault of the catalogue or a quirk the
 * simulator carries; a field is resolved at its first read, so that --fault-trace notes only the
 * faults of the fields a request's path read; and the stateful faults' writes are chosen at the
 * first create, not at the start.
 */
type Table = readonly [name: string, reference: object, rows: readonly VariationRow<object>[]];
const TABLES: readonly Table[] = [
  ['runner', REFERENCE_RUNNER, RUNNER_VARIATIONS],
  ['handler', REFERENCE_HANDLER, HANDLER_VARIATIONS],
  ['models', REFERENCE_MODELS, MODELS_VARIATIONS],
  ['chat', REFERENCE_CHAT, CHAT_VARIATIONS],
  ['openai-models', REFERENCE_OPENAI_MODELS, OPENAI_MODELS_VARIATIONS],
  ['mount', REFERENCE_MOUNT, MOUNT_VARIATIONS],
  ['listener', REFERENCE_LISTENER, LISTENER_VARIATIONS],
  ['work', REFERENCE_WORK, WORK_VARIATIONS],
  ['inference', REFERENCE_INFERENCE, INFERENCE_VARIATIONS],
  ['embeddings', REFERENCE_EMBEDDINGS, EMBEDDINGS_VARIATIONS],
  ['completions', REFERENCE_COMPLETIONS, COMPLETIONS_VARIATIONS],
  ['generation', REFERENCE_GENERATION, GENERATION_VARIATIONS],
];
const ruleIds = new Set(RULES.map((rule) => rule.id));
const quirkIds = new Set(Object.keys(quirkModules()));

const readTrace = (file: string): string[] => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  } catch {
    return []; // Nothing noted: no file.
  }
};

const variantOf = (reference: object, rows: readonly VariationRow<object>[], on: readonly string[], traceFile?: string): Record<string, unknown> =>
  resolveVariant(reference, rows, {
    faults: new FaultSet(on.filter((id) => ruleIds.has(id)) as never[], traceFile),
    quirks: new Set(on.filter((id) => quirkIds.has(id))),
  }) as Record<string, unknown>;

t.test('every row is a fault of the catalogue or a quirk the simulator carries, in one table once, and sets fields of its hook point', async (t) => {
  const all = TABLES.flatMap(([, , rows]) => rows.map(([id]) => id));
  t.equal(new Set(all).size, all.length, 'no row twice, in any table');
  for (const [name, reference, rows] of TABLES) {
    const fields = Object.keys(reference);
    for (const [id, set] of rows) {
      t.ok(ruleIds.has(id) || quirkIds.has(id), `${name}: ${id} is a rule's fault or a quirk`);
      t.ok(Object.keys(set).length > 0 && Object.keys(set).every((field) => fields.includes(field)), `${name}: ${id} sets fields of the ${name}`);
    }
    t.ok(Object.isFrozen(reference), `${name}: the reference is frozen`);
  }
});

t.test('with nothing on, every field is the reference; with rows on, each field is the last row that sets it', async (t) => {
  for (const [name, reference, rows] of TABLES) {
    const fields = Object.keys(reference) as (keyof typeof reference)[];
    const none = variantOf(reference, rows, []);
    t.ok(Object.isFrozen(none), `${name}: frozen`);
    t.ok(
      fields.every((field) => none[field] === reference[field]),
      `${name}: the reference`,
    );
    fc.assert(
      fc.property(fc.subarray(rows.map(([id]) => id)), (on) => {
        const variant = variantOf(reference, rows, on);
        return fields.every((field) => {
          const last = rows.filter(([id, set]) => on.includes(id) && field in set).pop();
          return variant[field] === (last === undefined ? reference[field] : (last[1] as Record<string, unknown>)[field]);
        });
      }),
      { numRuns: 100 },
    );
  }
});

t.test('--fault-trace notes a fault only once a field it sets is read', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-runner-trace-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  let n = 0;
  for (const [name, reference, rows] of TABLES) {
    fc.assert(
      fc.property(fc.subarray(Object.keys(reference)), (read) => {
        const trace = join(dir, `t${n++}`);
        const variant = variantOf(reference, rows, [], trace);
        for (const field of read) void variant[field];
        const noted = readTrace(trace);
        const expected = new Set(rows.filter(([id, set]) => ruleIds.has(id) && read.some((field) => field in set)).map(([id]) => id));
        return noted.length === expected.size && noted.every((id) => expected.has(id));
      }),
      { numRuns: 50 },
    );
    t.pass(`${name}: traced as read`);
  }
});

t.test("the runner asks its writes' faults at the first create, not at the start; each wrapper keeps its own state", async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-runner-writes-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const trace = join(dir, 'trace');
  const runner = ModelRunner.open(join(dir, 'root'), new FaultSet(['mr.store.crash-safe'] as never[], trace));
  const writes = ['mr.store.crash-safe', 'mr.store.concurrent'];
  t.notOk(
    readTrace(trace).some((id) => writes.includes(id)),
    'not at the start',
  );
  const ref = parseModelReference('ai/smollm2');
  t.equal(runner.get(ref), undefined, 'nothing held');
  const { record, cached } = await runner.create(ref);
  t.notOk(cached, 'created');
  t.ok(readTrace(trace).includes('mr.store.crash-safe'), 'asked at the first create');
  t.equal(runner.get(ref), record, 'the pending write is answered');
  t.same(
    runner.records().map((held) => held.id),
    [record.id],
    'and listed',
  );
  runner.close();
  const reopened = ModelRunner.open(join(dir, 'root'), new Set());
  t.equal(reopened.get(ref)?.id, record.id, 'a clean shutdown wrote it');
  reopened.close();
});
