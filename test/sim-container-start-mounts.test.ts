import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, assertRunsAlike, json, sendAsk, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * What a container's mounts do as it starts and ends (simulator/engine/containers/start-mounts.ts):
 * runs of generated creates (anonymous and named volumes, one inside another or inside a bind,
 * binds of a host directory, of a host file and of a host path still missing, a tmpfs; a user the image lacks, a
 * network mode of a container; each under an init), starts, kills, restarts and stops, sent to each observed release and
 * to ctrd-sim emulating it, in a private network namespace. Compared: each answer, the container's
 * state and mounts, its changes (the mount points runc makes), whether a missing bind source and a
 * mount point inside a bind now exist on the host, and the run's container, network and volume events (the mount and unmount
 * events of one container, which the releases give in Go's map order, sorted within each stretch).
 * Each side binds its own host directory, so neither sees what the other made.
 */

const CONTAINERS = ['ctc-sm-a', 'ctc-sm-b'];
const VOLUMES = ['ctcsm1', 'ctcsm2'];
/** The host directory a side's binds name: `<host>` in the generated requests. */
const HOST = { real: '/tmp/ctc-sm-real', sim: '/tmp/ctc-sm-sim' } as const;

/** Binds (and a Mounts bind) with the destination each takes. */
const BINDS = [
  ['/data', 'ctcsm1:/data'],
  ['/data/in', 'ctcsm2:/data/in:ro'],
  ['/etc', 'ctcsm2:/etc'],
  ['/mnt/d', '<host>/dir:/mnt/d'],
  ['/etc/f2', '<host>/file:/etc/f2:ro'],
  ['/mnt/q/r', '<host>/missing/y:/mnt/q/r'],
] as const;
const ANONYMOUS = ['/data', '/v1/v2', '/etc/sub', '/bin', '/data/x', '/mnt/d/v'];

const createBody = fc
  .record({
    binds: fc.uniqueArray(fc.constantFrom(...BINDS), { maxLength: 3, selector: ([destination]) => destination }),
    volumes: fc.uniqueArray(fc.constantFrom(...ANONYMOUS), { maxLength: 2 }),
    tmpfs: fc.boolean(),
    user: fc.constantFrom('', '', '', 'ctcnosuch'),
    networkMode: fc.constantFrom('none', 'none', 'none', 'container:ctc-sm-a'),
  })
  .map(({ binds, volumes, tmpfs, user, networkMode }) => ({
    Image: 'ctc-img:1',
    Cmd: ['/bin/busybox', 'sleep', '1000'],
    ...(user === '' ? {} : { User: user }),
    ...(volumes.length === 0 ? {} : { Volumes: Object.fromEntries(volumes.map((destination) => [destination, {}])) }),
    HostConfig: {
      NetworkMode: networkMode,
      // Under an init the command dies of a stop's SIGTERM; alone as PID 1 it would ignore it.
      Init: true,
      ...(binds.length === 0 ? {} : { Binds: binds.map(([, bind]) => bind) }),
      ...(tmpfs ? { Mounts: [{ Type: 'tmpfs', Target: '/run/t' }] } : {}),
    },
  }));

const container = fc.constantFrom(...CONTAINERS);
const step: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(container, createBody)
      .map(([name, body]) => ({ method: 'POST', path: `/containers/create?name=${name}`, ...json(JSON.stringify(body)) })),
  },
  { weight: 4, arbitrary: container.map((name): Ask => ({ method: 'POST', path: `/containers/${name}/start` })) },
  {
    weight: 3,
    arbitrary: fc
      // A wait of 0 s races the SIGKILL against the init's exit on the real daemon (a second kill event or not); 5 s lets the SIGTERM end it.
      .tuple(container, fc.constantFrom('kill', 'restart?t=5', 'stop?t=5'))
      .map(([name, action]): Ask => ({ method: 'POST', path: `/containers/${name}/${action}` })),
  },
  { weight: 2, arbitrary: container.map((name): Ask => ({ method: 'GET', path: `/containers/${name}/changes` })) },
  { weight: 1, arbitrary: container.map((name): Ask => ({ method: 'GET', path: `/containers/${name}/json` })) },
);
/** A run: its steps, then each container's changes, whether the missing source was made, and the run's events. */
const runs = fc
  .array(step, { minLength: 2, maxLength: 7 })
  .map((steps): Ask[] => [
    ...steps,
    ...CONTAINERS.map((name): Ask => ({ method: 'GET', path: `/containers/${name}/changes` })),
    { method: 'GET', path: '<host>/missing/y' },
    { method: 'GET', path: '<host>/dir/v' },
    { method: 'GET', path: '/events' },
  ]);

/** A run sure to exercise each part: a missing source made, mount points (one inside a bind), mount and unmount events. */
const EXERCISING_RUN: Ask[] = [
  {
    method: 'POST',
    path: '/containers/create?name=ctc-sm-a',
    ...json(
      JSON.stringify({
        Image: 'ctc-img:1',
        Cmd: ['/bin/busybox', 'sleep', '1000'],
        Volumes: { '/v1/v2': {}, '/mnt/d/v': {} },
        HostConfig: {
          NetworkMode: 'none',
          Init: true,
          Binds: ['ctcsm1:/data', '<host>/missing/y:/mnt/q/r', '<host>/dir:/mnt/d'],
          Mounts: [{ Type: 'tmpfs', Target: '/run/t' }],
        },
      }),
    ),
  },
  { method: 'POST', path: '/containers/ctc-sm-a/start' },
  { method: 'POST', path: '/containers/ctc-sm-a/kill' },
  ...CONTAINERS.map((name): Ask => ({ method: 'GET', path: `/containers/${name}/changes` })),
  { method: 'GET', path: '<host>/missing/y' },
  { method: 'GET', path: '<host>/dir/v' },
  { method: 'GET', path: '/events' },
];

type Side = { readonly host: string; since: string };
/** What the real side's runs exercised: volume mount and unmount events, mount points made, missing sources made. */
const seen = { mounts: 0, unmounts: 0, mountPoints: 0, sourcesMade: 0 };
const sides = new Map<HttpClient, Side>();

/** Container IDs by name, anonymous volume names, and the side's host directory as words. */
async function wordsOf(client: HttpClient): Promise<(text: string) => string> {
  const listed = JSON.parse((await client.request('GET', '/containers/json?all=1', { timeoutMs: 10_000 })).body) as { Id: string; Names: string[] }[];
  const names = new Map(listed.map((c) => [c.Id, c.Names[0] ?? '']));
  const host = sides.get(client)!.host;
  return (text) =>
    text
      .replaceAll(host, '<host>')
      .replace(/"[^"]*\/volumes\/([^"/]+)\/_data"/g, '"<root>/volumes/$1/_data"')
      .replace(/\b[0-9a-f]{64}\b/g, (id) => (names.has(id) ? `<container ${names.get(id)}>` : '<anonymous>'))
      .replace(/\b[0-9a-f]{12}\b/g, '<short id>');
}

type Event = { Type: string; Action: string; Actor: { ID: string; Attributes: Record<string, string> } };

/** The run's events of containers, networks and volumes, words for IDs; the volume events of a stretch sorted (Go's map order). */
async function runEvents(client: HttpClient, words: (text: string) => string): Promise<string[]> {
  // The cleanup after an exit comes a moment after the kill's answer.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const until = (Date.now() / 1000).toFixed(9);
  const reply = await client.request('GET', `/events?since=${sides.get(client)!.since}&until=${until}`, { timeoutMs: 20_000 });
  const events = reply.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Event)
    .filter((event) => ['container', 'network', 'volume'].includes(event.Type));
  const texts = events.map((event) => {
    const { execDuration: _ran, image: _image, name: _name, ...attributes } = event.Actor.Attributes;
    const actor = event.Type === 'container' ? `<container ${event.Actor.Attributes['name']}>` : event.Actor.ID;
    return words(`${event.Type} ${event.Action} ${actor} ${JSON.stringify(Object.entries(attributes).sort())}`);
  });
  const stretches: string[][] = [];
  for (const [at, text] of texts.entries()) {
    const previous = at > 0 ? events[at - 1]! : undefined;
    const sameStretch = previous !== undefined && previous.Type === 'volume' && events[at]!.Type === 'volume' && previous.Action === events[at]!.Action;
    if (sameStretch) stretches.at(-1)!.push(text);
    else stretches.push([text]);
  }
  return stretches.flatMap((stretch) => stretch.sort());
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const side = sides.get(client)!;
  const real = side.host === HOST.real;
  if (ask.path === '/events') {
    const events = await runEvents(client, await wordsOf(client));
    if (real) seen.mounts += events.filter((event) => event.startsWith('volume mount ')).length;
    if (real) seen.unmounts += events.filter((event) => event.startsWith('volume unmount ')).length;
    return events;
  }
  if (ask.path.startsWith('<host>')) {
    const made = existsSync(ask.path.replace('<host>', side.host));
    if (real && made) seen.sourcesMade++;
    return made;
  }
  const words = await wordsOf(client);
  const reply = await sendAsk(client, { ...ask, ...(ask.body === undefined ? {} : { body: ask.body.replaceAll('<host>', side.host) }) });
  const body = reply.body.trim();
  if (reply.status >= 400) return [reply.status, words((JSON.parse(body) as { message: string }).message)];
  if (ask.path.endsWith('/changes')) {
    const changes = (JSON.parse(body) as { Path: string; Kind: number }[] | null) ?? [];
    if (real) seen.mountPoints += changes.filter(({ Path }) => /^\/(data|v1|mnt|run|etc\/sub|etc\/f2)(\/|$)/.test(Path)).length;
    return [reply.status, changes.map(({ Path, Kind }) => `${Kind} ${Path}`).sort()];
  }
  if (ask.path.endsWith('/json')) {
    const document = JSON.parse(body) as { State: Record<string, unknown>; Mounts: Record<string, unknown>[] };
    const mounts = document.Mounts.map((mount) => words(JSON.stringify(mount))).sort();
    return [reply.status, document.State['Status'], document.State['ExitCode'], words(String(document.State['Error'])), mounts];
  }
  return [reply.status, ask.method === 'POST' && ask.path.startsWith('/containers/create') ? '' : words(body)];
}

/** Both sides as a run starts: no container or named volume of the names, the host directory fresh, the events counted from now. */
async function cleanUp(client: HttpClient): Promise<void> {
  const side = sides.get(client)!;
  for (const name of CONTAINERS) await client.request('DELETE', `/containers/${name}?force=1&v=1`, { timeoutMs: 20_000 });
  for (const name of VOLUMES) await client.request('DELETE', `/volumes/${name}`, { timeoutMs: 10_000 });
  rmSync(`${side.host}/missing`, { recursive: true, force: true });
  rmSync(`${side.host}/dir/v`, { recursive: true, force: true });
  // Past the millisecond of the cleanup's last event, which ctrd-sim times within that millisecond.
  await new Promise((resolve) => setTimeout(resolve, 3));
  side.since = (Date.now() / 1000).toFixed(9);
}

withObservedReleases(
  'container mounts as a container starts and ends',
  'ctc-startmounts-',
  { isolated: true, runsContainers: true },
  async (t, release, real, sim) => {
    for (const [client, host] of [
      [real, HOST.real],
      [sim, HOST.sim],
    ] as const) {
      rmSync(host, { recursive: true, force: true });
      mkdirSync(`${host}/dir`, { recursive: true });
      writeFileSync(`${host}/file`, 'abc');
      sides.set(client, { host, since: '0' });
    }
    t.teardown(() => {
      for (const host of Object.values(HOST)) rmSync(host, { recursive: true, force: true });
    });
    await Promise.all([importBusybox(real), importBusybox(sim)]);
    const before = { ...seen };
    await assertRunsAlike(release, [real, sim], runs, read, cleanUp, 12, [EXERCISING_RUN]);
    const exercised = Object.fromEntries(Object.entries(seen).map(([key, count]) => [key, count - before[key as keyof typeof seen]]));
    t.ok(
      Object.values(exercised).every((count) => count > 0),
      `the runs mounted, unmounted, made mount points and sources: ${JSON.stringify(exercised)}`,
    );
  },
);
