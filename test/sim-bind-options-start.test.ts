import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import fc from 'fast-check';
import type { HttpClient } from '../suites/http/client.js';
import { importBusybox } from './helpers/busybox-containers.js';
import { type Ask, assertRunsAlike, json, sendAsk, withObservedReleases } from './helpers/real-versus-sim.js';

/**
 * A Mounts bind's options as a start and a copy meet them (simulator/engine/containers/
 * read-only-recursion.ts, bind-propagation.ts): runs of generated creates of a bind, read-only or
 * not, with BindOptions' ReadOnlyNonRecursive, ReadOnlyForceRecursive and Propagation drawn (at
 * API 1.43 and at the release's own), its source a host directory on this machine's root mount
 * or on a shared mount the test makes, beside a named volume or not; then starts, copies and
 * kills, sent to each observed release and to ctrd-sim emulating it, in a private network
 * namespace. Compared: each answer, the container's state, its HostConfig.Mounts and Mounts, and
 * the run's volume events (sorted within each stretch: Go's map order).
 */

const NAME = 'ctc-bo-a';
const VOLUME = 'ctcbo1';
/** Each side's host directories: `<host>` on the root mount, `<shared>` on the test's shared mount. */
const HOST = { real: '/tmp/ctc-bo-real', sim: '/tmp/ctc-bo-sim' } as const;
const SHARED_MOUNT = '/tmp/ctc-bo-shared';
const SHARED = { real: `${SHARED_MOUNT}/real`, sim: `${SHARED_MOUNT}/sim` } as const;

const bindOptions = fc.record(
  {
    ReadOnlyNonRecursive: fc.boolean(),
    ReadOnlyForceRecursive: fc.boolean(),
    Propagation: fc.constantFrom('', 'private', 'rprivate', 'shared', 'rshared', 'slave', 'rslave'),
  },
  { requiredKeys: [] },
);
/**
 * Whether setupMounts refuses the bind's options. A volume beside such a bind is mounted before the
 * refusal or not as Go's map iteration falls (one time in four or so on both sides, independently):
 * the test draws none there.
 */
const conflicting = (readOnly: boolean, options: { ReadOnlyNonRecursive?: boolean; ReadOnlyForceRecursive?: boolean } | undefined): boolean => {
  const nonRecursive = options?.ReadOnlyNonRecursive === true;
  const forced = options?.ReadOnlyForceRecursive === true;
  return (!readOnly && (nonRecursive || forced)) || (nonRecursive && forced);
};
const createBody = fc
  .record({
    source: fc.constantFrom('<host>/dir', '<shared>/dir', '<shared>/missing'),
    readOnly: fc.boolean(),
    options: fc.option(bindOptions, { nil: undefined }),
    volume: fc.boolean(),
  })
  .map(({ source, readOnly, options, volume }) => ({ source, readOnly, options, volume: volume && !conflicting(readOnly, options) }))
  .map(({ source, readOnly, options, volume }) => ({
    Image: 'ctc-img:1',
    Cmd: ['/bin/busybox', 'sleep', '1000'],
    HostConfig: {
      NetworkMode: 'none',
      Init: true,
      Mounts: [
        {
          Type: 'bind',
          Source: source,
          Target: '/mnt/d',
          ...(readOnly ? { ReadOnly: true } : {}),
          ...(options === undefined ? {} : { BindOptions: { ...options, ...(source.endsWith('missing') ? { CreateMountpoint: true } : {}) } }),
        },
        ...(volume ? [{ Type: 'volume', Source: VOLUME, Target: '/data' }] : []),
      ],
    },
  }));

/** Run steps; `<api>` stands for the release's own API version. */
const step: fc.Arbitrary<Ask> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('v1.43', '<api>'), createBody)
      .map(([version, body]) => ({ method: 'POST', path: `/${version}/containers/create?name=${NAME}`, ...json(JSON.stringify(body)) })),
  },
  { weight: 3, arbitrary: fc.constant<Ask>({ method: 'POST', path: `/containers/${NAME}/start` }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<Ask>(
      { method: 'HEAD', path: `/containers/${NAME}/archive?path=/mnt/d` },
      { method: 'GET', path: `/containers/${NAME}/archive?path=/etc/hostname` },
    ),
  },
  { weight: 1, arbitrary: fc.constant<Ask>({ method: 'POST', path: `/containers/${NAME}/kill` }) },
  { weight: 2, arbitrary: fc.constant<Ask>({ method: 'GET', path: `/containers/${NAME}/json` }) },
);
const runs = fc
  .array(step, { minLength: 2, maxLength: 6 })
  .map((steps): Ask[] => [...steps, { method: 'GET', path: `/containers/${NAME}/json` }, { method: 'GET', path: '/events' }]);

/** Runs sure to exercise each outcome: a conflict refused at a copy and a start, a forced recursion started, a shared bind on each mount. */
const created = (version: string, mount: Record<string, unknown>): Ask => ({
  method: 'POST',
  path: `/${version}/containers/create?name=${NAME}`,
  ...json(
    JSON.stringify({
      Image: 'ctc-img:1',
      Cmd: ['/bin/busybox', 'sleep', '1000'],
      HostConfig: { NetworkMode: 'none', Init: true, Mounts: [{ Type: 'bind', Target: '/mnt/d', ...mount }] },
    }),
  ),
});
const START: Ask = { method: 'POST', path: `/containers/${NAME}/start` };
const INSPECT: Ask = { method: 'GET', path: `/containers/${NAME}/json` };
const EXAMPLES: Ask[][] = [
  [
    created('<api>', { Source: '<host>/dir', BindOptions: { ReadOnlyNonRecursive: true } }),
    { method: 'HEAD', path: `/containers/${NAME}/archive?path=/mnt/d` },
    START,
    INSPECT,
  ],
  [created('<api>', { Source: '<host>/dir', ReadOnly: true, BindOptions: { ReadOnlyForceRecursive: true } }), START, INSPECT],
  [created('v1.43', { Source: '<host>/dir', ReadOnly: true, BindOptions: { ReadOnlyForceRecursive: true } }), INSPECT],
  [created('<api>', { Source: '<host>/dir', BindOptions: { Propagation: 'rshared' } }), START, INSPECT],
  [created('<api>', { Source: '<shared>/dir', BindOptions: { Propagation: 'rshared' } }), START, INSPECT],
  [created('<api>', { Source: '<host>/dir', BindOptions: { Propagation: 'rslave' } }), START, INSPECT],
];

type Side = { readonly host: string; readonly shared: string; readonly api: string; since: string };
const sides = new Map<HttpClient, Side>();
/** What the real side's runs came to: starts refused and started. */
const seen = { refusedStarts: 0, starts: 0 };

const words = (side: Side, text: string): string =>
  text
    .replaceAll(side.shared, '<shared>')
    .replaceAll(side.host, '<host>')
    .replace(/"[^"]*\/volumes\/([^"/]+)\/_data"/g, '"<root>/volumes/$1/_data"')
    .replace(/\b[0-9a-f]{64}\b/g, '<id>');

type Event = { Type: string; Action: string; Actor: { ID: string; Attributes: Record<string, string> } };

/** The run's volume events, the container's ID as a word; each stretch of one action sorted (Go's map order). */
async function volumeEvents(client: HttpClient, side: Side): Promise<string[]> {
  // The cleanup after a kill comes a moment after its answer.
  await new Promise((resolve) => setTimeout(resolve, 400));
  const until = (Date.now() / 1000).toFixed(9);
  const reply = await client.request('GET', `/events?since=${side.since}&until=${until}&filters=${encodeURIComponent('{"type":["volume"]}')}`, {
    timeoutMs: 20_000,
  });
  const texts = reply.body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Event)
    .map((event) => words(side, `${event.Action} ${event.Actor.ID} ${JSON.stringify(Object.entries(event.Actor.Attributes).sort())}`));
  return texts.sort();
}

async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  const side = sides.get(client)!;
  const real = side.host === HOST.real;
  if (ask.path === '/events') return volumeEvents(client, side);
  const path = ask.path.replace('<api>', side.api);
  const body = ask.body?.replaceAll('<host>', side.host).replaceAll('<shared>', side.shared);
  const reply = await sendAsk(client, { ...ask, path, ...(body === undefined ? {} : { body }) });
  if (ask.method === 'HEAD') return [reply.status, reply.headers['x-docker-container-path-stat'] !== undefined];
  const text = reply.body.trim();
  if (real && ask.path.endsWith('/start')) {
    if (reply.status === 204) seen.starts++;
    if (reply.status === 500) seen.refusedStarts++;
  }
  if (reply.status >= 400) return [reply.status, words(side, (JSON.parse(text) as { message: string }).message)];
  if (ask.path.endsWith('/json')) {
    const document = JSON.parse(text) as { State: Record<string, unknown>; HostConfig: { Mounts: unknown }; Mounts: unknown[] };
    const mounts = document.Mounts.map((mount) => words(side, JSON.stringify(mount))).sort();
    return [
      reply.status,
      document.State['Status'],
      words(side, String(document.State['Error'])),
      words(side, JSON.stringify(document.HostConfig.Mounts)),
      mounts,
    ];
  }
  if (ask.path.includes('/archive')) return [reply.status];
  return [reply.status, ask.path.includes('/containers/create') ? '' : words(side, text)];
}

/** Both sides as a run starts: no container or volume of the names, the missing source gone, the events counted from now. */
async function cleanUp(client: HttpClient): Promise<void> {
  const side = sides.get(client)!;
  await client.request('DELETE', `/containers/${NAME}?force=1&v=1`, { timeoutMs: 20_000 });
  await client.request('DELETE', `/volumes/${VOLUME}`, { timeoutMs: 10_000 });
  rmSync(`${side.shared}/missing`, { recursive: true, force: true });
  await new Promise((resolve) => setTimeout(resolve, 3));
  side.since = (Date.now() / 1000).toFixed(9);
}

/** A directory of this test's mounted on itself and made shared (mount(8)), so that a bind on it may propagate; undone at the end. */
function makeSharedMount(t: { teardown: (fn: () => void) => void }): void {
  mkdirSync(SHARED_MOUNT, { recursive: true });
  execFileSync('mount', ['--bind', SHARED_MOUNT, SHARED_MOUNT], { timeout: 10_000 });
  t.teardown(() => {
    execFileSync('umount', ['--lazy', SHARED_MOUNT], { timeout: 10_000 });
    rmSync(SHARED_MOUNT, { recursive: true, force: true });
  });
  execFileSync('mount', ['--make-shared', SHARED_MOUNT], { timeout: 10_000 });
}

withObservedReleases("a bind's options at a start and a copy", 'ctc-bindopts-', { isolated: true, runsContainers: true }, async (t, release, real, sim) => {
  makeSharedMount(t);
  const version = JSON.parse((await real.request('GET', '/version', { timeoutMs: 10_000 })).body) as { ApiVersion: string };
  for (const [client, which] of [
    [real, 'real'],
    [sim, 'sim'],
  ] as const) {
    for (const dir of [HOST[which], SHARED[which]]) {
      rmSync(dir, { recursive: true, force: true });
      mkdirSync(`${dir}/dir`, { recursive: true });
    }
    sides.set(client, { host: HOST[which], shared: SHARED[which], api: `v${version.ApiVersion}`, since: '0' });
  }
  t.teardown(() => {
    for (const dir of Object.values(HOST)) rmSync(dir, { recursive: true, force: true });
  });
  await Promise.all([importBusybox(real), importBusybox(sim)]);
  const before = { ...seen };
  await assertRunsAlike(release, [real, sim], runs, read, cleanUp, 16, EXAMPLES);
  const exercised = Object.fromEntries(Object.entries(seen).map(([key, count]) => [key, count - before[key as keyof typeof seen]]));
  t.ok(
    Object.values(exercised).every((count) => count > 0),
    `the runs started containers and had starts refused: ${JSON.stringify(exercised)}`,
  );
});
