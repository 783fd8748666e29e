import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { FaultSet } from '../simulator/faults/fault-set.js';
import { RULES } from '../specs/index.js';
import { QUIRKS } from '../specs/quirks/index.js';
import { VARIANT_TABLES } from '../simulator/variant-tables.js';

/**
 * The variant tables of the simulator's hook points (issue 39): each is the reference unless a
 * fault or quirk the daemon started with sets a field; every row names a fault of the catalogue or
 * a quirk the simulator carries; and a field is resolved at its first read, so that --fault-trace
 * notes only the faults of the fields a request's path read (the fault self-test selects its runs
 * by those notes).
 */
type AnyVariant = Record<string, unknown>;
const ruleIds = new Set(RULES.map((rule) => rule.id));
const quirkIds = new Set(QUIRKS.map((quirk) => quirk.id));

for (const { name, reference, rows, resolve } of VARIANT_TABLES) {
  const FIELDS = Object.keys(reference);
  const rowIds = rows.map(([id]) => id);
  const variantOf = (on: readonly string[], traceFile?: string): AnyVariant =>
    resolve({ faults: new FaultSet(on.filter((id) => ruleIds.has(id)) as never[], traceFile), quirks: new Set(on.filter((id) => quirkIds.has(id))) });

  t.test(`${name}: every row is a fault of the catalogue or a quirk of specs/quirks, once, and sets a field`, async (t) => {
    for (const [id, set] of rows) {
      t.ok(ruleIds.has(id) || quirkIds.has(id), `${id}: a rule's fault or a quirk`);
      t.ok(Object.keys(set).length > 0 && Object.keys(set).every((field) => FIELDS.includes(field)), `${id}: sets fields of the ${name}`);
    }
    t.equal(new Set(rowIds).size, rowIds.length, 'no row twice');
  });

  t.test(`${name}: with nothing on, every field is the reference; with rows on, each field is the last row that sets it`, async (t) => {
    const none = variantOf([]);
    for (const field of FIELDS) t.equal(none[field], reference[field], field);
    fc.assert(
      fc.property(fc.subarray(rowIds), (on) => {
        const variant = variantOf(on);
        return FIELDS.every((field) => {
          const last = rows.filter(([id, set]) => on.includes(id) && field in set).pop();
          return variant[field] === (last === undefined ? reference[field] : last[1][field]);
        });
      }),
      { numRuns: 200 },
    );
    t.ok(Object.isFrozen(none), 'frozen');
  });

  t.test(`${name}: --fault-trace notes a fault only once a field it sets is read`, async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'ctc-variant-trace-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    let n = 0;
    fc.assert(
      fc.property(fc.subarray(FIELDS), (read) => {
        const trace = join(dir, `t${n++}`);
        const variant = variantOf([], trace);
        for (const field of read) void variant[field];
        const noted = existsSync(trace)
          ? readFileSync(trace, 'utf8')
              .split('\n')
              .filter((line) => line !== '')
          : [];
        const expected = new Set(rows.filter(([id, set]) => ruleIds.has(id) && read.some((field) => field in set)).map(([id]) => id));
        return noted.length === expected.size && noted.every((id) => expected.has(id));
      }),
      { numRuns: 100 },
    );
  });
}
