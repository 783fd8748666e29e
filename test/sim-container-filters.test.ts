import fc from 'fast-check';
import t from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, simClient, statusAndNamedMessage } from './helpers/real-versus-sim.js';

/**
 * GET /containers/json's `filters`, `all` and `limit` (simulator/engine/containers/list-filters.ts)
 * over four containers made alike on both sides: created, running, stopped (143) and killed (137),
 * newest last. The table is what the releases answered with none of them; the property makes them
 * on each real release and on ctrd-sim emulating it, then compares the names listed, in order, or
 * the refusal.
 */

const list = (filters: unknown, all = true): string => `/containers/json?${all ? 'all=1&' : ''}filters=${encodeURIComponent(JSON.stringify(filters))}`;

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27 ('=': as the release before it).
const OBSERVED: Observed = [
  [
    { method: 'GET', path: list({ status: ['bogus'] }) },
    [400, "Invalid filter 'status=bogus'"],
    [400, "invalid filter 'status=bogus'"],
    [400, "invalid filter 'status=bogus': invalid value for state (bogus): must be one of created, running, paused, restarting, removing, exited, dead"],
  ],
  [
    { method: 'GET', path: list({ health: ['bogus'] }) },
    [400, 'Unrecognised filter value for health: bogus'],
    [400, 'unrecognized filter value for health: bogus'],
    [400, "invalid filter 'health=bogus': invalid value for health (bogus): must be one of none, starting, healthy, unhealthy"],
  ],
  [
    { method: 'GET', path: list({ exited: ['x'] }) },
    [500, 'strconv.Atoi: parsing "x": invalid syntax'],
    [400, `invalid filter 'exited=x': strconv.Atoi: parsing "x": invalid syntax`],
    '=',
  ],
  [{ method: 'GET', path: list({ 'is-task': ['x'] }) }, [400, "Invalid filter 'is-task=[x]'"], [400, "invalid filter 'is-task=[x]'"], '='],
  [{ method: 'GET', path: list({ 'is-task': [] }) }, [200, '[]'], [400, "invalid filter 'is-task'"], '='],
  [{ method: 'GET', path: list({ since: ['nosuch'] }) }, [500, 'no such container nosuch'], [404, 'No such container: nosuch'], '='],
  [{ method: 'GET', path: list({ bogus: ['x'], exited: ['x'] }) }, [400, "Invalid filter 'bogus'"], [400, "invalid filter 'bogus'"], '='],
  [
    { method: 'GET', path: list({ publish: ['70000'] }) },
    [500, 'error while looking up for publish 70000: strconv.ParseUint: parsing "70000": value out of range'],
    '=',
    '=',
  ],
  [
    { method: 'GET', path: list({ publish: ['bogus'], expose: ['bogus'] }) },
    [500, 'error while looking up for publish bogus: strconv.ParseUint: parsing "bogus": invalid syntax'],
    '=',
    '=',
  ],
  [
    { method: 'GET', path: '/containers/json?limit=x&filters=ctc' },
    [500, "invalid character 'c' looking for beginning of value"],
    [400, 'invalid filter'],
    '=',
  ],
  [
    { method: 'GET', path: `/containers/json?limit=x&filters=${encodeURIComponent('{"bogus":["x"]}')}` },
    [500, 'strconv.Atoi: parsing "x": invalid syntax'],
    '=',
    '=',
  ],
  [{ method: 'GET', path: list({ name: ['['], health: ['none'] }) }, [200, '[]'], '=', '='],
];

checkObserved('the container list refuses its query as each release did', 'ctc-ps-', OBSERVED);

const CONTAINERS = ['ctc-created', 'ctc-run', 'ctc-stop', 'ctc-kill'] as const;

/** Makes the four containers (oldest first) from an imported busybox image; their IDs, the image's and the none network's, as placeholders. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  const send = async (method: string, path: string, body?: string | Buffer, type = 'application/json'): Promise<string> => {
    const reply = await client.request(method, path, { headers: { 'Content-Type': type }, ...(body === undefined ? {} : { body }), timeoutMs: 30_000 });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.body}`);
    return reply.body;
  };
  await send('POST', '/images/create?fromSrc=-&repo=ctc-img&tag=1', await baseTarball(), 'application/x-tar');
  const values: Record<string, string> = {};
  const labels: Record<string, Record<string, string> | null> = {
    'ctc-created': { a: '1' },
    'ctc-run': { a: '2', b: '' },
    'ctc-stop': null,
    'ctc-kill': { c: 'x=y' },
  };
  for (const name of CONTAINERS) {
    const config = {
      Image: 'ctc-img:1',
      Cmd: ['/bin/busybox', 'sleep', '1000'],
      Labels: labels[name],
      ExposedPorts: name === 'ctc-run' ? { '80/tcp': {} } : undefined,
      HostConfig: { NetworkMode: 'none', Init: true },
    };
    values[`{${name}}`] = (JSON.parse(await send('POST', `/containers/create?name=${name}`, JSON.stringify(config))) as { Id: string }).Id;
  }
  for (const name of ['ctc-run', 'ctc-stop', 'ctc-kill']) await send('POST', `/containers/${name}/start`);
  await send('POST', '/containers/ctc-stop/stop?t=5');
  await send('POST', '/containers/ctc-kill/kill');
  // A kill returns before the container has stopped: the wait returns once it has.
  await send('POST', '/containers/ctc-kill/wait');
  values['{image}'] = (JSON.parse(await send('GET', '/images/ctc-img:1/json')) as { Id: string }).Id;
  values['{none}'] = (JSON.parse(await send('GET', '/networks/none')) as { Id: string }).Id;
  return values;
}

/** The names listed, in order, with their states; or the refusal, each side's IDs in it named by their placeholders. */
async function listed(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>> = {}): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, { timeoutMs: 10_000 });
  if (reply.status !== 200) return statusAndNamedMessage(client, ask, values);
  return (JSON.parse(reply.body) as { Names: string[]; State: string }[]).map((c) => `${c.Names.join(',')} ${c.State}`);
}

/**
 * A placeholder's prefix (0: the whole value), as `{name:length}` filled in on each side. A
 * container's ID is cut at 4 characters or more: a shorter prefix may name one container on one
 * side and two on the other (the IDs are random), which moby's lookup tells apart.
 */
const prefixOf = (lengths: readonly number[]) => (key: string) =>
  fc.tuple(fc.constantFrom(key), fc.constantFrom(0, ...lengths)).map(([k, n]) => (n === 0 ? `{${k}}` : `{${k}:${n}}`));
const idOf = prefixOf([4, 12]);
const shortIdOf = prefixOf([1, 4, 12]);

const VALUES: Readonly<Record<string, fc.Arbitrary<string>>> = {
  name: fc.constantFrom('ctc-run', 'run', '^/ctc-r', '^ctc', '[', '', 'CTC', '(?i)CTC-K', '/ctc-stop$', 'ctc-.*p', 'nosuch', '(?=x)'),
  id: fc.oneof(idOf('ctc-run'), idOf('ctc-created'), fc.constantFrom('zz', '', '.')),
  label: fc.constantFrom('a', 'a=1', 'a=3', 'b=', 'b', 'c=x=y', '=1', 'c'),
  status: fc.constantFrom('created', 'running', 'exited', 'paused', 'dead', 'restarting', 'removing', 'bogus', 'Running'),
  exited: fc.constantFrom('0', '137', '143', '-1', 'x', ' 1', '+143', '99999999999999999999'),
  before: fc.oneof(fc.constantFrom(...CONTAINERS, 'nosuch', '/ctc-stop', 'CTC-STOP'), idOf('ctc-stop')),
  since: fc.oneof(fc.constantFrom(...CONTAINERS, 'nosuch'), idOf('ctc-created')),
  'is-task': fc.constantFrom('true', 'false', '1', '0', 'x'),
  health: fc.constantFrom('none', 'starting', 'healthy', 'unhealthy', 'bogus'),
  ancestor: fc.oneof(fc.constantFrom('ctc-img:1', 'ctc-img', 'nosuch', 'docker.io/library/ctc-img:1'), shortIdOf('image')),
  network: fc.oneof(fc.constantFrom('none', 'host', 'bogus', ''), shortIdOf('none')),
  volume: fc.constantFrom('x', '/data'),
  isolation: fc.constantFrom('default', 'bogus'),
  publish: fc.constantFrom('80', '80/tcp', '80-90', '90-80', '70000', 'bogus', '80:80', '/udp', '-80', '80/udp'),
  expose: fc.constantFrom('80', '80/tcp', '79-81', '80/udp', '81', 'x-80', '65536'),
  bogus: fc.constantFrom('x'),
};

/** Keys whose values may be refused take one value at most: of two bad ones, Go's map order would choose which is named. */
const REFUSABLE = ['status', 'exited', 'before', 'since', 'is-task', 'health', 'publish', 'expose'];

const filters = fc
  .subarray(Object.keys(VALUES), { maxLength: 3 })
  .chain((keys) =>
    fc.tuple(
      ...keys.map((key) =>
        fc.array(VALUES[key]!, { minLength: 0, maxLength: REFUSABLE.includes(key) ? 1 : 2 }).map((values) => [key, [...new Set(values)]] as const),
      ),
    ),
  )
  .map((entries) => Object.fromEntries(entries));

const request: fc.Arbitrary<Ask> = fc
  .record({
    filters: fc.option(filters, { nil: undefined }),
    all: fc.constantFrom(undefined, '1', '0', 'x'),
    limit: fc.constantFrom(undefined, '1', '2', '0', '-1', 'x'),
    prefix: fc.constantFrom('', '/v1.41'),
  })
  .map(({ filters, all, limit, prefix }) => {
    const query = [
      all === undefined ? '' : `all=${all}`,
      limit === undefined ? '' : `limit=${limit}`,
      filters === undefined ? '' : `filters=${encodeURIComponent(JSON.stringify(filters))}`,
    ].filter((p) => p !== '');
    return { method: 'GET', path: `${prefix}/containers/json${query.length === 0 ? '' : `?${query.join('&')}`}` };
  });

/** `{name:n}` placeholders: the first n characters of `{name}`'s value. */
function withPrefixes(values: Record<string, string>): Record<string, string> {
  const out = { ...values };
  for (const [key, value] of Object.entries(values)) for (const n of [1, 4, 12]) out[`${key.slice(0, -1)}:${n}}`] = value.replace(/^sha256:/, '').slice(0, n);
  return out;
}

checkAgainstRealReleases('the container list with filters, all and limit', 'ctc-ps-', request, 250, {
  setup: async (client) => withPrefixes(await setup(client)),
  read: listed,
});

t.test('the setup makes the same containers on ctrd-sim as the real releases do', async (t) => {
  const client = await simClient(t, 'ctc-ps-', '28.5');
  await setup(client);
  t.same(await listed(client, { method: 'GET', path: '/containers/json?all=1' }), [
    '/ctc-kill exited',
    '/ctc-stop exited',
    '/ctc-run running',
    '/ctc-created created',
  ]);
});
