import fc from 'fast-check';
import t from 'tap';
import { compareVersions } from '../common/dotted-version.js';
import { lifecycleProblems, stateIn } from '../common/lifecycle.js';
import {
  DEPRECATIONS,
  DOCUMENT_RELEASE,
  LIFECYCLE_STATES,
  LIFECYCLE_TRANSITIONS,
  REMOVED_DAEMON_OPTIONS,
  REMOVED_LOG_OPTIONS,
  REMOVED_STORAGE_DRIVERS,
  REMOVED_STORAGE_OPTIONS,
  ROW_ASSERTIONS,
  type LifecycleState,
} from '../specs/deprecations.js';
import { RULES } from '../specs/catalogue.js';
import { RELEASES } from '../specs/index.js';

/**
 * The deprecation catalogue against the feature lifecycle (daemon.md): every row either follows
 * the state machine, or says how the catalogue reads it where the document contradicts itself.
 * The contradictions are printed, not hidden.
 */

t.test("the catalogue holds the document's 67 rows, each once, with dotted versions", async (t) => {
  t.equal(DEPRECATIONS.length, 67);
  t.equal(new Set(DEPRECATIONS.map((row) => row.id)).size, DEPRECATIONS.length, 'ids are unique');
  for (const row of DEPRECATIONS) {
    for (const version of [row.deprecated, row.removal, row.disabledByDefault])
      if (version !== null && version !== undefined) t.match(version, /^\d+(\.\d+){1,2}$/, `${row.id}: ${version} is a release`);
  }
});

t.test('every row that breaks the lifecycle carries a reading, and only those', async (t) => {
  const broken = DEPRECATIONS.map((row) => ({ row, problems: lifecycleProblems(row, DOCUMENT_RELEASE) })).filter(({ problems }) => problems.length > 0);
  for (const { row, problems } of broken) {
    t.comment(`document inconsistency: ${row.id} (${row.status}, ${row.deprecated} → ${row.removal ?? '-'}): ${problems.join('; ')}`);
    t.ok(row.reading !== undefined && row.reading.length > 40, `${row.id} says how the catalogue reads it`);
  }
  const read = DEPRECATIONS.filter((row) => row.reading !== undefined).map((row) => row.id);
  t.same(read.sort(), broken.map(({ row }) => row.id).sort(), 'no reading on a row that fits the lifecycle');
});

const reachable = (from: LifecycleState, to: LifecycleState): boolean => {
  const seen = new Set<LifecycleState>([from]);
  const queue: LifecycleState[] = [from];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const transition of LIFECYCLE_TRANSITIONS) {
      if (transition.from === state && !seen.has(transition.to)) {
        seen.add(transition.to);
        queue.push(transition.to);
      }
    }
  }
  return seen.has(to);
};

/** Releases around every boundary the catalogue names, the emulated ones, and generated ones. */
const NAMED = [
  ...new Set(
    [...DEPRECATIONS.flatMap((row) => [row.deprecated, row.removal, row.disabledByDefault]), ...RELEASES.map((r) => r.release)].filter(
      (v): v is string => typeof v === 'string',
    ),
  ),
];
const release = fc.oneof(
  fc.constantFrom(...NAMED),
  fc.tuple(fc.integer({ min: 0, max: 35 }), fc.integer({ min: 0, max: 12 })).map(([a, b]) => `${a}.${b}`),
);

t.test("between any two releases a row only moves forward along the lifecycle's transitions", async (t) => {
  const fitting = DEPRECATIONS.filter((row) => row.reading === undefined);
  fc.assert(
    fc.property(fc.constantFrom(...fitting), release, release, (row, a, b) => {
      const [early, late] = compareVersions(a, b) <= 0 ? [a, b] : [b, a];
      const from = stateIn(row, early, DOCUMENT_RELEASE);
      const to = stateIn(row, late, DOCUMENT_RELEASE);
      return from === to || reachable(from, to);
    }),
    { numRuns: 2000 },
  );
  t.pass('every pair of releases (seed and path printed by fast-check on a counterexample)');
});

t.test('the states of a row at its own boundaries', async (t) => {
  const row = (id: string) => DEPRECATIONS.find((r) => r.id === id)!;
  t.equal(stateIn(row('api-cors-header'), '26.1', DOCUMENT_RELEASE), 'active');
  t.equal(stateIn(row('api-cors-header'), '27.0', DOCUMENT_RELEASE), 'disabled-by-default', 'disabled in 27.0, the release that deprecated it');
  t.equal(stateIn(row('api-cors-header'), '28.0', DOCUMENT_RELEASE), 'removed');
  t.equal(stateIn(row('devicemapper'), '20.10', DOCUMENT_RELEASE), 'deprecated');
  t.equal(stateIn(row('devicemapper'), '23.0', DOCUMENT_RELEASE), 'disabled-by-default');
  t.equal(stateIn(row('devicemapper'), '25.0', DOCUMENT_RELEASE), 'removed');
  t.equal(stateIn(row('unversioned-api-calls'), '28.5', DOCUMENT_RELEASE), 'deprecated', 'a lapsed planned removal is not applied');
  t.equal(stateIn(row('nondistributable-artifacts'), '29.0', DOCUMENT_RELEASE), 'removed', 'a planned removal after the document applies');
  t.same([...LIFECYCLE_STATES], ['active', 'deprecated', 'disabled-by-default', 'removed']);
});

t.test('every row the daemon can show is asserted by real rules, or says why not', async (t) => {
  const ids = new Set(RULES.map((rule) => rule.id));
  for (const row of DEPRECATIONS) {
    const assertion = ROW_ASSERTIONS[row.id];
    if (row.concerns.kind === 'outside-daemon') {
      t.equal(assertion, undefined, `${row.id} is about ${row.concerns.what}: nothing of the daemon to assert`);
      continue;
    }
    if (assertion === undefined) {
      t.fail(`${row.id} (${row.concerns.kind}) has no entry in ROW_ASSERTIONS`);
      continue;
    }
    if ('rules' in assertion) for (const id of assertion.rules) t.ok(ids.has(id), `${row.id} is asserted by ${id}, a rule of the catalogue`);
    else t.comment(`catalogue row not asserted: ${row.id}: ${assertion.unasserted}`);
  }
  for (const id of Object.keys(ROW_ASSERTIONS))
    t.ok(
      DEPRECATIONS.some((row) => row.id === id),
      `ROW_ASSERTIONS names the row ${id}`,
    );
});

t.test('the removed options and drivers are rows the lifecycle removes somewhere', async (t) => {
  for (const { row } of [...REMOVED_DAEMON_OPTIONS, ...REMOVED_STORAGE_DRIVERS, ...REMOVED_LOG_OPTIONS, ...REMOVED_STORAGE_OPTIONS]) {
    const entry = DEPRECATIONS.find((r) => r.id === row);
    t.ok(entry !== undefined && entry.removal !== null, `${row} is a row with a removal release`);
  }
});
