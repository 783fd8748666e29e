import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, askText, checkAgainstRealReleases, json, type Observed, simClient } from './helpers/real-versus-sim.js';

/**
 * The volume routes (simulator/engine/volumes/): create with the local driver's checks, list and
 * prune with their filters, inspect, remove, and the cluster-only update. The tables are what
 * 20.10.24, 26.1.5 and 28.5.2 answered (2026-11-27); the property sends generated requests to
 * each real release and to ctrd-sim emulating it, and compares the answers with each side's own
 * data root, times and random names put back as placeholders.
 */

const create = (body: unknown): Ask => ({ method: 'POST', path: '/volumes/create', ...json(JSON.stringify(body)) });
const withFilters = (method: string, path: string, filters: unknown): Ask => ({
  method,
  path: `${path}?filters=${encodeURIComponent(JSON.stringify(filters))}`,
});
const invalidChars = (name: string, quoted = JSON.stringify(name)): string =>
  `create ${name}: ${quoted} includes invalid characters for a local volume name, only "[a-zA-Z0-9][a-zA-Z0-9_.-]" are allowed. If you intended to pass a host directory, use absolute path`;
const sized = (size: string, v20: [number, string], v26: [number, string] | '=', v28: [number, string] | '=') =>
  [create({ Name: 'ctc-s', DriverOpts: { size } }), v20, v26, v28] as const;
const invalidSize = (size: string): [number, string] => [500, `create ctc-s: invalid size: '${size}'`];
const invalidSize400 = (size: string): [number, string] => [400, `create ctc-s: invalid size: '${size}'`];
const NO_QUOTA: [number, string] = [400, 'create ctc-s: quota size requested but no quota support'];
const made = (name: string, options: Record<string, string> | null = null, labels: Record<string, string> | null = null): string =>
  JSON.stringify({
    CreatedAt: '<time>',
    Driver: 'local',
    Labels: labels,
    Mountpoint: `<root>/volumes/${name}/_data`,
    Name: name,
    Options: options,
    Scope: 'local',
  });
const NOT_MANAGER = 'This node is not a swarm manager. Use "docker swarm init" or "docker swarm join" to connect this node to swarm and try again.';

const REFUSALS: Observed = [
  [{ method: 'GET', path: '/volumes/ctc-missing' }, [404, 'get ctc-missing: no such volume'], '=', '='],
  [{ method: 'GET', path: '/volumes/a%2Fb' }, [404, 'get a/b: no such volume'], '=', '='],
  [{ method: 'DELETE', path: '/volumes/ctc-missing' }, [404, 'get ctc-missing: no such volume'], '=', '='],
  [{ method: 'DELETE', path: '/volumes/ctc-missing?force=no' }, [404, 'get ctc-missing: no such volume'], '=', '='],
  [{ method: 'DELETE', path: '/volumes/ctc-missing?force=x' }, [204, ''], '=', '='],
  [
    { method: 'PUT', path: '/volumes/ctc-missing?version=1', ...json('{}') },
    [404, 'page not found'],
    [503, 'volume update only valid for cluster volumes, but swarm is unavailable'],
    '=',
  ],
  // The body: Go's decoder names the struct of the release.
  [
    create([]),
    [400, 'json: cannot unmarshal array into Go value of type volume.VolumeCreateBody'],
    [400, 'invalid JSON: json: cannot unmarshal array into Go value of type volume.CreateOptions'],
    '=',
  ],
  [
    create({ Name: 1 }),
    [400, 'json: cannot unmarshal number into Go struct field VolumeCreateBody.Name of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateOptions.Name of type string'],
    '=',
  ],
  [
    create({ DriverOpts: { type: 1 } }),
    [400, 'json: cannot unmarshal number into Go struct field VolumeCreateBody.DriverOpts of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateOptions.DriverOpts of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateOptions.DriverOpts.type of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateRequest.DriverOpts of type string'],
  ],
  [
    create({ Name: 'ctc-x', Labels: { a: 1 }, Driver: 2 }),
    [400, 'json: cannot unmarshal number into Go struct field VolumeCreateBody.Labels of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateOptions.Labels of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateOptions.Labels.a of type string'],
    [400, 'invalid JSON: json: cannot unmarshal number into Go struct field CreateRequest.Labels of type string'],
  ],
  [
    { method: 'POST', path: '/volumes/create', ...json(' ') },
    [400, 'got EOF while reading request body'],
    [400, 'invalid JSON: got EOF while reading request body'],
    '=',
  ],
  [{ method: 'POST', path: '/volumes/create', ...json('[') }, [400, 'unexpected EOF'], [400, 'invalid JSON: unexpected EOF'], '='],
  [
    { method: 'POST', path: '/volumes/create', type: 'text/plain', body: '{"Name":"ctc-ct"}' },
    [400, "Content-Type specified (text/plain) must be 'application/json'"],
    [400, "unsupported Content-Type header (text/plain): must be 'application/json'"],
    '=',
  ],
  // The local driver: names, options, sizes (go-units 0.4 words them on 20.10 and Debian's 26.1, 0.5 on 28.5).
  [create({ Name: 'c' }), [400, 'create c: volume name is too short, names should be at least two alphanumeric characters'], '=', '='],
  [create({ Name: '_a' }), [400, invalidChars('_a')], '=', '='],
  [create({ Name: 'a/b' }), [400, invalidChars('a/b')], '=', '='],
  [create({ Name: 'é1' }), [400, invalidChars('é1')], '=', '='],
  [create({ Name: 'a\\b' }), [400, invalidChars('a\\b', '"a\\\\b"')], '=', '='],
  [create({ Name: 'ctc-o', DriverOpts: { bogus: '1' } }), [400, 'create ctc-o: invalid option: "bogus"'], '=', '='],
  [create({ Name: 'ctc-o', DriverOpts: { type: 'tmpfs' } }), [400, 'create ctc-o: missing required option: "device"'], '=', '='],
  [create({ Name: 'ctc-o', DriverOpts: { device: 'x' } }), [400, 'create ctc-o: missing required option: "type"'], '=', '='],
  [create({ Name: 'ctc-o', DriverOpts: { o: 'x', type: 't' } }), [400, 'create ctc-o: missing required option: "device"'], '=', '='],
  [
    create({ Name: 'ctc-o', DriverOpts: { size: 'x', type: 'tmpfs' } }),
    [400, 'create ctc-o: missing required option: "device"'],
    [400, "create ctc-o: invalid size: 'x'"],
    '=',
  ],
  sized('x', invalidSize('x'), invalidSize400('x'), '='),
  sized('', invalidSize(''), invalidSize400(''), '='),
  sized('-1', invalidSize('-1'), invalidSize400('-1'), '='),
  sized('1q', invalidSize('1q'), invalidSize400('1q'), [400, "create ctc-s: invalid suffix: 'q'"]),
  sized('1bb', invalidSize('1bb'), invalidSize400('1bb'), [400, "create ctc-s: invalid suffix: 'bb'"]),
  sized('1e3', invalidSize('1e3'), invalidSize400('1e3'), NO_QUOTA),
  sized('1_0', invalidSize('1_0'), invalidSize400('1_0'), NO_QUOTA),
  sized('.', invalidSize('.'), invalidSize400('.'), [400, 'create ctc-s: strconv.ParseFloat: parsing ".": invalid syntax']),
  sized(' 1', invalidSize(' 1'), invalidSize400(' 1'), [400, 'create ctc-s: strconv.ParseFloat: parsing " 1": invalid syntax']),
  sized('0x10', invalidSize('0x10'), invalidSize400('0x10'), [400, 'create ctc-s: strconv.ParseFloat: parsing "0x10": invalid syntax']),
  sized('1e400', invalidSize('1e400'), invalidSize400('1e400'), [400, 'create ctc-s: strconv.ParseFloat: parsing "1e400": value out of range']),
  sized(
    '1.5.5',
    [500, 'create ctc-s: strconv.ParseFloat: parsing "1.5.5": invalid syntax'],
    [400, 'create ctc-s: strconv.ParseFloat: parsing "1.5.5": invalid syntax'],
    '=',
  ),
  sized('1 kb', NO_QUOTA, '=', '='),
  sized('1KiB', NO_QUOTA, '=', '='),
  sized('inf', invalidSize('inf'), invalidSize400('inf'), '='),
  [
    create({ Name: 'ctc-c', DriverOpts: { type: 'cifs', device: '%zz' } }),
    [201, made('ctc-c', { device: '%zz', type: 'cifs' })],
    [400, 'create ctc-c: error parsing mount device url: parse "%zz": invalid URL escape "%zz"'],
    '=',
  ],
  [
    create({ Name: 'ctc-d', DriverOpts: { type: 'cifs', device: '//h:445/s' } }),
    [201, made('ctc-d', { device: '//h:445/s', type: 'cifs' })],
    [400, "create ctc-d: port not allowed in CIFS device URL, include 'port' in 'o='"],
    '=',
  ],
  [{ method: 'POST', path: '/volumes/create', ...json('{"ClusterVolumeSpec":{},"Name":"ctc-cv"}') }, [201, made('ctc-cv')], [503, NOT_MANAGER], '='],
  // Filters.
  [withFilters('GET', '/volumes', { ctc: ['x'] }), [400, "Invalid filter 'ctc'"], [400, "invalid filter 'ctc'"], '='],
  [withFilters('GET', '/volumes', { 'label!': ['k'] }), [400, "Invalid filter 'label!'"], [400, "invalid filter 'label!'"], '='],
  [withFilters('GET', '/volumes', { dangling: ['x'] }), [400, "Invalid filter 'dangling=[x]'"], [400, "invalid filter 'dangling=[x]'"], '='],
  [withFilters('GET', '/volumes', { dangling: { true: false } }), [400, "Invalid filter 'dangling=[true]'"], [400, "invalid filter 'dangling=[true]'"], '='],
  // 20.10 takes a key without values as true: every volume (those the rows above made).
  [
    withFilters('GET', '/volumes', { dangling: null }),
    [
      200,
      `{"Volumes":[${made('ctc-c', { device: '%zz', type: 'cifs' })},${made('ctc-cv')},${made('ctc-d', { device: '//h:445/s', type: 'cifs' })}],"Warnings":null}`,
    ],
    [400, "invalid filter 'dangling'"],
    '=',
  ],
  [
    withFilters('GET', '/volumes', { name: 1 }),
    [400, 'error reading volume filters: json: cannot unmarshal number into Go value of type map[string]bool'],
    [400, 'error reading volume filters: invalid filter'],
    '=',
  ],
  [
    { method: 'GET', path: '/volumes?filters=ctc' },
    [400, "error reading volume filters: invalid character 'c' looking for beginning of value"],
    [400, 'error reading volume filters: invalid filter'],
    '=',
  ],
  [
    withFilters('POST', '/volumes/prune', { all: ['x'] }),
    [400, "Invalid filter 'all'"],
    [400, `invalid filter 'all': strconv.ParseBool: parsing "x": invalid syntax`],
    '=',
  ],
  [withFilters('POST', '/volumes/prune', { dangling: ['true'] }), [400, "Invalid filter 'dangling'"], [400, "invalid filter 'dangling'"], '='],
  [withFilters('POST', '/volumes/prune', { all: null }), [400, "Invalid filter 'all'"], [200, '{"VolumesDeleted":[],"SpaceReclaimed":0}'], '='],
  [{ method: 'POST', path: '/volumes/prune?filters=x' }, [500, "invalid character 'x' looking for beginning of value"], [400, 'invalid filter'], '='],
];

const GO_RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/;

/** A text with the side's data root, random names and times put back as placeholders. */
const placeheld = (text: string): string =>
  text
    .replace(/\/[^\s'"]*?\/volumes\//g, '<root>/volumes/')
    .replace(/\b[0-9a-f]{64}\b/g, '<anon>')
    .replace(/"CreatedAt":"([^"]*)"/g, (_all, time: string) => `"CreatedAt":"${GO_RFC3339.test(time) ? '<time>' : time}"`);

/** By name, then by the whole volume (anonymous volumes share their placeholder). */
const byName = (a: { Name?: unknown }, b: { Name?: unknown }): number => {
  const [x, y] = [`${String(a.Name)} ${JSON.stringify(a)}`, `${String(b.Name)} ${JSON.stringify(b)}`];
  return x < y ? -1 : x > y ? 1 : 0;
};

/**
 * An answer as both sides can be compared on it: the status, and the error's message or the body,
 * placeheld; a list's volumes and a prune's names sorted (moby keeps volumes in a Go map, so a
 * real daemon lists them in no fixed order).
 */
async function readNormalized(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const reply = await client.request(ask.method, ask.path, {
    headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
    ...(ask.body === undefined ? {} : { body: ask.body }),
    timeoutMs: 10_000,
  });
  let document: unknown;
  try {
    document = JSON.parse(placeheld(reply.body));
  } catch {
    return [reply.status, placeheld(reply.body.trim())];
  }
  const shaped = document as { message?: unknown; Volumes?: { Name?: unknown }[]; VolumesDeleted?: string[] };
  if (typeof shaped?.message === 'string') return [reply.status, shaped.message];
  if (Array.isArray(shaped?.Volumes)) shaped.Volumes.sort(byName);
  if (Array.isArray(shaped?.VolumesDeleted)) shaped.VolumesDeleted.sort();
  return [reply.status, JSON.stringify(document)];
}

/** Each row's answer on ctrd-sim emulating each release, in one simulator per release (the rows run in order). */
function checkTable(what: string, observed: Observed): void {
  t.test(what, async (t) => {
    for (const release of ['20.10', '26.1', '28.5'] as const) {
      const client = await simClient(t, 'ctc-vols-', release);
      for (const [request, v20, v26, v28] of observed) {
        const on26 = v26 === '=' ? v20 : v26;
        const expected = release === '20.10' ? v20 : release === '26.1' ? on26 : v28 === '=' ? on26 : v28;
        t.same(await readNormalized(client, request), expected, `${release}: ${askText(request)}`);
      }
    }
  });
}

checkTable('the volume routes refuse what the releases refuse, in their words', REFUSALS);

const list = (...volumes: string[]): string => `{"Volumes":[${volumes.join(',')}],"Warnings":null}`;
const pruned = (...names: string[]): string => JSON.stringify({ VolumesDeleted: names, SpaceReclaimed: 0 });
const ctcA = made('ctc-a', null, { k: 'v' });
const ctcB = made('ctc-b', { device: 'tmpfs', type: 'tmpfs' }, { e: '', k: 'w' });

/** A volume's life: a create of an existing name returns it as it was; prune takes named volumes below API 1.42 only (and on 20.10), never one with options. */
const LIFE: Observed = [
  [create({ Name: 'ctc-a', Labels: { k: 'v' } }), [201, ctcA], '=', '='],
  [create({ Name: 'ctc-a', Labels: { other: '1' }, DriverOpts: { bogus: '1' } }), [201, ctcA], '=', '='],
  [create({ Labels: { k: 'v' } }), [201, made('<anon>', null, { k: 'v' })], [201, made('<anon>', null, { 'com.docker.volume.anonymous': '', k: 'v' })], '='],
  [create({ Name: 'ctc-b', DriverOpts: { type: 'tmpfs', device: 'tmpfs' }, Labels: { k: 'w', e: '' } }), [201, ctcB], '=', '='],
  [create({ Name: 'ctc-n', Labels: { a: null }, DriverOpts: {} }), [201, made('ctc-n', {}, { a: '' })], '=', '='],
  [
    withFilters('GET', '/volumes', { label: ['k=v'] }),
    [200, list(made('<anon>', null, { k: 'v' }), ctcA)],
    [200, list(made('<anon>', null, { 'com.docker.volume.anonymous': '', k: 'v' }), ctcA)],
    '=',
  ],
  [withFilters('GET', '/volumes', { name: ['(?i)CTC-[AB]$'] }), [200, list(ctcA, ctcB)], '=', '='],
  [withFilters('GET', '/volumes', { name: { 'ctc-a': false } }), [200, list(ctcA)], '=', '='],
  [withFilters('GET', '/volumes', { dangling: ['0'] }), [200, list()], '=', '='],
  [withFilters('GET', '/volumes', { driver: ['local'], label: ['e'] }), [200, list(ctcB)], '=', '='],
  [withFilters('POST', '/volumes/prune', { 'label!': ['a'] }), [200, pruned('<anon>', 'ctc-a')], [200, pruned('<anon>')], '='],
  [{ method: 'POST', path: '/v1.41/volumes/prune' }, [200, pruned('ctc-n')], [200, pruned('ctc-a', 'ctc-n')], '='],
  [{ method: 'GET', path: '/volumes' }, [200, list(ctcB)], '=', '='],
  [{ method: 'DELETE', path: '/volumes/ctc-b' }, [204, ''], '=', '='],
  [{ method: 'GET', path: '/volumes/ctc-b' }, [404, 'get ctc-b: no such volume'], '=', '='],
];

checkTable('a volume is made once, listed by its filters, pruned as the API version says, removed', LIFE);

/** The volume events of a side, as "action name attributes" (the name placeheld). */
async function volumeEvents(client: HttpClient): Promise<string[]> {
  const until = Math.floor(Date.now() / 1000) + 1;
  const filters = encodeURIComponent(JSON.stringify({ type: ['volume'] }));
  const reply = await client.request('GET', `/events?since=0&until=${until}&filters=${filters}`, { timeoutMs: 10_000 });
  return reply.body
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const event = JSON.parse(line) as { Action: string; Actor: { ID: string; Attributes: Record<string, string> } };
      return placeheld(`${event.Action} ${event.Actor.ID} ${JSON.stringify(event.Actor.Attributes)}`);
    });
}

// Observed 2026-11-27: 20.10 records a create for every create (also of a volume that exists) and no destroy for what a prune removes.
t.test('volume events: create, destroy and prune, as each release records them', async (t) => {
  const local = '{"driver":"local"}';
  const expected: Record<string, string[]> = {
    '20.10': [`create ctc-a ${local}`, `create ctc-a ${local}`, `create ctc-n ${local}`, `destroy ctc-n ${local}`, 'prune  {"reclaimed":"0"}'],
    '26.1': [`create ctc-a ${local}`, `create ctc-n ${local}`, `destroy ctc-n ${local}`, `destroy ctc-a ${local}`, 'prune  {"reclaimed":"0"}'],
  };
  expected['28.5'] = expected['26.1']!;
  for (const release of ['20.10', '26.1', '28.5'] as const) {
    const client = await simClient(t, 'ctc-vols-', release);
    for (const ask of [create({ Name: 'ctc-a' }), create({ Name: 'ctc-a' }), create({ Name: 'ctc-x', DriverOpts: { bogus: '1' } }), create({ Name: 'ctc-n' })])
      await readNormalized(client, ask);
    await readNormalized(client, { method: 'DELETE', path: '/volumes/ctc-n' });
    await readNormalized(client, { method: 'DELETE', path: '/volumes/ctc-n?force=1' });
    await readNormalized(client, { method: 'POST', path: '/v1.41/volumes/prune' });
    t.same(await volumeEvents(client), expected[release], release);
  }
});

// Generated requests. Left out: a driver other than local (the real daemons answer only when their
// plugin lookup gives up, seconds later; ctrd-sim at once), and what Go words in its random map
// order (two values of `all` or `dangling`, two unknown filters or options).
const name = fc.oneof(
  fc.constantFrom('ctc-a', 'ctc-b', 'ab', 'a', '_x', 'x y', 'é1', 'ctc-A.b_c', 'a/b', 'a\\b', '', 'y'.repeat(256), '..'),
  fc.stringMatching(/^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,6}$/),
);
const size = fc.oneof(
  fc.constantFrom('0', '1', '1k', '1 kb', '1KiB', '1q', '1e3', '1_0', '.', ' 1', '0x10', '1e400', '-1', 'inf', '', 'x', '1.5.5', '0.4', '1bb', '1kx', '0x1p-2'),
  fc.stringMatching(/^[0-9]{1,3}(\.[0-9])? ?[kmgKMGbq]?[iI]?[bB]?$/),
);
const device = fc.constantFrom('//h/s', '//h:445/s', '%zz', '//h:x/s', ':/x', '//h%41/s', '//h /s', 'a#%zz', 'cifs://h/s', '//h:/s', '', 'tmpfs');
const driverOpts = fc.oneof(
  fc.constantFrom(undefined, null, {}),
  fc.record(
    { type: fc.constantFrom('tmpfs', 'cifs', 'nfs', ''), device, o: fc.constantFrom('', 'size=1m'), size, bogus: fc.constant('1') },
    { requiredKeys: [] },
  ),
);
const labels = fc.oneof(
  fc.constantFrom(undefined, null, {}),
  fc.dictionary(fc.constantFrom('k', 'e', 'a', 'com.docker.volume.anonymous'), fc.constantFrom('v', 'w', '', null), { maxKeys: 3 }),
);
const prefix = fc.constantFrom('', '/v1.41', '/v1.24');
const createBody = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .record(
        {
          Name: name,
          Driver: fc.constantFrom(undefined, null, '', 'local'),
          DriverOpts: driverOpts,
          Labels: labels,
          ClusterVolumeSpec: fc.constantFrom(undefined, null, {}),
        },
        { requiredKeys: [] },
      )
      .map((body) => JSON.stringify(body)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '[]',
      '1',
      '{"Name":1}',
      '{"Labels":{"a":true}}',
      '{"DriverOpts":{"type":1}}',
      '{"Driver":2,"Name":3}',
      '{} {}',
      '[',
      ' ',
      'null',
      '{"name":"ctc-lower"}',
      '{"ClusterVolumeSpec":1}',
    ),
  },
);
const createAsk = fc.tuple(prefix, createBody).map(([at, body]): Ask => ({ method: 'POST', path: `${at}/volumes/create`, ...json(body) }));

const FILTER_VALUES: Record<string, readonly string[]> = {
  // Each holds a letter beyond hex, so that no pattern meets a random name on one side only.
  name: ['ctc', '^ctc-a$', '(?i)CTC-A', '[', 'é', 'A\\.b', 'y$', '^ab$', '_', 'x'],
  driver: ['local', 'other'],
  label: ['k', 'k=v', 'e', 'a=', 'com.docker.volume.anonymous', 'k=w'],
  'label!': ['k', 'a', 'e='],
  dangling: ['true', '1', '0', 'false', 'x'],
  all: ['true', '1', '0', 'false', 'x', ''],
  bogus: ['x'],
};
const SINGLE_VALUED = ['dangling', 'all'];

/**
 * A filters document of the keys given (at most one the route refuses), each with values of its
 * pool, in the legacy or the current form. `refusedOn20`: a key 20.10 refuses too, left out beside
 * a refused one.
 */
function filtersOf(keys: readonly string[], refused: readonly string[], refusedOn20?: string): fc.Arbitrary<string> {
  return fc.tuple(fc.subarray([...keys]), fc.constantFrom(...refused, null), fc.boolean()).chain(([chosen, unaccepted, legacy]) => {
    const all = unaccepted === null ? chosen : [...chosen.filter((key) => key !== refusedOn20), unaccepted];
    const values = all.map((key) =>
      fc
        .subarray([...FILTER_VALUES[key]!], { minLength: 0, maxLength: SINGLE_VALUED.includes(key) ? 1 : Math.min(3, FILTER_VALUES[key]!.length) })
        .chain((picked) =>
          legacy
            ? fc.constant(picked as unknown)
            : fc.tuple(...picked.map(() => fc.boolean())).map((flags) => Object.fromEntries(picked.map((v, i) => [v, flags[i]]))),
        ),
    );
    return fc.tuple(...values).map((each) => JSON.stringify(Object.fromEntries(all.map((key, i) => [key, each[i]]))));
  });
}

const listAsk = fc
  .tuple(prefix, filtersOf(['name', 'driver', 'label', 'dangling'], ['bogus', 'label!', 'all']))
  .map(([at, filters]): Ask => ({ method: 'GET', path: `${at}/volumes?filters=${encodeURIComponent(filters)}` }));
// Below API 1.42 moby adds all=true to the request's own: no `all` there, or two values could be named in Go's map order.
const pruneAsk = fc.oneof(
  filtersOf(['label', 'label!', 'all'], ['bogus', 'dangling', 'name'], 'all').map(
    (filters): Ask => ({ method: 'POST', path: `/volumes/prune?filters=${encodeURIComponent(filters)}` }),
  ),
  fc
    .tuple(fc.constantFrom('/v1.41', '/v1.24'), filtersOf(['label', 'label!'], ['bogus', 'dangling']))
    .map(([at, filters]): Ask => ({ method: 'POST', path: `${at}/volumes/prune?filters=${encodeURIComponent(filters)}` })),
);
const byNameAsk = fc
  .tuple(fc.constantFrom('GET', 'DELETE'), name, fc.constantFrom('', '?force=1', '?force=0', '?force=x'))
  .map(([method, volume, force]): Ask => ({ method, path: `/volumes/${encodeURIComponent(volume)}${method === 'DELETE' ? force : ''}` }));

const request: fc.Arbitrary<Ask> = fc.oneof(
  { weight: 4, arbitrary: createAsk },
  { weight: 3, arbitrary: listAsk },
  { weight: 2, arbitrary: pruneAsk },
  { weight: 2, arbitrary: byNameAsk },
);

checkAgainstRealReleases('volume requests', 'ctc-vols-', request, 400, { read: (client, ask) => readNormalized(client, ask) });
