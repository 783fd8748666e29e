import { readFileSync } from 'node:fs';
import t from 'tap';
import { apiList } from '../cli/api-list.js';
import { appliesText, DEVIATIONS_DOC, docsTables, RULES_DOC } from '../cli/docs-tables.js';
import { RULES } from '../specs/index.js';

/**
 * docs/rules.md and docs/known-deviations-table.md are written from the catalogue by
 * `npm run docs:tables`: the committed files must be what it writes now, so that a rule or a
 * deviation added, changed or removed without running it fails here.
 */
const ROOT = new URL('../../', import.meta.url);

t.test('the committed tables are what npm run docs:tables writes', async (t) => {
  const tables = await docsTables();
  t.same(
    tables.map(([path]) => path),
    [RULES_DOC, DEVIATIONS_DOC],
  );
  for (const [path, text] of tables) {
    const committed = readFileSync(new URL(path, ROOT), 'utf8');
    t.ok(committed === text, `${path} is up to date (run npm run docs:tables)`);
  }
});

t.test('every rule has a row in docs/rules.md', async (t) => {
  const rules = readFileSync(new URL(RULES_DOC, ROOT), 'utf8');
  for (const rule of RULES) t.match(rules, `\n| \`${rule.id}\` | ${rule.level} |`, rule.id);
});

t.test('API lists join consecutive versions into ranges', async (t) => {
  t.equal(apiList(['1.12', '1.13', '1.14', '1.23', '1.47', '1.48']), '1.12–1.14, 1.23, 1.47–1.48');
  t.equal(apiList(['1.9', '1.10', '2.0']), '1.9–1.10, 2.0');
  t.equal(apiList([]), '');
});

t.test('where a rule applies reads as words', async (t) => {
  const everywhere = RULES.find((rule) => rule.applies.api === undefined && rule.applies.releases === undefined && rule.applies.platforms.length === 2);
  if (everywhere !== undefined) t.equal(appliesText(everywhere), 'everywhere');
  const ranged = RULES.find((rule) => rule.applies.releases?.max !== undefined && rule.applies.releases.min === undefined);
  if (ranged !== undefined) t.match(appliesText(ranged), `releases up to ${ranged.applies.releases?.max}`);
});
