import { readFileSync } from 'node:fs';
import t from 'tap';
import { AREAS } from '../specs/areas.js';
import { ENGINE_DEVIATIONS, KNOWN_DEVIATIONS, RULES } from '../specs/index.js';

/**
 * The README tells a newcomer what the catalogue holds: its area table gives each area's rule
 * counts, and its table of known deviations names every deviation of specs/known-deviations.ts
 * with its releases. Both must say what the code says.
 */
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

t.test('the area table counts the rules and the testable rules of each area', async (t) => {
  for (const area of AREAS) {
    const row = new RegExp(`^\\| \`${area.id}\` \\|.*\\| (\\d+) \\((\\d+) testable here\\) \\|$`, 'm').exec(readme);
    t.ok(row !== null, `the README has a row for ${area.id}`);
    if (row === null) continue;
    const rules = RULES.filter((rule) => rule.area === area.id);
    t.equal(Number(row[1]), rules.length, `${area.id}: rules`);
    t.equal(Number(row[2]), rules.filter((rule) => rule.testability.testable).length, `${area.id}: testable here`);
  }
});

t.test('the table of known deviations has a row for each, naming its rule and releases', async (t) => {
  const section = readme.slice(readme.indexOf('## Known deviations'));
  for (const deviation of KNOWN_DEVIATIONS) {
    const rows = [...section.matchAll(new RegExp(`^\\| \`${deviation.rule.replace(/\./g, '\\.')}\` \\| ([^|]+) \\|`, 'gm'))];
    t.ok(rows.length > 0, `${deviation.rule}: a row in the README`);
    const releases = rows.flatMap((row) => row[1]!.split(/[,\s]+/));
    for (const release of deviation.releases) t.ok(releases.includes(release), `${deviation.rule}: release ${release} in its row`);
  }
});

t.test("the table of an engine's known deviations has a row for each, naming its rule, engine and builds", async (t) => {
  for (const deviation of ENGINE_DEVIATIONS) {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${deviation.rule}\` | ${deviation.engine}, `));
    t.ok(row !== undefined, `${deviation.rule} (${deviation.engine}): a row in the README`);
    for (const build of deviation.builds) t.ok(row?.includes(build), `${deviation.rule}: build ${build} in its row`);
  }
});
