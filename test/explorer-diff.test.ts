import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t from 'tap';
import { explore, exploredRoutes, openSide, probeArbitrary, ROUTES_NOT_SENT, routesReached, type DiffReport, type OpenSide } from '../suites/explorer/index.js';
import { withStartArgs } from '../suites/run/start-args.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import { cliWithin } from './helpers/cli.js';

const outDir = (t: { teardown(fn: () => void): void }): string => {
  const dir = mkdtempSync('/tmp/ctc-explorer-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

const reportIn = (dir: string): DiffReport => JSON.parse(readFileSync(join(dir, 'diff.json'), 'utf8')) as DiffReport;

t.test('no generated request is one of the routes the explorer does not send', async () => {
  const routes = exploredRoutes([null], undefined);
  fc.assert(
    fc.property(probeArbitrary(routes), (probe) => {
      const bare = (probe.version === null ? probe.path : probe.path.slice(`/v${probe.version}`.length)).split('?')[0]!;
      return !routesReached(probe.method, bare).some((r) => ROUTES_NOT_SENT.some((n) => n.method === r.method && n.path === r.path));
    }),
    { numRuns: 2000 },
  );
});

t.test('diff sim@28.5 with sim@28.5: nothing differs but what is volatile (exit 0)', async (t) => {
  const dir = outDir(t);
  const run = await cliWithin(t, ['diff', '--target', 'sim@28.5', '--target', 'sim@28.5', '--seed', '42', '--num-runs', '150', '--out', dir, '-q'], 120_000);
  t.equal(run.code, 0, run.stderr);
  const report = reportIn(dir);
  t.equal(report.cases, 150);
  t.same(
    report.differences.filter((d) => d.label.kind !== 'volatile').map((d) => d.signature),
    [],
    'every difference is volatile',
  );
  t.match(run.stdout, /0 unexplained/);
});

t.test('diff sim@20.10 with sim@28.5: differences labelled by the rules that explain them, each with a replay line that sends it again', async (t) => {
  const dir = outDir(t);
  const args = ['diff', '--target', 'sim@20.10', '--target', 'sim@28.5', '--seed', '42', '--num-runs', '150', '--out', dir, '-q'];
  const run = await cliWithin(t, args, 180_000);
  t.ok(run.code === 0 || run.code === 1, run.stderr);
  const report = reportIn(dir);
  t.equal(run.code, report.totals.unexplained > 0 ? 1 : 0, 'exit 1 exactly when something is unexplained');
  const unexplained = report.differences.filter((d) => d.label.kind === 'unexplained');
  // What the version rules explain (a version one release serves and the other refuses, the versions each advertises) is never unexplained.
  t.same(
    unexplained.filter((d) => /too-old|too-new|header (api-version|server)/.test(d.signature)).map((d) => d.signature),
    [],
    'nothing the version rules explain is unexplained',
  );
  // Listed for the record: what no rule names (release-specific error words such as 20.10's image inspect, "no such image: X: No such image: X:latest").
  for (const d of unexplained) t.comment(`unexplained: ${d.signature}: ${d.difference.first} ≠ ${d.difference.second}`);
  const rules = new Set(report.differences.flatMap((d) => (d.label.kind === 'rule' ? d.label.rules : [])));
  for (const id of ['api.version.too-new', 'api.version.too-old', 'api.version.too-old.status', 'api.headers.api-version', 'api.version.negotiation'])
    t.ok(rules.has(id), `a difference explained by ${id}`);
  t.match(run.stdout, /replay: ctr-conformance diff --target sim@20\.10 --target sim@28\.5 .*--seed 42 --path \d/);
  t.match(run.stdout, /A: curl -sS -i --path-as-is --unix-socket \S+ /);
  t.match(readFileSync(join(dir, 'diff.html'), 'utf8'), /<table id="differences"/);
  // The replay of one difference sends only its request and finds that difference again.
  const found = report.differences.find((d) => d.label.kind === 'rule' && d.signature.includes('too-new/served status'));
  t.ok(found, 'a version 20.10 refuses and 28.5 serves');
  const again = outDir(t);
  const replay = await cliWithin(
    t,
    ['diff', '--target', 'sim@20.10', '--target', 'sim@28.5', '--seed', '42', '--path', found!.path, '--out', again, '-q'],
    60_000,
  );
  t.ok(replay.code === 0 || replay.code === 1, replay.stderr);
  const replayed = reportIn(again);
  t.equal(replayed.cases, 1, 'one request');
  t.ok(
    replayed.differences.some((d) => d.signature === found!.signature),
    'the same difference',
  );
});

t.test('a simulator broken for a rule differs from a sound one, unexplained, shrunk', async (t) => {
  const sound = resolveTarget('sim@28.5', {});
  const broken = withStartArgs(resolveTarget('sim@28.5', {}), ['--fault', 'api.version.too-new']);
  const sides: OpenSide[] = [];
  t.teardown(() => Promise.all(sides.map((s) => s.stop())));
  sides.push(await openSide(sound, { startMs: 30_000, requestTimeoutMs: 5_000 }));
  sides.push(await openSide(broken, { startMs: 30_000, requestTimeoutMs: 5_000 }));
  const found = await explore([sides[0]!, sides[1]!], {
    seed: 7,
    numRuns: 120,
    routes: exploredRoutes(['28.5'], '/version'),
    requestTimeoutMs: 5_000,
    shrinkBudgetMs: 30_000,
  });
  const unexplained = found.differences.filter((d) => d.label.kind === 'unexplained');
  t.ok(unexplained.length > 0, 'the fault is seen');
  t.ok(
    unexplained.every((d) => d.signature.includes('too-new/too-new')),
    unexplained.map((d) => d.signature).join('\n'),
  );
  t.ok(
    unexplained.some((d) => d.shrunk && d.probe.method === 'GET' && d.probe.path.startsWith('/v') && Object.keys(d.probe.headers).length === 0),
    'shrunk to a plain GET',
  );
});

t.test('diff: bad input is a usage error (exit 2) with a clear message', async (t) => {
  const cases: [string[], RegExp][] = [
    [['diff', '--target', 'sim@28.5'], /give --target twice \(got 1\)/],
    [['diff', '--target', 'sim@28.5', '--target', 'sim@2x'], /"2x" is not a release series of the table/],
    [['diff', '--target', 'sim', '--target', 'sim', '--path', '3:1'], /--path replays one request of a previous diff: give its --seed too/],
    [['diff', '--target', 'sim', '--target', 'sim', '--seed', '1', '--path', 'x'], /not a replay path/],
    [['diff', '--target', 'sim', '--target', 'sim', '--sequence-path', '3'], /--sequence-path replays one sequence of a previous diff: give its --seed too/],
    [['diff', '--target', 'sim', '--target', 'sim', '--seed', '1', '--path', '1', '--sequence-path', '3'], /give one of them/],
    [['diff', '--target', 'sim', '--target', 'sim', '--seed', '1', '--sequence-path', '3:x'], /--sequence-path 3:x: not a replay path/],
    [['diff', '--target', 'sim', '--target', 'sim', '--sequences', '-1'], /--sequences must be an integer/],
    [
      ['diff', '--target', 'sim', '--target', 'sim', '--seed', '1', '--path', '5:1:1:2:2:9:9:9'],
      /--path 5:1:1:2:2:9:9:9: no value is at path 5:1:1:2:2:9:9:9 under seed 1/,
    ],
    [
      ['diff', '--target', 'sim', '--target', 'sim', '--seed', '1', '--sequence-path', '3:9:9:9:9:9:9:9:9:9'],
      /--sequence-path 3:9:9:9:9:9:9:9:9:9: no value is at path/,
    ],
    [['diff', '--target', 'sim', '--target', 'sim', '--routes', '/ctc-none/**'], /matches no route/],
    [['diff', '--target', 'sim', '--target', 'sim', '--num-runs', '0'], /--num-runs must be an integer/],
    [['diff', '--target', 'sim', '--target', 'nonsense'], /unknown target "nonsense"/],
  ];
  for (const [args, message] of cases) {
    const run = await cliWithin(t, [...args, '-q'], 30_000);
    t.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
    t.match(run.stderr, message);
    t.equal(run.stdout, '', 'nothing on stdout');
  }
});
