import { readFileSync } from 'node:fs';
import t from 'tap';
import { AREAS } from '../specs/areas.js';
import { ENGINE_DEVIATIONS, KNOWN_DEVIATIONS, RULES } from '../specs/index.js';

/**
 * The README tells a newcomer what the project is, its two commands and the three user paths, and
 * sends them into docs/. The docs tell what the catalogue holds: the area table of docs/rules.md
 * gives each area's rule counts, and docs/known-deviations-table.md names every deviation of
 * specs/known-deviations.ts with its releases and every engine deviation with its builds. Both must
 * say what the code says.
 */
const read = (path: string): string => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const readme = read('README.md');
const rules = read('docs/rules.md');
const deviations = read('docs/known-deviations-table.md');

t.test('the README is short and keeps the two commands and the three user paths', async (t) => {
  t.ok(readme.split('\n').length <= 200, `at most 200 lines (has ${readme.split('\n').length})`);
  t.match(readme, '\nscripts/provision.sh; npm ci && npm start   # 1.', 'the first command');
  t.match(readme, '\nnpm test                                    # 2.', 'the second command');
  for (const path of ['## Certify a daemon', '## Gate CI', '## Explore versions', '## Where to read on', '## Contents']) t.match(readme, `\n${path}\n`, path);
  t.match(readme, '(docs/spec/daemon.md)', 'the daemon document is in the repository');
  t.match(readme, '(docs/spec/model-runner-api.md)', 'the model runner document is in the repository');
});

t.test('the source documents are in docs/spec/', async (t) => {
  t.match(read('docs/spec/daemon.md'), /\S/, 'daemon.md');
  t.match(read('docs/spec/model-runner-api.md'), /\S/, 'model-runner-api.md');
});

t.test('the area table counts the rules and the testable rules of each area', async (t) => {
  for (const area of AREAS) {
    const row = new RegExp(`^\\| \`${area.id}\` \\|.*\\| (\\d+) \\((\\d+) testable here\\) \\|$`, 'm').exec(rules);
    t.ok(row !== null, `docs/rules.md has a row for ${area.id}`);
    if (row === null) continue;
    const own = RULES.filter((rule) => rule.area === area.id);
    t.equal(Number(row[1]), own.length, `${area.id}: rules`);
    t.equal(Number(row[2]), own.filter((rule) => rule.testability.testable).length, `${area.id}: testable here`);
  }
});

t.test('the table of known deviations has a row for each, naming its rule and releases', async (t) => {
  const section = deviations.slice(deviations.indexOf('## The real daemons'), deviations.indexOf('## OpenAI-compatible engines'));
  for (const deviation of KNOWN_DEVIATIONS) {
    const rows = [...section.matchAll(new RegExp(`^\\| \`${deviation.rule.replace(/\./g, '\\.')}\` \\| ([^|]+) \\|`, 'gm'))];
    t.ok(rows.length > 0, `${deviation.rule}: a row in docs/known-deviations-table.md`);
    const releases = rows.flatMap((row) => row[1]!.split(/[,\s]+/));
    for (const release of deviation.releases) t.ok(releases.includes(release), `${deviation.rule}: release ${release} in its row`);
  }
});

t.test("the table of an engine's known deviations has a row for each, naming its rule, engine and builds", async (t) => {
  for (const deviation of ENGINE_DEVIATIONS) {
    const row = deviations.split('\n').find((line) => line.startsWith(`| \`${deviation.rule}\` | ${deviation.engine}, `));
    t.ok(row !== undefined, `${deviation.rule} (${deviation.engine}): a row in docs/known-deviations-table.md`);
    for (const build of deviation.builds) t.ok(row?.includes(build), `${deviation.rule}: build ${build} in its row`);
  }
});
