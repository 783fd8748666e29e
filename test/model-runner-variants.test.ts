import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { FaultSet } from '../simulator/faults/fault-set.js';
import { ModelRunner } from '../simulator/model-runner/runner.js';
import { parseModelReference } from '../simulator/model-runner/store/index.js';
import { VARIANT_TABLES } from '../simulator/variant-tables.js';
import { QUIRKS } from '../specs/quirks/index.js';
import { RULES } from '../specs/index.js';

/**
 * The model runner's variants (issue 39): per hook point, the reference unless a fault or quirk the
 * daemon started with sets a field; every row names a fault of the catalogue or a quirk the
 * simulator carries; a field is resolved at its first read, so that --fault-trace notes only the
 * faults of the fields a request's path read; and the stateful faults' writes are chosen at the
 * first create, not at the start.
 */
const TABLES = VARIANT_TABLES.filter((table) => table.where.startsWith('simulator/model-runner/'));
const ruleIds = new Set(RULES.map((rule) => rule.id));
const quirkIds = new Set(QUIRKS.map((quirk) => quirk.id));

const readTrace = (file: string): string[] => {
  try {
    return readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => line !== '');
  } catch {
    return []; // Nothing noted: no file.
  }
};

t.test("no fault or quirk of the model runner is a row of two of its tables (each table's own checks: test/variant-tables.test.ts)", async (t) => {
  t.ok(TABLES.length >= 12, `${TABLES.length} tables of the model runner`);
  const all = TABLES.flatMap((table) => table.rows.map(([id]) => id));
  t.equal(new Set(all).size, all.length, 'no row twice, in any table');
  for (const id of all) t.ok(ruleIds.has(id) || quirkIds.has(id), `${id}: a rule's fault or a quirk`);
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
