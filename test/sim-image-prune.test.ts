import fc from 'fast-check';
import t from 'tap';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import type { HttpClient } from '../suites/http/client.js';
import { sendOk, tinyTarball } from './helpers/busybox-containers.js';
import { type Ask, checkAgainstRealReleases, checkObserved, type Observed, simClient } from './helpers/real-versus-sim.js';

/**
 * POST /images/prune (simulator/engine/images/prune.ts) and what it shares with DELETE
 * /images/{name} (images/delete.ts): parents taken when left untagged and childless, conflicts
 * passed over. The table is what the releases answered with no image; the property makes a
 * generated world of images on each real release and on ctrd-sim emulating it, prunes it with
 * generated filters, and compares what went, the space reclaimed and what is left.
 */

const NOTHING = '{"ImagesDeleted":null,"SpaceReclaimed":0}';
const prune = (filters: unknown): Ask => ({ method: 'POST', path: `/images/prune?filters=${encodeURIComponent(JSON.stringify(filters))}` });

// Observed on 20.10.24, 26.1.5 and 28.5.2, 2026-11-27 ('=': as the release before it).
const OBSERVED: Observed = [
  [{ method: 'POST', path: '/images/prune' }, [200, NOTHING], '=', '='],
  [prune({ bogus: ['x'] }), [400, "Invalid filter 'bogus'"], [400, "invalid filter 'bogus'"], '='],
  [prune({ until: ['x'] }), [500, 'failed to parse value as time or duration: "x"'], '=', '='],
  [prune({ until: ['1h', '2h'] }), [500, 'more than one until filter specified'], '=', '='],
  [prune({ dangling: ['x'] }), [400, "Invalid filter 'dangling=[x]'"], [400, "invalid filter 'dangling=[x]'"], '='],
  [prune({ dangling: null }), [200, NOTHING], [400, "invalid filter 'dangling'"], '='],
  [prune({ dangling: [] }), [200, NOTHING], [400, "invalid filter 'dangling'"], '='],
  [prune({ dangling: ['true', 'x'] }), [200, NOTHING], '=', '='],
  [prune({ label: [] }), [200, NOTHING], '=', '='],
  [prune({ dangling: ['1'], until: ['10000h'] }), [200, NOTHING], '=', '='],
];

checkObserved('the image prune answers an empty daemon, and refuses its filters, as each release did', 'ctc-iprune-', OBSERVED);

t.test('an until key without values makes the handler panic: the connection drops, the daemon serves on (observed on all three)', async (t) => {
  for (const release of ['20.10', '26.1', '28.5']) {
    const client = await simClient(t, 'ctc-iprune-', release);
    await t.rejects(client.request('POST', prune({ until: [] }).path, { timeoutMs: 5_000 }), `${release}: no answer`);
    t.equal((await client.request('GET', '/_ping', { timeoutMs: 5_000 })).status, 200, `${release}: still serving`);
  }
});

/** The images each world starts with: busybox twice (one layer, shared), a tiny image with a layer of its own; each named by a label `n`. */
const BASES = [
  { repo: 'ctc-a', labels: 'LABEL n=a k=v', tiny: false },
  { repo: 'ctc-b', labels: 'LABEL n=b k=w', tiny: false },
  { repo: 'ctc-t', labels: 'LABEL n=t', tiny: true },
] as const;

type Step =
  | { readonly op: 'commit'; readonly from: number; readonly tagged: boolean; readonly started: boolean }
  | { readonly op: 'keep'; readonly from: number; readonly running: boolean }
  | { readonly op: 'untag'; readonly from: number }
  | { readonly op: 'tag'; readonly from: number };

interface World {
  readonly steps: readonly Step[];
  readonly filters: Readonly<Record<string, readonly string[]>> | null;
}

// Commits and untags weigh most: an untagged parent of a commit is what a delete's parent pruning needs.
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('commit' as const), from: fc.nat(5), tagged: fc.boolean(), started: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('keep' as const), from: fc.nat(5), running: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('untag' as const), from: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('tag' as const), from: fc.nat(5) }) },
);

const filters = fc.option(
  fc
    .record(
      {
        dangling: fc.constantFrom(['true'], ['false'], ['0'], ['1']),
        label: fc.constantFrom(['k=v'], ['k'], ['n=c3'], ['k=w', 'n']),
        'label!': fc.constantFrom(['k=v'], ['k'], ['n=t']),
        until: fc.constantFrom(['-1h'], ['10000h'], ['2020-01-01T00:00:00Z'], ['2099-01-01']),
      },
      { requiredKeys: [] },
    )
    .map((record) => record as Record<string, readonly string[]>),
  { nil: null },
);

/**
 * One started commit at most: a commit of a container that ran under an init has a layer whose
 * diff depends on the second it started in, so two of them share a layer on one side and not on the
 * other as the clocks fall.
 */
const oneStarted = (steps: readonly Step[]): Step[] => {
  let started = false;
  return steps.map((s) => {
    if (s.op !== 'commit' || !s.started) return s;
    if (started) return { ...s, started: false };
    started = true;
    return s;
  });
};

const world: fc.Arbitrary<Ask> = fc.record({ steps: fc.array(step, { maxLength: 6 }).map(oneStarted), filters }).map((w: World) => ({
  method: 'POST',
  path: `/images/prune${w.filters === null ? '' : `?filters=${encodeURIComponent(JSON.stringify(w.filters))}`}`,
  // Not sent: the world made before the prune (read below).
  body: JSON.stringify(w.steps),
}));

/** Every image's ID by its label `n` (a base's letter, a commit's c0, c1, …). */
async function imagesByLabel(client: HttpClient): Promise<Map<string, string>> {
  const images = JSON.parse(await sendOk(client, 'GET', '/images/json?all=1')) as { Id: string; Labels: Record<string, string> | null }[];
  return new Map(images.map((image) => [image.Labels?.['n'] ?? '?', image.Id]));
}

/** Makes the world: the bases, then each step from an image made so far (its first tag, else its ID); a step whose image is gone does nothing. */
async function makeWorld(client: HttpClient, steps: readonly Step[]): Promise<void> {
  const tiny = await tinyTarball();
  const busybox = await baseTarball();
  for (const base of BASES)
    await sendOk(
      client,
      'POST',
      `/images/create?fromSrc=-&repo=${base.repo}&tag=1&changes=${encodeURIComponent(base.labels)}`,
      base.tiny ? tiny : busybox,
      'application/x-tar',
    );
  const made: { readonly label: string; readonly runnable: boolean; tags: string[] }[] = BASES.map((base) => ({
    label: base.repo.slice(4),
    runnable: !base.tiny,
    tags: [`${base.repo}:1`],
  }));
  const reference = async (index: number): Promise<{ readonly ref: string; readonly runnable: boolean } | null> => {
    const image = made[index % made.length]!;
    const id = (await imagesByLabel(client)).get(image.label);
    if (id === undefined) return null;
    return { ref: image.tags[0] ?? id.slice(7), runnable: image.runnable };
  };
  let containers = 0;
  const container = async (ref: string, run: boolean): Promise<string> => {
    const name = `ctc-ip${containers++}`;
    const command = run ? ['/bin/busybox', 'sleep', '1000'] : ['/bin/busybox', 'true'];
    await sendOk(
      client,
      'POST',
      `/containers/create?name=${name}`,
      JSON.stringify({ Image: ref, Cmd: command, HostConfig: { NetworkMode: 'none', Init: true } }),
    );
    if (run) await sendOk(client, 'POST', `/containers/${name}/start`);
    return name;
  };
  for (const s of steps) {
    const from = await reference(s.from);
    if (from === null) continue;
    if (s.op === 'commit') {
      const label = `c${made.length}`;
      const name = await container(from.ref, s.started && from.runnable);
      const tag = s.tagged ? `&repo=ctc-${label}&tag=1` : '';
      await sendOk(client, 'POST', `/commit?container=${name}${tag}&changes=${encodeURIComponent(`LABEL n=${label}`)}`, '{}');
      await sendOk(client, 'DELETE', `/containers/${name}?force=1`);
      made.push({ label, runnable: from.runnable, tags: s.tagged ? [`ctc-${label}:1`] : [] });
    } else if (s.op === 'keep') {
      await container(from.ref, s.running && from.runnable);
    } else {
      const image = made[s.from % made.length]!;
      if (s.op === 'tag') {
        const repo = `ctc-${image.label}-${image.tags.length}`;
        await sendOk(client, 'POST', `/images/${from.ref}/tag?repo=${repo}&tag=2`);
        image.tags.push(`${repo}:2`);
      } else if (image.tags.length > 0) {
        const reply = await client.request('DELETE', `/images/${image.tags[0]}`, { timeoutMs: 30_000 });
        // A tag a container's image holds alone is refused without force: it stays.
        if (reply.status === 200) image.tags.shift();
      }
    }
  }
}

/** Everything gone: containers, then images until none is left (a parent goes after its children). */
async function clearAll(client: HttpClient): Promise<void> {
  const containers = JSON.parse(await sendOk(client, 'GET', '/containers/json?all=1')) as { Id: string }[];
  for (const c of containers) await sendOk(client, 'DELETE', `/containers/${c.Id}?force=1`);
  for (let round = 0; round < 10; round++) {
    const images = JSON.parse(await sendOk(client, 'GET', '/images/json?all=1')) as { Id: string }[];
    if (images.length === 0) return;
    for (const image of images) await client.request('DELETE', `/images/${image.Id.slice(7)}?force=1`, { timeoutMs: 30_000 });
  }
  throw new Error('images left after ten rounds of deletes');
}

/**
 * The prune's answer once the world is made, with image IDs named by their label `n` (a layer's as
 * `<layer>`) and the records in a fixed order (the releases take the images in Go's map order), then what is left.
 */
async function read(client: HttpClient, ask: Ask): Promise<unknown> {
  await clearAll(client);
  await makeWorld(client, JSON.parse(ask.body ?? '[]') as Step[]);
  const before = await imagesByLabel(client);
  const contentSizes = await contentSizesOf(client, [...before.values()]);
  const names = new Map([...before].map(([label, id]) => [id, `<${label}>`]));
  const reply = await client.request('POST', ask.path, { timeoutMs: 30_000 });
  // A layer a commit of a started container made has an ID of its own on each side.
  const answer = JSON.parse(reply.body.replace(/sha256:[0-9a-f]{64}/g, (id) => names.get(id) ?? '<layer>')) as {
    ImagesDeleted: unknown[] | null;
    SpaceReclaimed: number;
    message?: string;
  };
  const left = [...(await imagesByLabel(client)).keys()].sort();
  if (reply.status !== 200) return [reply.status, answer.message, left];
  const deleted = answer.ImagesDeleted === null ? null : answer.ImagesDeleted.map((record) => JSON.stringify(record)).sort();
  // In containerd's store what a prune reclaims counts each deleted image's manifest and config, whose
  // times Go writes with trailing zeros trimmed: their lengths vary by a few bytes between any two
  // daemons. Less each deleted image's content size (inspect's Size, which counts the same manifest
  // and config), the figure is the same on every daemon that reclaims what it should.
  const gone = (answer.ImagesDeleted ?? []).flatMap((record) => {
    const id = (record as { Deleted?: string }).Deleted;
    // The answer names each image by its label (`<a>`), as `names` does.
    const size = [...contentSizes].find(([image]) => names.get(image) === id)?.[1];
    return id === undefined || size === undefined ? [] : [size];
  });
  const reclaimed = contentSizes.size === 0 ? answer.SpaceReclaimed : answer.SpaceReclaimed - gone.reduce((sum, size) => sum + size, 0);
  return [reply.status, deleted, reclaimed, left];
}

/**
 * Each image's content size (inspect's Size), by ID, where the daemon keeps images in containerd's
 * store (an inspect with a Descriptor says so); none with a graph driver, whose reclaimed space
 * counts layers alone.
 */
async function contentSizesOf(client: HttpClient, ids: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const id of ids) {
    const image = JSON.parse(await sendOk(client, 'GET', `/images/${id}/json`)) as { Size: number; Descriptor?: unknown };
    if (image.Descriptor === undefined) return new Map();
    sizes.set(id, image.Size);
  }
  return sizes;
}

checkAgainstRealReleases('image prunes of generated worlds', 'ctc-iprune-', world, 20, { read });
