import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import t, { type Test } from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { HttpClient } from '../suites/http/client.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { inCI, realDaemons, testOnInstalled } from './helpers/real-daemons.js';
import { simClient } from './helpers/real-versus-sim.js';

/**
 * GET /events's filters (simulator/engine/events/filter.ts) as moby's events.Filter reads them: the
 * same objects made on a real dockerd and on ctrd-sim emulating its release (an imported image and
 * a second tag, a labelled volume, a config-only network, two labelled containers, then a
 * container, a tag and the volume removed), then generated filters (every key moby knows and some
 * it does not; names, ID prefixes, familiar and tagged references, actions, types, labels) asked of
 * the recorded events of both. The events must be the same, IDs and times aside.
 */

const REQUEST_MS = 60_000;

/** What the set-up made, by the names the comparison uses for them. */
type Made = Readonly<Record<'image' | 'c1' | 'c2' | 'net', string>>;

async function call(client: HttpClient, method: string, path: string, body?: unknown, type = 'application/json'): Promise<string> {
  const reply = await client.request(method, path, {
    ...(body === undefined ? {} : { headers: { 'Content-Type': type }, body: Buffer.isBuffer(body) ? body : JSON.stringify(body) }),
    timeoutMs: REQUEST_MS,
  });
  const text = Buffer.isBuffer(reply.body) ? reply.body.toString('utf8') : reply.body;
  if (reply.status >= 300) throw new Error(`${method} ${path} answered ${reply.status}: ${text.slice(0, 500)}`);
  return text;
}

/** The same objects on either daemon, in the same order; what they are called there. */
async function setUp(client: HttpClient): Promise<Made> {
  await call(client, 'POST', '/v1.41/images/create?fromSrc=-&repo=ctc-ev/base&tag=1', await baseTarball(), 'application/x-tar');
  const image = (JSON.parse(await call(client, 'GET', '/v1.41/images/ctc-ev/base:1/json')) as { Id: string }).Id;
  await call(client, 'POST', '/v1.41/images/ctc-ev/base:1/tag?repo=ctc-ev/other&tag=2');
  await call(client, 'POST', '/v1.41/volumes/create', { Name: 'ctc-ev-vol', Labels: { la: 'b' } });
  const net = (
    JSON.parse(await call(client, 'POST', '/v1.41/networks/create', { Name: 'ctc-ev-net', ConfigOnly: true, Labels: { la: 'c' } })) as { Id: string }
  ).Id;
  const create = async (name: string, labels: Record<string, string>): Promise<string> =>
    (
      JSON.parse(
        await call(client, 'POST', `/v1.41/containers/create?name=${name}`, {
          Image: 'ctc-ev/base:1',
          Cmd: ['x'],
          Labels: labels,
          HostConfig: { NetworkMode: 'none' },
        }),
      ) as { Id: string }
    ).Id;
  const c1 = await create('ctc-ev-c1', { la: 'b', k: 'v' });
  const c2 = await create('ctc-ev-c2', { k: 'w' });
  await call(client, 'DELETE', '/v1.41/containers/ctc-ev-c2');
  await call(client, 'DELETE', '/v1.41/images/ctc-ev/other:2');
  await call(client, 'DELETE', '/v1.41/volumes/ctc-ev-vol');
  return { image, c1, c2, net };
}

/** A filter value: a text as it is, or a prefix of one of the IDs the set-up made (resolved on each daemon). */
type Value = { readonly text: string } | { readonly idOf: keyof Made; readonly length: number };

const resolve = (value: Value, made: Made): string => ('text' in value ? value.text : made[value.idOf].slice(0, value.length));

const KEYS = [
  'type',
  'event',
  'container',
  'image',
  'volume',
  'network',
  'label',
  'scope',
  'daemon',
  'plugin',
  'node',
  'service',
  'secret',
  'config',
  'ctc-unknown',
];
const TEXTS = [
  ...['container', 'image', 'volume', 'network', 'daemon', 'plugin'],
  ...['create', 'destroy', 'tag', 'untag', 'import', 'health_status', 'exec_start', 'cre'],
  ...['local', 'swarm'],
  ...[
    'ctc-ev-c1',
    'ctc-ev-c2',
    'ctc-ev',
    'ctc-ev-vol',
    'ctc-ev-net',
    'ctc',
    'ctc-ev/base',
    'ctc-ev/base:1',
    'ctc-ev/other:2',
    'ctc-ev/other',
    'docker.io/ctc-ev/base',
  ],
  // No text is all hex digits: one would begin some random IDs and not others, on either daemon.
  ...['la', 'la=b', 'la=c', 'k', 'k=v', 'k=w', 'x', ''],
  ...['sha256', 'bridge', 'null'],
];
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...TEXTS).map((text) => ({ text })) },
  { weight: 1, arbitrary: fc.record({ idOf: fc.constantFrom<keyof Made>('image', 'c1', 'c2', 'net'), length: fc.constantFrom(3, 12, 19, 64, 71) }) },
);
/** Filters: one to three keys, each with one or two values, now and then one set to false. */
const filters = fc.dictionary(
  fc.constantFrom(...KEYS),
  fc.array(
    fc.tuple(
      value,
      fc.integer({ min: 0, max: 9 }).map((n) => n !== 0),
    ),
    { minLength: 1, maxLength: 2 },
  ),
  {
    minKeys: 1,
    maxKeys: 3,
  },
);

/** A stream's text, IDs named by what the set-up made and times left out, the bytes otherwise as they came. */
function rawNormalized(body: string, made: Made): string {
  let text = body;
  for (const [name, id] of Object.entries(made).sort((a, b) => b[1].length - a[1].length)) text = text.split(id).join(`<${name}>`);
  return text.replace(/"time":\d+/g, '"time":<t>').replace(/"timeNano":\d+/g, '"timeNano":<t>');
}

/** Accept headers a client may send, and none: the 29.x releases choose the stream's media type by them. */
const ACCEPTS = [
  undefined,
  'application/json-seq',
  'application/x-ndjson',
  '*/*',
  'application/*',
  'application/jsonl;q=0.5, application/x-ndjson',
  'application/json; charset=utf-8, application/jsonl',
  'application/json-seq;q=0, application/jsonl;q=0.1',
  'text/html',
];

/** The events of a stream, IDs named by what the set-up made and times left out. */
function normalized(body: string, made: Made): unknown[] {
  let text = body;
  for (const [name, id] of Object.entries(made).sort((a, b) => b[1].length - a[1].length)) text = text.split(id).join(`<${name}>`);
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const { time: _time, timeNano: _timeNano, ...rest } = JSON.parse(line) as Record<string, unknown>;
      return rest;
    });
}

async function compareOn(t: Test, release: string, path: string): Promise<void> {
  const started = await new SpawnedDaemonTarget({ spec: `daemon:${path}`, command: [path] }).start();
  if (!started.ok) throw new Error(`dockerd ${release} did not start: ${started.output}`);
  const real = new HttpClient(started.instance.endpoint);
  t.teardown(async () => {
    real.close();
    await started.instance.stop();
  });
  const sim = await simClient(t, 'ctc-evf-', release);
  const madeReal = await setUp(real);
  const madeSim = await setUp(sim);
  // Every event made is recorded before `until`, which is past by the time it is asked: the stream ends at once.
  const until = (Date.now() / 1000 + 0.5).toFixed(3);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const eventsOf = async (client: HttpClient, made: Made, query: Record<string, Record<string, boolean>> | null): Promise<unknown[]> => {
    const filter = query === null ? '' : `&filters=${encodeURIComponent(JSON.stringify(query))}`;
    return normalized(await call(client, 'GET', `/v1.41/events?since=0&until=${until}${filter}`), made);
  };
  const all = await eventsOf(real, madeReal, null);
  // The set-up's nine events at least (import, tag, volume create, network create, two container creates, destroy, untag, volume destroy): filters have something to choose from.
  t.ok(all.length >= 9, `${release}: the set-up made ${all.length} events`);
  t.same(await eventsOf(sim, madeSim, null), all, `${release}: the set-up's events, unfiltered`);
  for (const version of ['1.41', '1.46', '1.52']) {
    for (const accept of ACCEPTS) {
      const ask = async (client: HttpClient, made: Made): Promise<[number, string, string]> => {
        const reply = await client.request('GET', `/v${version}/events?since=0&until=${until}`, {
          ...(accept === undefined ? {} : { headers: { Accept: accept } }),
          timeoutMs: REQUEST_MS,
        });
        const text = Buffer.isBuffer(reply.body) ? reply.body.toString('utf8') : reply.body;
        return [reply.status, String(reply.headers['content-type']), rawNormalized(text, made)];
      };
      t.same(
        await ask(sim, madeSim),
        await ask(real, madeReal),
        `${release}: the stream's status, media type and bytes at API ${version}, Accept ${accept ?? 'none'}`,
      );
    }
  }
  await fc.assert(
    fc.asyncProperty(filters, async (asked) => {
      const on = (made: Made): Record<string, Record<string, boolean>> =>
        Object.fromEntries(Object.entries(asked).map(([key, values]) => [key, Object.fromEntries(values.map(([v, set]) => [resolve(v, made), set]))]));
      const [fromReal, fromSim] = [await eventsOf(real, madeReal, on(madeReal)), await eventsOf(sim, madeSim, on(madeSim))];
      if (!isDeepStrictEqual(fromSim, fromReal))
        throw new Error(`filters ${JSON.stringify(on(madeSim))}:\n  dockerd ${release}: ${JSON.stringify(fromReal)}\n  ctrd-sim: ${JSON.stringify(fromSim)}`);
    }),
    { numRuns: 80 },
  );
}

const listed = realDaemons();
const releases = [...new Set([...listed.daemons.map((d) => d.release), '29.7'])];
for (const release of releases) {
  testOnInstalled(release, `GET /events with filters: ctrd-sim --emulate ${release} sends what dockerd ${release} sends`, async (t, daemon) => {
    t.setTimeout(600_000);
    await compareOn(t, release, daemon.path);
  });
}
if (listed.daemons.length === 0) {
  if (inCI()) t.fail(`real daemons are required in CI: ${listed.missing}`);
  else t.test('the listed real daemons', { skip: `none listed: ${listed.missing}` }, async () => {});
}
