import { existsSync } from 'node:fs';
import fc from 'fast-check';
import t from 'tap';
import { compiledNow, reportJsonSchemaText } from '../reports/schema.js';
import { precompiledValidator, VALIDATOR_FILE } from '../reports/validator-file.js';
import { reportArb } from './reports-fixtures.js';

/** A report with one value somewhere replaced: by another type, a string, null, or an extra key. */
const broken = fc.tuple(reportArb, fc.nat(), fc.constantFrom<unknown>(null, 'x', -1, 1.5, [], {}, true), fc.boolean()).map(([report, at, value, addKey]) => {
  const copy = JSON.parse(JSON.stringify(report)) as Record<string, unknown>;
  // Every object and array of the report, root first, then one of them changed.
  const holders: Record<string, unknown>[] = [];
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    holders.push(node as Record<string, unknown>);
    for (const child of Object.values(node)) walk(child);
  };
  walk(copy);
  const holder = holders[at % holders.length]!;
  const keys = Object.keys(holder);
  if (addKey || keys.length === 0) holder[Array.isArray(holder) ? String(keys.length) : 'unexpected'] = value;
  else holder[keys[at % keys.length]!] = value;
  return copy;
});

t.test('the build wrote the precompiled report validator, for the schema of this build', async (t) => {
  t.ok(existsSync(VALIDATOR_FILE), `${VALIDATOR_FILE} written by npm run build`);
  t.not(precompiledValidator(reportJsonSchemaText()), null, 'it names the current schema');
  t.equal(precompiledValidator(`${reportJsonSchemaText()} `), null, 'a file compiled from another schema is not used');
});

t.test('the precompiled validator judges as the schema compiled at run time, errors included', async (t) => {
  const early = precompiledValidator(reportJsonSchemaText());
  if (early === null) return t.fail('no precompiled validator');
  const late = compiledNow();
  let rejected = 0;
  fc.assert(
    fc.property(fc.oneof(reportArb, broken), (value) => {
      const a = early(value);
      const aErrors = JSON.stringify(early.errors ?? null);
      const b = late(value);
      const bErrors = JSON.stringify(late.errors ?? null);
      if (!a) rejected += 1;
      if (a !== b || aErrors !== bErrors) throw new Error(`precompiled ${a} ${aErrors}, at run time ${b} ${bErrors}`);
    }),
    { numRuns: 300 },
  );
  t.ok(rejected > 30, `broken reports were generated and both rejected them (${rejected} of 300)`);
});
