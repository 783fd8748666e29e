import fc from 'fast-check';
import t from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { type Ask, checkAgainstRealReleases, simClient, statusAndNamedMessage } from './helpers/real-versus-sim.js';

/**
 * POST /containers/{name}/rename (simulator/engine/containers/rename.ts) against each real
 * release: two containers made alike on both sides, then generated renames (by name, by the first
 * container's ID, to free, taken, invalid, empty or the same names) and lists, in the same order on
 * both sides, so that both keep the same names; each answer compared, a list by its names.
 */

async function setup(client: HttpClient): Promise<Record<string, string>> {
  const send = async (method: string, path: string, body: string | Buffer, type: string): Promise<string> => {
    const reply = await client.request(method, path, { headers: { 'Content-Type': type }, body, timeoutMs: 30_000 });
    if (reply.status >= 300) throw new Error(`${method} ${path}: ${reply.status} ${reply.body}`);
    return reply.body;
  };
  await send('POST', '/images/create?fromSrc=-&repo=ctc-img&tag=1', await baseTarball(), 'application/x-tar');
  const ids: Record<string, string> = {};
  for (const name of ['ctc-a', 'ctc-b']) {
    const config = JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } });
    ids[name] = (JSON.parse(await send('POST', `/containers/create?name=${name}`, config, 'application/json')) as { Id: string }).Id;
  }
  return { '{first}': ids['ctc-a']!, '{first:12}': ids['ctc-a']!.slice(0, 12) };
}

/** A rename's or an inspect's status and message (the sides' IDs named by their placeholders, a full ID as `{id}`), or the names a list gives. */
async function answer(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>> = {}): Promise<unknown> {
  if (ask.method === 'GET' && ask.path.startsWith('/containers/json')) {
    const reply = await client.request('GET', ask.path, { timeoutMs: 10_000 });
    return [reply.status, (JSON.parse(reply.body) as { Names: string[] }[]).map((c) => c.Names.join(','))];
  }
  const [status, message] = await statusAndNamedMessage(client, ask, values);
  // A conflict names the holder of the name by its ID, which each side drew: the name tells it already.
  return [status, message.replace(/\b[0-9a-f]{64}\b/g, '{id}')];
}

const NAMES = ['ctc-a', 'ctc-b', 'ctc-c', '/ctc-c', 'ctc-c.1_x', 'x', 'a b', '-x', '', 'nosuch'];
const target = fc.constantFrom('ctc-a', 'ctc-b', 'ctc-c', 'ctc-c.1_x', 'nosuch', '{first}', '{first:12}');

const request: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({ target, name: fc.option(fc.constantFrom(...NAMES), { nil: undefined }), prefix: fc.constantFrom('', '/v1.24', '/v1.41') })
      .map(({ target, name, prefix }) => ({
        method: 'POST',
        path: `${prefix}/containers/${target}/rename${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
      })),
  },
  { weight: 1, arbitrary: fc.constant({ method: 'GET', path: '/containers/json?all=1' }) },
  { weight: 1, arbitrary: target.map((name) => ({ method: 'GET', path: `/containers/${name}/json?size=0` })) },
);

/** An inspect answers its container's whole document: only the name is compared. */
async function read(client: HttpClient, ask: Ask, values: Readonly<Record<string, string>>): Promise<unknown> {
  if (ask.method === 'GET' && /\/containers\/[^/]+\/json/.test(ask.path)) {
    const reply = await client.request('GET', ask.path, { timeoutMs: 10_000 });
    return reply.status === 200 ? [200, (JSON.parse(reply.body) as { Name: string }).Name] : answer(client, ask, values);
  }
  return answer(client, ask, values);
}

checkAgainstRealReleases('renames and the names they leave', 'ctc-rename-', request, 150, { setup, read });

t.test('a rename on ctrd-sim: the new name answers, the old one does not, and the event says both', async (t) => {
  const client = await simClient(t, 'ctc-rename-', '28.5');
  await setup(client);
  t.equal((await client.request('POST', '/containers/ctc-a/rename?name=/ctc-z')).status, 204, 'renamed');
  t.same(await read(client, { method: 'GET', path: '/containers/ctc-z/json' }, {}), [200, '/ctc-z']);
  t.same(await read(client, { method: 'GET', path: '/containers/ctc-a/json' }, {}), [404, 'No such container: ctc-a']);
  const events = await client.request('GET', `/events?since=0&until=${Math.ceil(Date.now() / 1000) + 1}&filters=${encodeURIComponent('{"event":["rename"]}')}`);
  const renamed = events.body
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { Actor: { Attributes: Record<string, string> } }).Actor.Attributes);
  t.same(
    renamed.map((a) => [a['name'], a['oldName']]),
    [['ctc-z', '/ctc-a']],
    'one rename event: the new name, and the old one with its "/"',
  );
});
