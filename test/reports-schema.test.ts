import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import t from 'tap';
import { renderJson } from '../reports/renderers/json.js';
import { reportJsonSchema, reportJsonSchemaText, validateReport } from '../reports/schema.js';
import type { ConformanceReport } from '../reports/model/result.js';
import { reportArb, sampleReport } from './reports-fixtures.js';

// dist/test/x.test.js -> project root
const root = new URL('../../', import.meta.url);

t.test('the committed reports/report.schema.json is up to date', async (t) => {
  const committed = await readFile(fileURLToPath(new URL('reports/report.schema.json', root)), 'utf8');
  t.equal(committed, reportJsonSchemaText(), 'stale: run `npx tsc -p . && node scripts/write-report-schema.mjs`');
  t.strictSame(JSON.parse(committed), reportJsonSchema());
});

t.test('the JSON schema has no TypeBox-only parts and is closed', async (t) => {
  const schema = reportJsonSchema() as { additionalProperties?: unknown; properties?: Record<string, unknown> };
  t.equal(schema.additionalProperties, false);
  t.same(
    Object.keys(schema.properties ?? {}).sort(),
    [
      'apiVersions',
      'baseline',
      'deadlines',
      'durationMs',
      'numRuns',
      'options',
      'results',
      'rules',
      'seed',
      'shard',
      'startedAt',
      'target',
      'tool',
      'totals',
    ].sort(),
  );
  t.notMatch(JSON.stringify(schema), /"\[object|Symbol\(/);
});

t.test('the sample report is valid', async (t) => {
  t.strictSame(validateReport(sampleReport()), { ok: true });
});

t.test('arbitrary reports validate and survive renderJson -> JSON.parse', async (t) => {
  fc.assert(
    fc.property(reportArb, (report) => {
      const v = validateReport(report);
      if (!v.ok) throw new Error(`invalid: ${v.errors.join('; ')}`);
      const text = renderJson(report);
      if (!text.endsWith('}\n')) throw new Error('no trailing newline');
      const back: unknown = JSON.parse(text);
      // fc.record may build null-prototype objects; JSON.parse builds plain ones
      assert.deepStrictEqual(back, structuredClone(report));
      if (!validateReport(back).ok) throw new Error('round-tripped report does not validate');
    }),
    { numRuns: 200 },
  );
  t.pass('200 arbitrary reports');
});

/** A known deviation of release 1.0 covering `apis` (null: every cell). */
const note = (apis: string[] | null) => ({ release: '1.0', apis, what: 'answers otherwise', ruleSays: 'the words', evidence: 'seen on 1.0.1' });

type Mutable = { -readonly [K in keyof ConformanceReport]: unknown };
const broken = (f: (r: Mutable & Record<string, unknown>) => void): unknown => {
  const r = structuredClone(sampleReport()) as unknown as Mutable & Record<string, unknown>;
  f(r);
  return r;
};

const cases: [string, unknown, RegExp][] = [
  ['not an object', 42, /\(root\): must be object/],
  ['missing totals', broken((r) => delete (r as Record<string, unknown>)['totals']), /must have required property 'totals'/],
  ['extra top-level property', broken((r) => (r['extra'] = 1)), /must NOT have additional properties 'extra'/],
  ['wrong tool name', broken((r) => (r.tool = { name: 'other', version: '1' })), /\/tool\/name: must be equal to constant/],
  ['unknown status', broken((r) => ((r.results as { status: string }[])[0]!.status = 'passed')), /\/results\/0\/status/],
  [
    'extra evidence property',
    broken((r) => ((r.results as { evidence: Record<string, unknown> }[])[0]!.evidence['extra'] = 1)),
    /\/results\/0\/evidence: must NOT have additional properties 'extra'/,
  ],
  ['negative duration', broken((r) => (r.durationMs = -1)), /\/durationMs: must be >= 0/],
  ['fractional seed', broken((r) => (r.seed = 1.5)), /\/seed: must be integer/],
  [
    'header value not a string',
    broken((r) => ((r.results as { evidence: { exchanges: { headers: unknown }[] } }[])[1]!.evidence.exchanges[0]!.headers = { a: 1 })),
    /\/headers\/a: must be string/,
  ],
  [
    'totals disagree with results',
    broken((r) => (r.totals = { pass: 9, fail: 1, 'not-applicable': 1, skipped: 1, error: 1 })),
    /\/totals\/pass: is 9 but 1 result/,
  ],
  ['result for an unknown rule', broken((r) => ((r.results as { rule: string }[])[0]!.rule = 'nope')), /\/results\/0\/rule: unknown rule "nope"/],
  [
    'result for an unlisted API version',
    broken((r) => ((r.results as { api: string }[])[0]!.api = '9.99')),
    /\/results\/0\/api: API version "9.99" is not in \/apiVersions/,
  ],
  ['duplicate rule id', broken((r) => (r.rules = [...(r.rules as unknown[]), (r.rules as unknown[])[0]])), /\/rules\/3\/id: duplicate rule id/],
  [
    'a passing cell labelled a known deviation',
    broken((r) => {
      (r.rules as Record<string, unknown>[])[0]!['knownDeviations'] = [note(null)];
      (r.results as Record<string, unknown>[])[0]!['knownDeviation'] = true;
    }),
    /\/results\/0\/knownDeviation: only a failing cell is a known deviation, not a pass one/,
  ],
  [
    'a failing cell labelled a known deviation its rule does not list',
    broken((r) => ((r.results as Record<string, unknown>[])[1]!['knownDeviation'] = true)),
    /\/results\/1\/knownDeviation: no known deviation of rule "version.header" in \/rules covers API 1.41/,
  ],
  [
    'a known deviation of other API versions',
    broken((r) => {
      (r.rules as Record<string, unknown>[])[0]!['knownDeviations'] = [note(['1.40'])];
      (r.results as Record<string, unknown>[])[1]!['knownDeviation'] = true;
    }),
    /\/results\/1\/knownDeviation: no known deviation of rule "version.header" in \/rules covers API 1.41/,
  ],
  [
    'a known deviation without what the rule says',
    broken((r) => ((r.rules as Record<string, unknown>[])[0]!['knownDeviations'] = [{ release: '1.0', apis: null, what: 'x' }])),
    /must have required property 'ruleSays'/,
  ],
  [
    'knownDeviation other than true',
    broken((r) => ((r.results as Record<string, unknown>[])[1]!['knownDeviation'] = false)),
    /\/results\/1\/knownDeviation: must be equal to constant/,
  ],
];

t.test("a failing cell its rule's known deviation covers may be labelled; reports without the fields stay valid", async (t) => {
  t.strictSame(validateReport(sampleReport()), { ok: true }, 'no knownDeviations, no knownDeviation: an older report');
  for (const apis of [null, ['1.41'], ['1.40', '1.41']]) {
    const labelled = broken((r) => {
      (r.rules as Record<string, unknown>[])[0]!['knownDeviations'] = [note(apis)];
      (r.results as Record<string, unknown>[])[1]!['knownDeviation'] = true;
    });
    t.strictSame(validateReport(labelled), { ok: true }, `apis ${JSON.stringify(apis)}`);
  }
});

for (const [name, value, expected] of cases) {
  t.test(`rejects: ${name}`, async (t) => {
    const v = validateReport(value);
    t.equal(v.ok, false);
    if (!v.ok) t.match(v.errors.join('\n'), expected);
  });
}
