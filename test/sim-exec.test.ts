import fc from 'fast-check';
import t from 'tap';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox, sendOk, sleeper } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstObservedReleases, json, simClient } from './helpers/real-versus-sim.js';

/**
 * Exec instances of containers that run nothing here (simulator/engine/exec/routes.ts): each
 * observed release and ctrd-sim emulating it get the same generated creates (commands, users by
 * name and number, detach keys, flags) for a running, a paused, a created and a missing container,
 * inspects of what they made, starts of what does not exist, and restarts that end a container's
 * execs. After each, the
 * answer (IDs put as ID), the inspect of the exec a create made, and the container's ExecIDs. A
 * start of an exec that exists runs a process on the releases and is not sent.
 */

const CONTAINERS = ['er', 'ep', 'ec', 'ctc-missing'] as const;

async function setup(client: HttpClient): Promise<Record<string, string>> {
  await importBusybox(client);
  await sleeper(client, 'er', { User: '0' });
  await sendOk(client, 'POST', '/containers/er/start');
  await sleeper(client, 'ep');
  await sendOk(client, 'POST', '/containers/ep/start');
  await sendOk(client, 'POST', '/containers/ep/pause');
  await sleeper(client, 'ec');
  return {};
}

const optional = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { nil: undefined });

const create: fc.Arbitrary<Ask> = fc
  .record({
    container: fc.constantFrom(...CONTAINERS),
    Cmd: optional(fc.constantFrom([], ['true'], ['echo', 'hi there'], ['sh', '-c', 'exit 3'])),
    User: optional(fc.constantFrom('', '0', '1000', '1000:1000', '0:0', 'root', 'nobody', 'x:1', '0:staff', '-1', '99999999999999999999')),
    DetachKeys: optional(fc.constantFrom('', 'ctrl-a', 'ctrl-p,ctrl-q', 'a,b', 'bad keys', 'ctrl-A')),
    Tty: optional(fc.boolean()),
    AttachStdin: optional(fc.boolean()),
    AttachStdout: optional(fc.boolean()),
    Privileged: optional(fc.boolean()),
  })
  .map(({ container, ...body }) => ({ method: 'POST', path: `/containers/${container}/exec`, ...json(JSON.stringify(body)) }));

/** What a request names as the last exec made: the side puts its own ID in. */
const LAST = '{last-exec}';

const requests: fc.Arbitrary<Ask> = fc.oneof(
  { weight: 4, arbitrary: create },
  { weight: 1, arbitrary: fc.constantFrom<Ask>({ method: 'GET', path: `/exec/${LAST}/json` }, { method: 'GET', path: '/exec/ctc-no-such-exec/json' }) },
  // A start of an exec that exists runs its process on the releases (ctrd-sim answers 501): only one that does not is sent.
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'POST', path: '/exec/ctc-no-such-exec/start', ...json('{"Detach":true}') }) },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'POST', path: '/containers/er/restart?t=1' }) },
);

const lastExec = new WeakMap<HttpClient, string>();
const masked = (text: string): string => text.replace(/[0-9a-f]{64}/g, 'ID');

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const path = ask.path.replace(LAST, lastExec.get(client) ?? 'none-made');
  const reply = await client.request(ask.method, path, {
    headers: ask.type === undefined ? {} : { 'Content-Type': ask.type },
    ...(ask.body === undefined ? {} : { body: ask.body }),
    timeoutMs: 20_000,
  });
  let made: unknown = null;
  if (reply.status === 201) {
    const id = (JSON.parse(reply.body) as { Id: string }).Id;
    lastExec.set(client, id);
    made = JSON.parse(masked((await client.request('GET', `/exec/${id}/json`, { timeoutMs: 10_000 })).body));
  }
  const inspect = JSON.parse((await client.request('GET', '/containers/er/json', { timeoutMs: 10_000 })).body) as { ExecIDs: string[] | null };
  return [reply.status, masked(reply.body), made, inspect.ExecIDs?.length ?? null];
}

checkAgainstObservedReleases('exec instances of containers that run nothing', 'ctc-exec-', requests, 40, { setup, read });

t.test('a resize of an exec that never started waits 10 s for it, then 500', async (t) => {
  const client = await simClient(t, 'ctc-exec-resize-', '29.7');
  await setup(client);
  const id = (JSON.parse(await sendOk(client, 'POST', '/containers/er/exec', JSON.stringify({ Cmd: ['true'] }))) as { Id: string }).Id;
  const started = Date.now();
  const reply = await client.request('POST', `/exec/${id}/resize?h=10&w=10`, { timeoutMs: 20_000 });
  const waited = Date.now() - started;
  t.equal(reply.status, 500);
  t.match(reply.body, /timeout waiting for exec session ready/);
  t.ok(waited >= 9_900 && waited < 15_000, `it waited ${waited} ms`);
});
