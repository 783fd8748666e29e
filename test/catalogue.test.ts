import t from 'tap';
import { compareVersions } from '../common/dotted-version.js';
import { RULES, RELEASES, ALL_API_VERSIONS, DEPRECATIONS } from '../specs/index.js';
import { IMPLEMENTED_RULES } from '../simulator/index.js';
import { ALL_CHECKS } from '../suites/checks.js';

const ids = new Set(RULES.map((rule) => rule.id));

t.test('rule ids are unique, stable-looking and sourced', async (t) => {
  t.equal(ids.size, RULES.length, 'no duplicate ids');
  for (const rule of RULES) {
    t.match(rule.id, /^[a-z0-9]+(\.[a-z0-9-]+(\.[0-9]+)?)+$/, `${rule.id} is dotted lower-case`);
    if (rule.source.kind === 'document') t.ok(rule.source.quote.length > 10, `${rule.id} quotes its document`);
    else t.ok(rule.reading !== undefined || rule.source.observed !== undefined, `${rule.id} (implementation) says what it rests on`);
    t.ok(rule.applies.platforms.length > 0, `${rule.id} names its platforms`);
  }
});

t.test('every testable rule has an assertion and simulator behaviour, and vice versa', async (t) => {
  const checked = new Set<string>(ALL_CHECKS.map((check) => check.rule));
  t.equal(checked.size, ALL_CHECKS.length, 'one assertion per rule id');
  for (const rule of RULES) {
    t.ok(checked.has(rule.id), `${rule.id} has an assertion`);
    if (rule.testability.testable) t.ok(IMPLEMENTED_RULES[rule.id] !== undefined, `${rule.id} has simulator behaviour`);
    else t.ok(rule.testability.why.length > 0, `${rule.id} says why it cannot be tested here`);
  }
  for (const check of ALL_CHECKS) t.ok(ids.has(check.rule), `assertion tag ${check.rule} names a rule`);
  for (const id of Object.keys(IMPLEMENTED_RULES)) t.ok(ids.has(id), `simulator entry ${id} names a rule`);
});

t.test('the release table is ordered and self-consistent', async (t) => {
  for (let i = 1; i < RELEASES.length; i++) {
    const [a, b] = [RELEASES[i - 1]!, RELEASES[i]!];
    t.equal(compareVersions(a.release, b.release), -1, `${a.release} before ${b.release}`);
    t.ok(compareVersions(a.maxApi, b.maxApi) <= 0, `max API never goes down (${a.release} → ${b.release})`);
  }
  for (const r of RELEASES) {
    t.ok(compareVersions(r.defaultMinApi, r.maxApi) < 0, `${r.release}: min below max`);
    t.ok(r.version.startsWith(`${r.release}.`), `${r.release}: version ${r.version} is in its series`);
    if (r.minApiFloor !== null) t.ok(compareVersions(r.minApiFloor, r.defaultMinApi) <= 0, `${r.release}: the floor is not above the default minimum`);
  }
  const observed = Object.fromEntries(RELEASES.map((r) => [r.release, r] as const));
  t.match(observed['20.10'], { maxApi: '1.41', defaultMinApi: '1.12' }, '20.10 as observed');
  t.match(observed['26.1'], { maxApi: '1.45', defaultMinApi: '1.24' }, '26.1 as observed');
  t.match(observed['28.5'], { maxApi: '1.51', defaultMinApi: '1.24' }, '28.5 as observed');
  t.equal(ALL_API_VERSIONS[0], '1.12');
  t.equal(ALL_API_VERSIONS[ALL_API_VERSIONS.length - 1], RELEASES[RELEASES.length - 1]!.maxApi);
});

t.test('the deprecation rows this area rests on are in the catalogue', async (t) => {
  t.match(
    DEPRECATIONS.find((d) => d.id === 'old-api-versions'),
    { status: 'Removed', deprecated: '25.0', removal: '26.0' },
  );
  t.match(
    DEPRECATIONS.find((d) => d.id === 'unversioned-api-calls'),
    { status: 'Deprecated' },
  );
});
