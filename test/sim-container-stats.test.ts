import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases, simClient } from './helpers/real-versus-sim.js';

/**
 * A container's stats while it runs nothing, and its inspect with sizes
 * (simulator/engine/containers/stats.ts, shape.ts): each observed release and ctrd-sim emulating it
 * get the same generated requests for a created container, one that ran and was killed, and one
 * that does not exist. A stream is read to its first document and dropped; the state then is
 * checked by a non-streamed read. Inspect's `size` flag in moby's boolean spellings.
 */

/** cc created, never started; ck started under an init, then killed. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  await sleeper(client, 'cc');
  await sleeper(client, 'ck');
  await sendOk(client, 'POST', '/containers/ck/start');
  await sendOk(client, 'POST', '/containers/ck/kill');
  // The kill is done when the container has exited.
  for (let i = 0; i < 50; i++) {
    const state = JSON.parse(await sendOk(client, 'GET', '/containers/ck/json')) as { State: { Running: boolean } };
    if (!state.State.Running) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {};
}

/** moby's BoolValue spellings, and absence. */
const flag = fc.constantFrom(undefined, '1', '0', 'true', 'false', 'TRUE', 'no', 'none', '', 'x', ' 1');
const version = fc.constantFrom('', '/v1.40', '/v1.41', '/v1.44');
const container = fc.constantFrom('cc', 'ck', 'ctc-missing');

const query = (entries: readonly (readonly [string, string | undefined])[]): string => {
  const set = entries.filter((entry): entry is readonly [string, string] => entry[1] !== undefined);
  return set.length === 0 ? '' : `?${set.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}`;
};

const stats: fc.Arbitrary<Ask> = fc.record({ version, container, stream: flag, oneShot: flag }).map(({ version, container, stream, oneShot }) => ({
  method: 'GET',
  path: `${version}/containers/${container}/stats${query([
    ['stream', stream],
    ['one-shot', oneShot],
  ])}`,
}));

const inspect: fc.Arbitrary<Ask> = fc
  .record({ version, container, size: flag })
  .map(({ version, container, size }) => ({ method: 'GET', path: `${version}/containers/${container}/json${query([['size', size]])}` }));

/** The IDs of an answer put as ID: each side's containers have their own. */
const masked = (text: string): string => text.replace(/[0-9a-f]{64}/g, 'ID');

/** Status, content type, framing and the first document (of a stream, the first line), then the stats of cc without a stream. */
async function readStats(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.stream(ask.method, ask.path, { timeoutMs: 5_000 });
  let first = '';
  try {
    for await (const chunk of reply.chunks()) {
      first += chunk.toString('utf8');
      if (first.includes('\n')) break;
    }
  } finally {
    reply.cancel();
  }
  const after = await client.request('GET', '/containers/cc/stats?stream=0', { timeoutMs: 5_000 });
  return [reply.status, reply.headers['content-type'] ?? null, reply.headers['transfer-encoding'] ?? null, masked(first), after.status];
}

/** Status and, of an inspect, the sizes and the fields around them (the rest is the inspect's own tests'). */
async function readInspect(client: HttpClient, ask: Ask): Promise<unknown> {
  const reply = await client.request(ask.method, ask.path, { timeoutMs: 5_000 });
  if (reply.status !== 200) return [reply.status, masked(reply.body)];
  const document = JSON.parse(reply.body) as Record<string, unknown>;
  const keys = Object.keys(document);
  return [reply.status, keys.slice(keys.indexOf('HostConfig'), keys.indexOf('Mounts') + 1), document['SizeRw'] ?? null, document['SizeRootFs'] ?? null];
}

checkAgainstObservedReleases('stats of containers that run nothing', 'ctc-stats-', stats, 40, { setup, read: readStats });
checkAgainstObservedReleases('inspect with sizes', 'ctc-inspect-size-', inspect, 30, { setup, read: readInspect });

/** Each document's arrival, in ms from the stream's head, and how the stream ended, while `then` runs after the second. */
async function watchStream(client: HttpClient, then: () => Promise<unknown>): Promise<{ arrivals: number[]; ended: string }> {
  const reply = await client.stream('GET', '/containers/cc/stats', { timeoutMs: 10_000 });
  const start = Date.now();
  const arrivals: number[] = [];
  try {
    for await (const chunk of reply.chunks()) {
      for (const _ of chunk.toString('utf8').matchAll(/\n/g)) arrivals.push(Date.now() - start);
      if (arrivals.length === 2) await then();
    }
    return { arrivals, ended: 'ended' };
  } catch (error) {
    return { arrivals, ended: (error as { code?: string }).code ?? String(error) };
  }
}

// Observed on 20.10.24, 26.1.5, 28.5.2 and 29.7.2: a document at once, the next a second later;
// a removal ends the stream (moby's StopCollection).
t.test('the stats stream of a container that runs nothing: a document a second, until it is removed or starts', async (t) => {
  const client = await simClient(t, 'ctc-stats-stream-', '29.7');
  await setup(client);
  const removed = await watchStream(client, () => sendOk(client, 'DELETE', '/containers/cc'));
  t.equal(removed.ended, 'ended', 'the stream ends as the container is removed');
  t.equal(removed.arrivals.length, 2, 'two documents before the removal');
  t.ok(removed.arrivals[0]! < 300, `the first at once (${removed.arrivals[0]} ms)`);
  t.ok(removed.arrivals[1]! - removed.arrivals[0]! >= 900, `the second a second later (${removed.arrivals.join(', ')} ms)`);
  await sleeper(client, 'cc');
  const started = await watchStream(client, () => sendOk(client, 'POST', '/containers/cc/start'));
  t.equal(started.ended, 'HTTP_CONNECTION', "a start drops the connection: the stats would be its process's");
});
