import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { ConformanceReport } from '../reports/model/result.js';
import { RULES } from '../specs/index.js';
import { RunError } from '../suites/run/errors.js';
import { expandOnly, planCells } from '../suites/run/plan.js';
import { runCli } from './helpers/cli.js';

/**
 * `--only` takes an area name and a glob over rule ids besides rule ids: `--only model-runner`,
 * `--only 'mr.*'`, each with `@api` or not. They become the rule ids they name, in catalogue order.
 */
const ids = (area: string): string[] => RULES.filter((rule) => rule.area === area).map((rule) => rule.id);

t.test('rule ids and cells stay as they are', async (t) => {
  t.same(expandOnly(['api.ping', 'api.version.prefix@1.44', 'api.not-found@none'], RULES), ['api.ping', 'api.version.prefix@1.44', 'api.not-found@none']);
  t.equal(expandOnly(undefined, RULES), undefined);
  t.same(expandOnly([], RULES), []);
});

t.test('an area names every rule of it', async (t) => {
  t.same(expandOnly(['model-runner'], RULES), ids('model-runner'));
  t.same(expandOnly(['reload', 'listeners'], RULES), [...ids('reload'), ...ids('listeners')]);
  t.ok(ids('model-runner').length > 10);
});

t.test('a glob names every rule whose id it matches', async (t) => {
  const mr = RULES.filter((rule) => rule.id.startsWith('mr.')).map((rule) => rule.id);
  t.ok(mr.length > 10);
  t.same(expandOnly(['mr.*'], RULES), mr);
  t.same(
    expandOnly(['api.version.too-*'], RULES),
    RULES.filter((rule) => /^api\.version\.too-/.test(rule.id)).map((rule) => rule.id),
  );
  t.same(expandOnly(['api.pin?'], RULES), ['api.ping'], '? is one character');
  t.same(
    expandOnly(['*'], RULES),
    RULES.map((rule) => rule.id),
    '* alone is the catalogue',
  );
  t.same(
    expandOnly(['api.ping', 'api.*'], RULES)?.filter((id) => id === 'api.ping'),
    ['api.ping'],
    'duplicates are dropped',
  );
});

t.test('with @api, the per-version rules at that version; with @none, the others', async (t) => {
  const perVersion = RULES.filter((rule) => rule.area === 'api-versioning' && rule.binding === 'per-version').map((rule) => `${rule.id}@1.44`);
  const independent = RULES.filter((rule) => rule.area === 'api-versioning' && rule.binding !== 'per-version').map((rule) => rule.id);
  t.ok(perVersion.length > 0 && independent.length > 0);
  t.same(expandOnly(['api-versioning@1.44'], RULES), perVersion);
  t.same(expandOnly(['api-versioning@none'], RULES), independent);
});

t.test('an area or glob that names nothing, or a malformed API, is refused', async (t) => {
  for (const [entry, message] of [
    ['nope.*', /--only nope\.\*: no rule of the catalogue matches "nope\.\*"/],
    ['model-runner@abc', /--only model-runner@abc: expected AREA, GLOB or either @API/],
  ] as const) {
    t.throws(() => expandOnly([entry], RULES), { name: 'RunError', code: 'RUN_OPTIONS', message }, entry);
  }
  const error = (() => {
    try {
      expandOnly(
        ['mr.*@1.44'],
        RULES.filter((rule) => rule.id.startsWith('mr.') && rule.binding !== 'per-version'),
      );
    } catch (caught) {
      return caught;
    }
    return undefined;
  })();
  t.ok(error instanceof RunError, 'a glob whose rules are none of them per version, at an API version');
});

t.test('the cells of an expanded area are that area’s only', async (t) => {
  const cells = planCells(RULES, ['1.43', '1.44'], expandOnly(['deprecations'], RULES));
  t.ok(cells.length > 0);
  t.same([...new Set(cells.map((cell) => cell.rule.area))], ['deprecations']);
  t.same([...new Set(cells.map((cell) => cell.rule.id))], ids('deprecations'));
});

t.test('run --only with a glob and an area, through the CLI', async (t) => {
  const out = mkdtempSync('/tmp/ctc-only-');
  t.teardown(() => rmSync(out, { recursive: true, force: true }));
  const result = await runCli(['run', '--target', 'sim', '--only', 'api.version.too-*@1.44', '--only', 'api.ping', '--num-runs', '5', '--out', out, '-q']);
  t.equal(result.code, 0, result.stderr);
  const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as ConformanceReport;
  const expected = expandOnly(['api.version.too-*@1.44', 'api.ping'], RULES) ?? [];
  t.same(report.options?.only, expected, 'the report records the rule ids the patterns named');
  t.same(
    [...new Set(report.results.map((r) => `${r.rule}@${r.api ?? 'none'}`))].sort(),
    expected.map((entry) => (entry.includes('@') ? entry : `${entry}@none`)).sort(),
  );
  const unknown = await runCli(['run', '--target', 'sim', '--only', 'no-such-area', '--out', join(out, 'x')]);
  t.equal(unknown.code, 2);
  t.match(unknown.stderr, /--only no-such-area: no rule "no-such-area" in the catalogue, nor an area or a glob/);
});
