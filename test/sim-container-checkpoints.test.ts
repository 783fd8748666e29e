import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * The checkpoint routes of a daemon started with --experimental
 * (simulator/engine/containers/checkpoints.ts): generated lists, creates and deletes of
 * checkpoints of a container never started, of a missing one, with bodies of every JSON shape and
 * Content-Type, sent to each observed release and to ctrd-sim emulating it, both started with
 * --experimental. A `dir` query (a directory of the host's) is not sent: ctrd-sim answers it 501.
 */

const CREATED = 'ctc-ck';

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  await sendOk(
    client,
    'POST',
    `/containers/create?name=${CREATED}`,
    JSON.stringify({ Image: 'ctc-img:1', Cmd: ['/bin/busybox', 'true'], HostConfig: { NetworkMode: 'none' } }),
  );
  // Without --experimental every request would be the same 501 on both sides: the comparison would compare nothing.
  const listed = await client.request('GET', `/containers/${CREATED}/checkpoints`, { timeoutMs: 10_000 });
  if (listed.status !== 200) throw new Error(`the daemon does not serve checkpoints (is it started with --experimental?): ${listed.status} ${listed.body}`);
  return {};
}

const container = fc.constantFrom(CREATED, CREATED, 'ctc-nope');
const query = fc.constantFrom('', '', '?x=1', '?x=%zz');
const BODIES = [
  undefined,
  '',
  ' ',
  '{}',
  'null',
  'x',
  '[]',
  '{"CheckpointID":"cp1"}',
  '{"checkpointid":"a b","CheckpointDir":"/tmp/ctc-none","Exit":true}',
  '{"CheckpointID":5}',
  '{"Exit":"yes"}',
  '{"CheckpointID":"cp1"} trailing',
  '{"CheckpointID":"cp1"',
];

const requests: fc.Arbitrary<Ask> = fc.oneof(
  fc.tuple(container, query).map(([name, q]) => ({ method: 'GET', path: `/containers/${name}/checkpoints${q}` })),
  fc
    .tuple(container, query, fc.constantFrom(...BODIES), fc.constantFrom('application/json', 'application/json', 'text/plain', ''))
    .map(([name, q, body, type]) => ({
      method: 'POST',
      path: `/containers/${name}/checkpoints${q}`,
      ...(body === undefined ? {} : { body, ...(type === '' ? {} : { type }) }),
    })),
  fc
    .tuple(container, fc.constantFrom('cp1', 'a%20b', '-x', 'cp1.', '%2E'), query)
    .map(([name, id, q]) => ({ method: 'DELETE', path: `/containers/${name}/checkpoints/${id}${q}` })),
);

/** The status and message, with container IDs as a word (each side made its own). */
async function read(client: HttpClient, ask: Ask): Promise<[number, string]> {
  const [status, message] = await statusAndMessage(client, ask);
  return [status, message.replace(/\b[0-9a-f]{64}\b/g, '<id>')];
}

checkAgainstObservedReleases('checkpoints of containers never started (--experimental)', 'ctc-ckpt-', requests, 60, {
  setup,
  read,
  daemonArgs: ['--experimental'],
});
