import fc from 'fast-check';
import t from 'tap';
import { replyJson as json, send, type Reply } from './helpers/unix-send.js';
import { dockerSimSocket } from './helpers/in-process-sim.js';
import { tarball } from '../suites/deprecations/image-tarball.js';
import { findRelease } from '../specs/versions.js';

/** The newest API version the release serves, its minor number (specs/versions.ts). */
const newestMinor = (release: string): number => Number(findRelease(release)!.maxApi.split('.')[1]);

/**
 * ctrd-sim's networks (issue 24): a daemon started with --bridge=none has `none` and `host`. The
 * expected answers are those of dockerd 20.10.24, 26.1.5 and 28.5.2 on private data roots (curl
 * over their sockets, 2026-11-27): GET /networks with each filter, GET /networks/{id|name|prefix}
 * with `scope` and `verbose`, with a created and a started container on each network.
 */
const simulator = (t: { teardown(fn: () => unknown): void }, release: string): Promise<string> => dockerSimSocket(t, 'ctc-net-', release);

type Network = Record<string, unknown> & { Name: string; Id: string; Containers: Record<string, Record<string, unknown>> };
const list = async (socket: string, query = ''): Promise<Reply> => send(socket, 'GET', `/networks${query}`);
const filtered = (filters: unknown): string => `?filters=${encodeURIComponent(JSON.stringify(filters))}`;

const RELEASES = ['20.10', '26.1', '28.5'] as const;
const old = (release: string): boolean => release === '20.10';

/** The keys of a network document in the release's order (observed). */
const keysOf = (release: string): string[] => [
  'Name',
  'Id',
  'Created',
  'Scope',
  'Driver',
  ...(release === '28.5' ? ['EnableIPv4'] : []),
  'EnableIPv6',
  'IPAM',
  'Internal',
  'Attachable',
  'Ingress',
  'ConfigFrom',
  'ConfigOnly',
  'Containers',
  'Options',
  'Labels',
];

t.test('the list holds none and host, in the release’s shape, at every API version', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 24, max: newestMinor(release) }), fc.boolean(), async (minor, slash) => {
        const reply = await send(socket, 'GET', `/v1.${minor}/networks${slash ? '/' : ''}`);
        t.equal(reply.status, 200);
        const networks = json(reply) as Network[];
        t.same(
          networks.map((n) => [n.Name, n['Driver'], n['Scope']]),
          [
            ['none', 'null', 'local'],
            ['host', 'host', 'local'],
          ],
        );
        for (const network of networks) {
          t.same(Object.keys(network), keysOf(release), `${release} key order`);
          t.match(network.Id, /^[0-9a-f]{64}$/);
          t.same(network['IPAM'], { Driver: 'default', Options: null, Config: old(release) ? [] : null });
          t.same(network.Containers, {});
        }
      }),
      { numRuns: 10 },
    );
  }
});

/** What each accepted filter keeps, as the releases answered (names in list order). */
const FILTER_CASES: readonly (readonly [unknown, readonly string[]])[] = [
  [{ name: ['none'] }, ['none']],
  [{ name: ['on'] }, ['none']],
  [{ name: ['os', 'no'] }, ['none', 'host']],
  [{ driver: ['host'] }, ['host']],
  [{ driver: ['ho'] }, []],
  [{ type: ['builtin'] }, ['none', 'host']],
  [{ type: ['custom'] }, []],
  [{ scope: ['local'] }, ['none', 'host']],
  [{ scope: ['swarm'] }, []],
  [{ label: ['a'] }, []],
  [{ dangling: ['true'] }, []],
  [{ dangling: ['false'] }, ['none', 'host']],
  [{ id: ['xyz'] }, []],
];

t.test('each filter keeps what the releases keep', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FILTER_CASES), async ([filters, names]) => {
        const reply = await list(socket, filtered(filters));
        t.equal(reply.status, 200, JSON.stringify(filters));
        t.same(
          (json(reply) as Network[]).map((n) => n.Name),
          names,
          `${release} ${JSON.stringify(filters)}`,
        );
      }),
      { numRuns: 30, examples: FILTER_CASES.map((row) => [row]) },
    );
    const [none] = json(await list(socket)) as Network[];
    t.same(
      (json(await list(socket, filtered({ id: [none!.Id.slice(0, 12)] }))) as Network[]).map((n) => n.Name),
      ['none'],
      'the id filter finds by prefix',
    );
  }
});

t.test('a bad filter is refused as each release refuses it', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    const refusals: readonly (readonly [string, number, string])[] = [
      [filtered({ type: ['bogus'] }), 500, "invalid filter: 'type'='bogus'"],
      [filtered({ dangling: ['x'] }), 400, `invalid value for filter 'dangling', must be "true" (or "1"), or "false" (or "0")`],
      [filtered({ bogus: ['x'] }), 400, `${old(release) ? 'Invalid' : 'invalid'} filter 'bogus'`],
      ['?filters=notjson', old(release) ? 500 : 400, old(release) ? "invalid character 'o' in literal null (expecting 'u')" : 'invalid filter'],
    ];
    for (const [query, status, message] of refusals) {
      const reply = await list(socket, query);
      t.equal(reply.status, status, `${release} ${query}`);
      t.same(json(reply), { message }, `${release} ${query}`);
    }
  }
});

t.test('inspect finds a network by name, ID and ID prefix; scope other than local and unknown names are 404', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    const networks = json(await list(socket)) as Network[];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...networks),
        fc.constantFrom('name', 'id', 'prefix'),
        fc.constantFrom('', '?verbose=1', '?scope=local', '?verbose=true&scope=local'),
        async (network, by, query) => {
          const term = by === 'name' ? network.Name : by === 'id' ? network.Id : network.Id.slice(0, 12);
          const reply = await send(socket, 'GET', `/networks/${term}${query}`);
          t.equal(reply.status, 200);
          t.same(json(reply), network, `${release} ${by} ${query}`);
        },
      ),
      { numRuns: 20 },
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('swarm', 'global', 'bogus'), fc.constantFrom('none', 'host'), async (scope, name) => {
        const reply = await send(socket, 'GET', `/networks/${name}?scope=${scope}`);
        t.equal(reply.status, 404);
        t.same(json(reply), { message: `network ${name} not found` });
      }),
      { numRuns: 6, examples: ['swarm', 'global', 'bogus'].flatMap((scope) => ['none', 'host'].map((name): [string, string] => [scope, name])) },
    );
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/), async (name) => {
        // A name that is an ID's prefix finds that network (moby looks up by name, ID, then ID prefix): not an unknown name.
        fc.pre(!networks.some((network) => network.Name === name || network.Id.startsWith(name)));
        const reply = await send(socket, 'GET', `/networks/${name}`);
        t.equal(reply.status, 404);
        t.same(json(reply), { message: `network ${name} not found` });
      }),
      { numRuns: 15 },
    );
  }
});

const create = async (socket: string, name: string, mode: string): Promise<string> => {
  const body = { Image: 'ctc-net/i:1', Cmd: ['/x'], HostConfig: { NetworkMode: mode } };
  const reply = await send(socket, 'POST', `/containers/create?name=${name}`, Buffer.from(JSON.stringify(body)), 'application/json');
  return (json(reply) as { Id: string }).Id;
};

t.test('a started container appears in its network’s Containers (inspect only), a created one does not', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    const layer = await tarball([{ type: 'file', name: 'x', content: Buffer.from('x\n') }]);
    t.equal((await send(socket, 'POST', '/images/create?fromSrc=-&repo=ctc-net/i&tag=1', layer)).status, 200);
    const ids = { none: await create(socket, 'c-none', 'none'), host: await create(socket, 'c-host', 'host') };
    for (const name of ['none', 'host'] as const) {
      t.same((json(await send(socket, 'GET', `/networks/${name}`)) as Network).Containers, {}, `${release}: created, not attached`);
    }
    for (const id of Object.values(ids)) t.equal((await send(socket, 'POST', `/containers/${id}/start`)).status, 204);
    for (const name of ['none', 'host'] as const) {
      const containers = (json(await send(socket, 'GET', `/networks/${name}`)) as Network).Containers;
      t.same(Object.keys(containers), [ids[name]], `${release}: ${name} holds its running container`);
      const entry = containers[ids[name]]!;
      t.same(Object.keys(entry), ['Name', 'EndpointID', 'MacAddress', 'IPv4Address', 'IPv6Address']);
      t.equal(entry['Name'], `c-${name}`);
      t.match(entry['EndpointID'], /^[0-9a-f]{64}$/);
      t.same([entry['MacAddress'], entry['IPv4Address'], entry['IPv6Address']], ['', '', '']);
    }
    for (const network of json(await list(socket)) as Network[]) t.same(network.Containers, {}, `${release}: the list shows no containers`);
    t.same(json(await list(socket, filtered({ dangling: ['true'] }))), [], 'built-in networks are never dangling');
  }
});
