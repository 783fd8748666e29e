import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { ALL_API_VERSIONS } from '../specs/versions.js';
import { exploreSequences, openSide, routesReached, runSequence, sequenceArbitrary, stepText, type DiffSide, type OpenSide } from '../suites/explorer/index.js';
import { withStartArgs } from '../suites/run/start-args.js';
import { resolveTarget } from '../suites/targets/resolve.js';
import type { DiffReport } from '../suites/explorer/index.js';
import { cliWithin } from './helpers/cli.js';

const open = async (t: Test, args: string[] = []): Promise<OpenSide> => {
  const side = await openSide(withStartArgs(resolveTarget('sim@28.5', {}), args), { startMs: 30_000, requestTimeoutMs: 5_000 });
  t.teardown(() => side.stop());
  return side;
};

/** The names of the sequences' objects a side still holds. */
async function leftOn(side: DiffSide): Promise<string[]> {
  const images = JSON.parse((await side.client.request('GET', '/images/json', { timeoutMs: 5_000 })).body) as { RepoTags: string[] | null; Id: string }[];
  const containers = JSON.parse((await side.client.request('GET', '/containers/json?all=1', { timeoutMs: 5_000 })).body) as { Names: string[] }[];
  return [...images.flatMap((i) => i.RepoTags ?? [`<untagged ${i.Id}>`]), ...containers.flatMap((c) => c.Names)].filter(
    (name) => name.includes('ctc-seq') || name.startsWith('<untagged'),
  );
}

t.test('every step of a generated sequence is a request on the route it names, its ids written as symbols', async () => {
  fc.assert(
    fc.property(sequenceArbitrary(ALL_API_VERSIONS.slice(-3)), (steps) =>
      steps.every((step) => {
        const text = stepText(step);
        const [method, path] = text.split(' ') as [string, string];
        const bare = path.replace(/^\/v[0-9.]+/, '').split('?')[0]!;
        // A symbol stands for an id: one path segment, as a name is.
        const reached = routesReached(method, bare.replace(/\{[ic]\d\}/g, 'ctc-id'));
        return reached.length > 0 && !/[0-9a-f]{12}/.test(text);
      }),
    ),
    { numRuns: 500 },
  );
});

t.test('a simulator that drops "from" from container events differs from a sound one: shrunk to import, create, events, replayed by its path', async (t) => {
  const sound = await open(t);
  const broken = await open(t, ['--fault', 'deprecated.events.legacy-fields']);
  const sides = [sound, broken] as const;
  const options = { seed: 11, sequences: 40, requestTimeoutMs: 5_000, shrinkBudgetMs: 60_000 };
  const found = await exploreSequences(sides, options);
  t.equal(found.sequences, 40);
  const unexplained = found.differences.filter((d) => d.label.kind === 'unexplained');
  t.ok(unexplained.length > 0, 'the fault is seen');
  t.same(
    unexplained.filter((d) => !d.signature.includes('(sequence) GET /events')).map((d) => d.signature),
    [],
    'only on /events',
  );
  const from = unexplained.find((d) => d.difference.aspect === 'only-first' && d.difference.at === '$[].from');
  t.ok(from, 'the missing "from" of a container event');
  t.ok(from!.shrunk, 'shrunk');
  const steps = from!.sequence!.steps;
  t.equal(steps.length, 3, steps.join(' ; '));
  t.match(steps[0], /^POST (\/v[0-9.]+)?\/images\/create\?fromSrc=-/);
  t.match(steps[1], /^POST (\/v[0-9.]+)?\/containers\/create\?name=ctc-seq-c\d/);
  t.match(steps[2], /^GET (\/v[0-9.]+)?\/events\?since=START&until=NOW/);
  t.equal(from!.sequence!.step, 2, 'the events step shows it');
  t.match(from!.curl[0], /^curl .*'http:\/\/localhost(\/v[0-9.]+)?\/events\?since=\d+\.\d{9}&until=\d+\.\d{9}/);

  const again = await exploreSequences(sides, { ...options, path: from!.path });
  t.equal(again.sequences, 1, 'the replay runs one sequence');
  t.ok(
    again.differences.some((d) => d.signature === from!.signature),
    'and finds the same difference',
  );
  t.same(await leftOn(sound), [], 'nothing left on the sound side');
  t.same(await leftOn(broken), [], 'nothing left on the broken side');
});

t.test('what a sequence made is removed even when a step fails', async (t) => {
  const a = await open(t);
  const b = await open(t);
  let calls = 0;
  // The second side's client breaks on its fourth request (an error no answer explains): the sequence throws.
  const failing: DiffSide = {
    ...b,
    client: new Proxy(b.client, {
      get(target, key, receiver) {
        if (key !== 'request') return Reflect.get(target, key, receiver) as unknown;
        return (...args: Parameters<typeof target.request>) => {
          if (++calls === 4) return Promise.reject(new Error('ctc: a broken client'));
          return target.request(...args);
        };
      },
    }),
  };
  const steps = fc.sample(sequenceArbitrary([]), { seed: 3, numRuns: 1 })[0]!;
  const made = [
    { op: 'import', image: 0, version: null },
    { op: 'create', container: 0, image: 0, byId: false, version: null },
    { op: 'import', image: 1, version: null },
    { op: 'create', container: 1, image: 1, byId: true, version: null },
    ...steps,
  ] as const;
  await t.rejects(runSequence([a, failing], made, 5_000), /a broken client/);
  t.same(await leftOn(a), [], 'nothing left on the side that did not fail');
  t.same(await leftOn(b), [], 'nothing left on the side that failed');
});

t.test("diff through the CLI: a sequence's difference printed with its steps, replayed alone by --sequence-path", async (t) => {
  const dir = mkdtempSync('/tmp/ctc-explorer-seq-');
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const targets = ['--target', 'sim@20.10', '--target', 'sim@28.5', '--seed', '42'];
  const run = await cliWithin(t, ['diff', ...targets, '--num-runs', '1', '--sequences', '20', '--out', join(dir, 'all'), '-q'], 120_000);
  t.ok(run.code === 0 || run.code === 1, run.stderr);
  const report = JSON.parse(readFileSync(join(dir, 'all', 'diff.json'), 'utf8')) as DiffReport;
  t.equal(report.sequences, 20);
  // 20.10 and 28.5 differ in an image's inspect by the deprecation rules of the image-inspect fields.
  const found = report.differences.find(
    (d) => d.sequence !== undefined && d.label.kind === 'rule' && d.signature.includes('(sequence) GET /images/{name}/json'),
  );
  t.ok(found, 'an image inspect of a sequence, explained by a rule');
  t.match(run.stdout, /\n {2}sequence( \(shrunk\))?, step \d+ shows it:\n {4}1\. POST (\/v[0-9.]+)?\/images\/create\?fromSrc=-/);
  t.match(run.stdout, /replay: ctr-conformance diff --target sim@20\.10 --target sim@28\.5 --num-runs 1 --sequences 20 --seed 42 --sequence-path \d/);
  const replay = await cliWithin(t, ['diff', ...targets, '--sequence-path', found!.path, '--out', join(dir, 'one'), '-q'], 60_000);
  t.ok(replay.code === 0 || replay.code === 1, replay.stderr);
  const again = JSON.parse(readFileSync(join(dir, 'one', 'diff.json'), 'utf8')) as DiffReport;
  t.equal(again.cases, 0, 'no request');
  t.equal(again.sequences, 1, 'one sequence');
  t.ok(
    again.differences.some((d) => d.signature === found!.signature),
    'the same difference',
  );
});
