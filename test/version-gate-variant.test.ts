import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { FaultSet } from '../simulator/faults/fault-set.js';
import { GATE_VARIATIONS, REFERENCE_GATE, versionGateVariant, type VersionGateVariant } from '../simulator/http/middleware/version-gate-variant.js';
import { quirkModules } from '../simulator/quirks/registry.js';
import { RULES } from '../specs/index.js';

/**
 * The version gate's variant (issue 39): the reference unless a fault or quirk the daemon started
 * with sets a field; every row names a fault of the catalogue or a quirk the simulator carries; and
 * a field is resolved at its first read, so that --fault-trace notes only the faults of the fields
 * a request's path read (the fault self-test selects its runs by those notes).
 */
const FIELDS = Object.keys(REFERENCE_GATE) as (keyof VersionGateVariant)[];
const ruleIds = new Set(RULES.map((rule) => rule.id));
const quirkIds = new Set(Object.keys(quirkModules()));
const rowIds = GATE_VARIATIONS.map(([id]) => id);

t.test('every row is a fault of the catalogue or a quirk the simulator carries, once, and sets a field of the gate', async (t) => {
  for (const [id, set] of GATE_VARIATIONS) {
    t.ok(ruleIds.has(id) || quirkIds.has(id), `${id}: a rule's fault or a quirk`);
    t.ok(
      Object.keys(set).length > 0 && Object.keys(set).every((field) => FIELDS.includes(field as keyof VersionGateVariant)),
      `${id}: sets fields of the gate`,
    );
  }
  t.equal(new Set(rowIds).size, rowIds.length, 'no row twice');
});

const variantOf = (on: readonly string[], traceFile?: string): VersionGateVariant =>
  versionGateVariant({ faults: new FaultSet(on.filter((id) => ruleIds.has(id)) as never[], traceFile), quirks: new Set(on.filter((id) => quirkIds.has(id))) });

t.test('with nothing on, every field is the reference; with rows on, each field is the last row that sets it', async (t) => {
  const none = variantOf([]);
  for (const field of FIELDS) t.equal(none[field], REFERENCE_GATE[field], field);
  fc.assert(
    fc.property(fc.subarray(rowIds), (on) => {
      const variant = variantOf(on);
      return FIELDS.every((field) => {
        const last = GATE_VARIATIONS.filter(([id, set]) => on.includes(id) && field in set).pop();
        return variant[field] === (last === undefined ? REFERENCE_GATE[field] : last[1][field]);
      });
    }),
    { numRuns: 200 },
  );
  t.ok(Object.isFrozen(none), 'frozen');
});

t.test('--fault-trace notes a fault only once a field it sets is read', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'ctc-gate-trace-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  fc.assert(
    fc.property(fc.subarray(FIELDS, { minLength: 0 }), fc.nat(), (read, n) => {
      const trace = join(dir, `t${n}-${read.length}-${Math.random().toString(36).slice(2)}`);
      const variant = variantOf([], trace);
      for (const field of read) void variant[field];
      let noted: string[] = [];
      try {
        noted = readFileSync(trace, 'utf8')
          .split('\n')
          .filter((line) => line !== '');
      } catch {
        // Nothing noted: no file.
      }
      const expected = new Set(GATE_VARIATIONS.filter(([id, set]) => ruleIds.has(id) && read.some((field) => field in set)).map(([id]) => id));
      return noted.length === expected.size && noted.every((id) => expected.has(id));
    }),
    { numRuns: 100 },
  );
});
