import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import t from 'tap';
import { computeRuleCoverage, RULE_INDEX_FILE, type RuleCoverage } from '../cli/rule-index.js';
import { RULES } from '../specs/index.js';
import { allFaults, IMPLEMENTED_RULES } from '../simulator/index.js';
import { findCheck } from '../suites/checks.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI = fileURLToPath(new URL('../cli/ctr-conformance.js', import.meta.url));
const live = await computeRuleCoverage();

t.test('the index the build wrote is what the registries say', async (t) => {
  t.ok(existsSync(RULE_INDEX_FILE), 'npm run build wrote dist/cli/rule-index.json');
  const written = JSON.parse(readFileSync(RULE_INDEX_FILE, 'utf8')) as RuleCoverage[];
  t.same(written, live, 'same rows, same order');
});

t.test('each row agrees with the catalogue, the simulator, its faults and the suites', async (t) => {
  t.same(
    live.map((row) => row.id),
    RULES.map((rule) => rule.id),
  );
  for (const row of live) {
    t.equal(row.simulator, IMPLEMENTED_RULES[row.id] !== undefined, `${row.id}: simulator`);
    t.equal(row.simulatorWhere.join('; '), IMPLEMENTED_RULES[row.id] ?? '', `${row.id}: the simulator's places`);
    t.equal(row.fault, row.id in allFaults(), `${row.id}: fault`);
    t.equal(row.assertion, findCheck(row.id) !== undefined, `${row.id}: assertion`);
    t.equal(row.checkFile !== null, row.assertion, `${row.id}: a check file exactly when there is an assertion`);
    if (row.checkFile === null) continue;
    t.match(row.checkFile, /^suites\/.+\.ts$/, `${row.id}: the check file is a suites source file`);
    t.ok(existsSync(`${ROOT}${row.checkFile}`), `${row.id}: ${row.checkFile} exists`);
  }
});

t.test('rules prints where each rule is, and refuses an unknown id', async (t) => {
  const run = promisify(execFile);
  const where = await run(process.execPath, [CLI, 'rules', '--where', 'api.ping', 'config.file.json']);
  const ping = live.find((row) => row.id === 'api.ping')!;
  t.match(where.stdout, /^api\.ping {2}/);
  t.match(where.stdout, `  check      ${ping.checkFile}`);
  for (const place of ping.simulatorWhere) t.match(where.stdout, `  simulator  ${place}`);
  t.match(where.stdout, '  fault      yes (ctrd-sim --fault api.ping)');
  t.match(where.stdout, /\n\nconfig\.file\.json {2}/, 'one block per rule named, in catalogue order');
  const json = await run(process.execPath, [CLI, 'rules', '--json', 'api.ping']);
  t.same(JSON.parse(json.stdout), [ping]);
  const unknown = await run(process.execPath, [CLI, 'rules', 'no.such.rule']).then(
    () => ({ code: 0, stderr: '' }),
    (error: { code: number; stderr: string }) => error,
  );
  t.equal(unknown.code, 2, 'an unknown rule id is a usage error');
  t.match(unknown.stderr, /no rule "no\.such\.rule"/);
});
