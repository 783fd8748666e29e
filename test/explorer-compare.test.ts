import fc from 'fast-check';
import t from 'tap';
import { findRelease } from '../specs/versions.js';
import { differences, labelOf, observe, volatileReason, type Observation, type Probe, type Side } from '../suites/explorer/index.js';

/** JSON values as daemons answer them: objects of capitalised keys, arrays, scalars. */
const json = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, false),
    fc.integer({ min: -5, max: 5 }),
    fc.constantFrom('', 'linux', 'overlay2', 'page not found'),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('Driver', 'Labels', 'Mounts', 'State', 'Warnings', 'Env'), tie('value'), { maxKeys: 4 }),
  ),
})).value;

const observation: fc.Arbitrary<Observation> = fc.record({
  status: fc.constantFrom(200, 201, 204, 400, 404, 500),
  headers: fc.record(
    { 'api-version': fc.constantFrom('1.41', '1.51'), 'content-type': fc.constantFrom('application/json', 'text/plain; charset=utf-8') },
    { requiredKeys: [] },
  ),
  body: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    json.map((value) => ({ kind: 'json' as const, value })),
    fc.string({ minLength: 1, maxLength: 20 }).map((text) => ({ kind: 'text' as const, text })),
  ),
});

const side = (spec: string, release: string, real = false): Side => {
  const r = findRelease(release)!;
  return { spec, release: r, version: r.version, min: r.defaultMinApi, max: r.maxApi, real };
};
const probe = (method: string, route: string, version: string | null, bare = route): Probe => ({
  method,
  route,
  version,
  path: version === null ? bare : `/v${version}${bare}`,
  headers: {},
});

t.test('an answer does not differ from itself, and the differences of (a, b) mirror those of (b, a)', async () => {
  fc.assert(fc.property(observation, (o) => differences(o, o).length === 0));
  fc.assert(
    fc.property(observation, observation, (a, b) => {
      const ab = differences(a, b);
      const ba = differences(b, a);
      const flip = { 'only-first': 'only-second', 'only-second': 'only-first' } as Record<string, string>;
      const key = (d: (typeof ab)[number], swap: boolean): string =>
        `${swap ? (flip[d.aspect] ?? d.aspect) : d.aspect}|${d.at}|${swap ? d.second : d.first}|${swap ? d.first : d.second}`;
      return JSON.stringify(ab.map((d) => key(d, false)).sort()) === JSON.stringify(ba.map((d) => key(d, true)).sort());
    }),
  );
});

t.test('a change made to one JSON body is found where it was made, and nowhere else', async () => {
  const keyed = fc.dictionary(fc.constantFrom('Driver', 'Labels', 'Mounts', 'State'), json, { minKeys: 1, maxKeys: 4 });
  fc.assert(
    fc.property(keyed, fc.nat(), fc.constantFrom('drop', 'retype', 'add'), (body, pick, change) => {
      const keys = Object.keys(body);
      const key = keys[pick % keys.length]!;
      const changed: Record<string, unknown> = { ...body };
      if (change === 'drop') delete changed[key];
      else if (change === 'retype') changed[key] = typeof body[key] === 'string' ? 7 : 'seven';
      else changed['CtcAdded'] = 1;
      const found = differences(
        { status: 200, headers: {}, body: { kind: 'json', value: body } },
        { status: 200, headers: {}, body: { kind: 'json', value: changed } },
      );
      if (change === 'drop') return found.length === 1 && found[0]!.aspect === 'only-first' && found[0]!.at === `$.${key}`;
      if (change === 'add') return found.length === 1 && found[0]!.aspect === 'only-second' && found[0]!.at === '$.CtcAdded';
      return found.length === 1 && found[0]!.aspect === 'type' && found[0]!.at === `$.${key}`;
    }),
  );
});

t.test('ids, times, sizes, build suffixes and private roots are volatile; other values are not', async (t) => {
  const hex = fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 });
  fc.assert(fc.property(hex, hex, (a, b) => volatileReason('Id', a, b) === 'id' && volatileReason('Image', `sha256:${a}`, `sha256:${b}`) === 'id'));
  fc.assert(
    fc.property(
      fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }),
      fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }),
      (a, b) => volatileReason('SystemTime', a.toISOString(), b.toISOString()) === 'time',
    ),
  );
  fc.assert(
    fc.property(fc.nat(), fc.nat(), fc.constantFrom('Created', 'Size', 'VirtualSize', 'NFd', 'MemTotal'), (a, b, k) => volatileReason(k, a, b) !== null),
  );
  t.equal(volatileReason('ServerVersion', '28.5.2+ctrd-sim', '28.5.2+dfsg4'), 'build suffix');
  t.equal(volatileReason('ServerVersion', '28.5.2', '26.1.5'), null, 'another release is no build suffix');
  t.equal(volatileReason('DockerRootDir', '/dev/shm/ctc-abcdef/data', '/tmp/ctc-ABCDEF/data'), 'private root');
  fc.assert(
    fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
      fc.pre(a !== b);
      const build = [
        volatileReason('GitCommit', a, b, '$.GitCommit'),
        volatileReason('GoVersion', a, b, '$.GoVersion'),
        volatileReason('ID', a, b, '$.ContainerdCommit.ID'),
        volatileReason('Expected', a, b, '$.RuncCommit.Expected'),
        volatileReason('Components', a, b, '$.Components[].Version'),
        volatileReason('Components', a, b, '$.Components[].Details.GitCommit'),
        // The edition a packaging names: empty in Debian's builds, "Docker Engine - Community" in Docker's.
        volatileReason('Name', a, b, '$.Platform.Name'),
      ];
      // The same leaf keys elsewhere are values like any other.
      const elsewhere = [
        volatileReason('Version', a, b, '$.Version'),
        volatileReason('Expected', a, b, '$.Expected'),
        volatileReason('Name', a, b, '$.Name'),
        volatileReason('Name', a, b, '$.Platform.Other.Name'),
      ];
      return (
        build.every((r) => r === 'build' || r === 'build suffix' || r === 'private root' || r === 'id' || r === 'time') &&
        build.includes('build') &&
        elsewhere.every((r) => r !== 'build')
      );
    }),
  );
  // -1 is moby's "not counted": against a count it is a difference of behaviour, not of size.
  fc.assert(
    fc.property(
      fc.nat(),
      fc.constantFrom('Containers', 'SharedSize', 'Size'),
      (n, k) => volatileReason(k, -1, n) === null && volatileReason(k, n, -1) === null,
    ),
  );
  fc.assert(
    fc.property(
      fc.constantFrom('Driver', 'OSType', 'Status', 'message'),
      fc.constantFrom('overlay2', 'vfs', 'linux', 'No such image'),
      fc.nat(9),
      (k, a, n) => volatileReason(k, a, `${a}${n}`) === null && volatileReason(k, n, n + 1) === null,
    ),
  );
});

t.test('the labeller: one release cannot explain a difference; two releases explain it by their rules', async (t) => {
  const a285 = side('sim@28.5', '28.5');
  const b285 = side('sim-process@28.5', '28.5');
  const real285 = side('daemon:dockerd', '28.5', true);
  const a2010 = side('sim@20.10', '20.10');
  const status = { aspect: 'status', at: '', first: '400', second: '200' } as const;
  const minor = fc.integer({ min: 12, max: 60 }).map((n) => `1.${n}`);
  fc.assert(
    fc.property(minor, fc.constantFrom('/version', '/info', '/containers/json', '/_ping'), (v, route) => {
      const p = probe('GET', route, v);
      // The same release on both sides: nothing the catalogue says can make them differ.
      return labelOf(p, status, [a285, b285]).kind === 'unexplained';
    }),
  );
  fc.assert(
    fc.property(
      fc.integer({ min: 12, max: 23 }).map((n) => `1.${n}`),
      (v) => {
        const label = labelOf(probe('GET', '/version', v), status, [a2010, a285]);
        return label.kind === 'rule' && label.rules.includes('api.version.too-old') && label.rules.includes('api.version.too-old.status');
      },
    ),
  );
  const wording = {
    aspect: 'error-text',
    at: '',
    first: 'client version 1.20 is too old. Minimum supported API version is 1.24, upgrade your client to a newer version',
    second: 'client version 1.20 is too old. Minimum supported API version is 1.24, please upgrade your client to a newer version',
  } as const;
  t.same(
    labelOf(probe('GET', '/version', '1.20'), wording, [a285, real285]),
    { kind: 'known-deviation', rule: 'api.version.too-old.wording', release: '28.5' },
    'the real release\'s "please" is its known deviation',
  );
  t.equal(labelOf(probe('GET', '/version', '1.20'), wording, [a285, b285]).kind, 'unexplained', 'between two simulators it is not');
  const put = labelOf(probe('PUT', '/volumes/{name}', null, '/volumes/prune'), { aspect: 'status', at: '', first: '404', second: '503' }, [a2010, a285]);
  t.match(put, { kind: 'rule', rules: ['api.not-found'] }, 'a route one release has and the other lacks');
  t.equal(labelOf(probe('GET', '/info', null), { aspect: 'value', at: '$.ID', first: 'a', second: 'b', volatile: 'id' }, [a285, real285]).kind, 'volatile');
  // The filter-parameter deviation of 28.5 (below 1.41 `filter=` still filters) speaks only of requests that carry `filter=`.
  const digests = { aspect: 'type', at: '$[].RepoDigests', first: 'array []', second: 'null null' } as const;
  fc.assert(
    fc.property(fc.integer({ min: 24, max: 40 }), fc.constantFrom('', '?all=1', '?filters=%7B%7D'), (n, query) => {
      const without = labelOf(probe('GET', '/images/json', `1.${n}`, `/images/json${query}`), digests, [a285, real285]);
      const carried = labelOf(probe('GET', '/images/json', `1.${n}`, `/images/json?filter=ctc${query.replace('?', '&')}`), digests, [a285, real285]);
      return without.kind === 'unexplained' && carried.kind === 'known-deviation';
    }),
  );
  t.match(labelOf(probe('GET', '/info', null), { aspect: 'only-first', at: '$.KernelMemory', first: 'false', second: '' }, [a2010, a285]), {
    kind: 'rule',
    rules: ['config.info.shape'],
  });
});

t.test("the labeller: 20.10's missing CDISpecDirs is its known deviation, and explains nothing else of /info", async (t) => {
  const sim2010 = side('sim@20.10', '20.10');
  const real2010 = side('daemon:dockerd', '20.10', true);
  const version = fc.option(
    fc.integer({ min: 12, max: 41 }).map((n) => `1.${n}`),
    { nil: null },
  );
  const aspect = fc.constantFrom('only-first', 'only-second', 'value', 'type');
  fc.assert(
    fc.property(version, aspect, fc.constantFrom('', '[]'), (v, kind, below) => {
      const label = labelOf(probe('GET', '/info', v), { aspect: kind, at: `$.CDISpecDirs${below}`, first: '[]', second: '' }, [sim2010, real2010]);
      return label.kind === 'known-deviation' && label.rule === 'config.cdi.spec-dirs' && label.release === '20.10';
    }),
  );
  fc.assert(
    fc.property(version, fc.constantFrom('$.Driver', '$.IPv4Forwarding', '$.Warnings', '$.CDISpecDirsX'), (v, at) => {
      const label = labelOf(probe('GET', '/info', v), { aspect: 'value', at, first: 'a', second: 'b' }, [sim2010, real2010]);
      return !(label.kind === 'known-deviation' && label.rule === 'config.cdi.spec-dirs');
    }),
  );
  t.equal(
    labelOf(probe('GET', '/info', null), { aspect: 'only-first', at: '$.CDISpecDirs', first: '[]', second: '' }, [sim2010, side('sim-process@20.10', '20.10')])
      .kind,
    'unexplained',
    'between two simulators it is not',
  );
});

t.test('observe reads the headers a client reads, under one name for either brand', async (t) => {
  const o = observe({ status: 200, headers: { 'ctr-experimental': 'false', 'api-version': '1.51', date: 'now' }, body: '{"a":1}' });
  t.same(o, { status: 200, headers: { 'api-version': '1.51', experimental: 'false' }, body: { kind: 'json', value: { a: 1 } } });
  t.same(observe({ status: 404, headers: { 'docker-experimental': 'false' }, body: 'page not found\n' }).body, { kind: 'text', text: 'page not found\n' });
});

t.test("the process's own figures (/debug/vars, the pprof index's counts) are volatile; the same keys elsewhere are not", async (t) => {
  const leaf = fc.constantFrom('Alloc', 'HeapSys', 'NumGC', 'PauseNs', 'Size');
  fc.assert(
    fc.property(leaf, fc.nat(), fc.nat(), (key, a, b) => {
      fc.pre(a !== b);
      return volatileReason(key, a, b, `$.memstats.${key}`) === 'process' && volatileReason(key, 'x', 'y', `$.${key}`) === null;
    }),
  );
  t.equal(volatileReason('cmdline', '/usr/bin/dockerd', 'node', '$.cmdline[]'), 'process');
  const page = (goroutines: number, heap: number): string =>
    `<html><body>/debug/pprof/<table><tr><td>${goroutines}</td><td><a href='goroutine?debug=1'>goroutine</a></td></tr><tr><td>${heap}</td><td>heap</td></tr></table></body></html>`;
  const diff = (a: string, b: string) =>
    differences(
      { status: 200, headers: {}, body: { kind: 'text', text: a } } as unknown as Observation,
      { status: 200, headers: {}, body: { kind: 'text', text: b } } as unknown as Observation,
    );
  t.same(
    diff(page(12, 3), page(40, 0)).map((d) => d.volatile),
    ['process'],
    'the same index with other counts',
  );
  t.same(
    diff(page(12, 3), page(12, 3).replace('heap', 'allocs')).map((d) => d.volatile),
    [undefined],
    'another list of profiles is a difference',
  );
});
