import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, askText, checkAgainstRealReleases, simClient, statusAndMessage } from './helpers/real-versus-sim.js';

/**
 * Pause and unpause (simulator/engine/containers/pause.ts) and what a paused container does to the
 * other routes: start refused, a stop or restart thaws it to take its signal (the unpause event
 * after the kill), SIGKILL ends it frozen, a remove without force refused in each release's words
 * (as for a running container: 20.10 names its ID, 26.1 its name, 28.5 the name the request gave).
 * The table is what 20.10.24, 26.1.5 and 28.5.2 answered (2026-11-27); the property sends generated
 * pauses, unpauses, starts, stops, kills, restarts and removes to alike-made containers on each real
 * release and on ctrd-sim emulating it, and compares the answers and the states after them.
 */

const CONTAINERS = ['ctc-p1', 'ctc-p2', 'ctc-p3'] as const;

/** Three sleeping busybox containers alike on both sides: the first running, the second paused, the third created. */
async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  const ids: Record<string, string> = {};
  for (const name of CONTAINERS) ids[name] = await sleeper(client, name);
  await sendOk(client, 'POST', '/containers/ctc-p1/start');
  await sendOk(client, 'POST', '/containers/ctc-p2/start');
  await sendOk(client, 'POST', '/containers/ctc-p2/pause');
  return ids;
}

const named = (message: string): string => message.replace(/\b[0-9a-f]{64}\b/g, '<id>');

/** The answer (IDs as one placeholder), then the container's state once it has settled. */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const [status, message] = await statusAndMessage(client, ask);
  const name = /\/containers\/([^/?]+)/.exec(ask.path)?.[1] ?? '';
  if (/\/kill/.test(ask.path) && status === 204) await client.request('POST', `/containers/${name}/wait`, { timeoutMs: 20_000 });
  const inspect = await client.request('GET', `/containers/${name}/json`, { timeoutMs: 10_000 });
  if (inspect.status !== 200) return [status, named(message), inspect.status];
  const { State } = JSON.parse(inspect.body) as { State: { Status: string; Running: boolean; Paused: boolean; ExitCode: number } };
  return [status, named(message), State.Status, State.Running, State.Paused, State.ExitCode];
}

const request: fc.Arbitrary<Ask> = fc
  .tuple(
    fc.oneof(
      {
        weight: 12,
        arbitrary: fc.constantFrom('pause', 'pause', 'unpause', 'unpause', 'start', 'start', 'stop?t=10', 'kill', 'kill?signal=TERM', 'restart?t=10'),
      },
      // A remove that succeeds takes its container from the rest of the run: rare.
      { weight: 1, arbitrary: fc.constant('remove') },
    ),
    fc.constantFrom(...CONTAINERS, 'nosuch'),
    fc.constantFrom('', '/v1.41'),
  )
  .map(
    ([op, name, prefix]): Ask =>
      op === 'remove' ? { method: 'DELETE', path: `${prefix}/containers/${name}` } : { method: 'POST', path: `${prefix}/containers/${name}/${op}` },
  );

checkAgainstRealReleases('pauses, unpauses and what a paused container refuses', 'ctc-pause-', request, 60, { setup, read });

// Observed on 20.10.24, 26.1.5 and 28.5.2 (2026-11-27), ctc-p1 running, ctc-p2 paused, ctc-p3 created.
const OBSERVED = {
  '20.10': [
    [409, 'Container <id> is not running'],
    [500, 'Container <id> is not paused'],
    [409, 'Container <id> is already paused'],
    [409, 'cannot start a paused container, try unpause instead'],
    [409, 'You cannot remove a paused container <id>. Unpause and then stop the container before attempting removal or force remove'],
    [409, 'You cannot remove a running container <id>. Stop the container before attempting removal or force remove'],
    [404, 'No such container: nosuch'],
  ],
  '26.1': [
    [409, 'container <id> is not running'],
    [500, 'Container <id> is not paused'],
    [409, 'Container <id> is already paused'],
    [409, 'cannot start a paused container, try unpause instead'],
    [409, 'cannot remove container "/ctc-p2": container is paused and must be unpaused first'],
    [409, 'cannot remove container "/ctc-p1": container is running: stop the container before removing or force remove'],
    [404, 'No such container: nosuch'],
  ],
  '28.5': [
    [409, 'container <id> is not running'],
    [500, 'Container <id> is not paused'],
    [409, 'Container <id> is already paused'],
    [409, 'cannot start a paused container, try unpause instead'],
    [409, 'cannot remove container "ctc-p2": container is paused and must be unpaused first'],
    [409, 'cannot remove container "ctc-p1": container is running: stop the container before removing or force remove'],
    [404, 'No such container: nosuch'],
  ],
} as const;
const ASKS: readonly Ask[] = [
  { method: 'POST', path: '/containers/ctc-p3/pause' },
  { method: 'POST', path: '/containers/ctc-p1/unpause' },
  { method: 'POST', path: '/containers/ctc-p2/pause' },
  { method: 'POST', path: '/containers/ctc-p2/start' },
  { method: 'DELETE', path: '/containers/ctc-p2' },
  { method: 'DELETE', path: '/containers/ctc-p1' },
  { method: 'POST', path: '/containers/nosuch/pause' },
];

t.test("the refusals of pause, unpause, start and remove in each release's words", async (t) => {
  for (const release of ['20.10', '26.1', '28.5'] as const) {
    const client = await simClient(t, 'ctc-pause-', release);
    await setup(client);
    for (const [i, ask] of ASKS.entries()) {
      const [status, message] = await statusAndMessage(client, ask);
      t.same([status, named(message)], OBSERVED[release][i], `${release}: ${askText(ask)}`);
    }
  }
});
