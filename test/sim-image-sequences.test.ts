import fc from 'fast-check';
import t from 'tap';
import { replyJson as json, replyMessage as message, send } from './helpers/unix-send.js';
import { dockerSimSocket } from './helpers/in-process-sim.js';
import { tarball } from '../suites/deprecations/image-tarball.js';

/**
 * ctrd-sim's images through the steps of the explorer's sequences (issue 24): the image list,
 * deletes by tag and by ID, with and without containers. The expected answers are those of
 * dockerd 20.10.24, 26.1.5 and 28.5.2 on private data roots (curl over their sockets, 2026-11-27).
 */
const simulator = (t: { teardown(fn: () => unknown): void }, release: string): Promise<string> => dockerSimSocket(t, 'ctc-imgseq-', release);

let layerCount = 0;
/** A one-file tarball no other test's layer equals. */
const freshLayer = (): Promise<Buffer> => tarball([{ type: 'file', name: 'f', content: Buffer.from(`layer ${++layerCount} ${process.pid}\n`) }]);

async function importImage(socket: string, layer: Buffer, repoTag?: string): Promise<string> {
  const [repo, tag] = repoTag?.split(':') ?? [];
  const query = repo === undefined ? '' : `&repo=${encodeURIComponent(repo)}&tag=${tag}`;
  const reply = await send(socket, 'POST', `/images/create?fromSrc=-${query}`, layer);
  return (JSON.parse(reply.body.split('\n')[0]!) as { status: string }).status;
}

const createContainer = async (socket: string, image: string, name: string): Promise<string> =>
  (
    json(
      await send(
        socket,
        'POST',
        `/containers/create?name=${name}`,
        Buffer.from(JSON.stringify({ Image: image, Cmd: ['x'], HostConfig: { NetworkMode: 'none' } })),
        'application/json',
      ),
    ) as { Id: string }
  ).Id;

const layersOf = async (socket: string, name: string): Promise<string[]> =>
  (json(await send(socket, 'GET', `/images/${name}/json`)) as { RootFS: { Layers: string[] } }).RootFS.Layers;

type Summary = Record<string, unknown> & { Id: string };
const listAt = async (socket: string, version: string): Promise<Summary[]> => json(await send(socket, 'GET', `/v${version}/images/json`)) as Summary[];

/** The releases observed, with their newest API version's minor number. */
const RELEASE_MAX_MINOR = [
  ['28.5', 51],
  ['26.1', 45],
  ['20.10', 41],
] as const;

/** Every API version 1.24 … max of a release (minor numbers). */
const versionsUpTo = (max: number): fc.Arbitrary<string> => fc.integer({ min: 24, max }).map((minor) => `1.${minor}`);

t.test('the list counts an image’s containers from API 1.51 only (-1 below)', async (t) => {
  for (const [release, max] of RELEASE_MAX_MINOR) {
    const socket = await simulator(t, release);
    const used = await importImage(socket, await freshLayer(), 'ctc-seq/used:1');
    const unused = await importImage(socket, await freshLayer(), 'ctc-seq/unused:1');
    await fc.assert(
      fc.asyncProperty(versionsUpTo(max), fc.integer({ min: 0, max: 2 }), async (version, extra) => {
        const made = [];
        for (let i = 0; i < extra; i++) made.push(await createContainer(socket, 'ctc-seq/used:1', `ctc-count-${i}`));
        const list = await listAt(socket, version);
        for (const id of made) await send(socket, 'DELETE', `/containers/${id}?force=1`);
        const counted = Number(version.slice(2)) >= 51;
        t.equal(list.find((item) => item.Id === used)?.['Containers'], counted ? extra : -1, `${release} at ${version}, ${extra} containers`);
        t.equal(list.find((item) => item.Id === unused)?.['Containers'], counted ? 0 : -1, `${release} at ${version}, an unused image`);
      }),
      { numRuns: 12 },
    );
  }
});

t.test('below API 1.43 the list shows <none> placeholders for an untagged image and null RepoDigests for a tagged one', async (t) => {
  for (const [release, max] of RELEASE_MAX_MINOR) {
    const socket = await simulator(t, release);
    const tagged = await importImage(socket, await freshLayer(), 'ctc-seq/t:1');
    const untagged = await importImage(socket, await freshLayer());
    await fc.assert(
      fc.asyncProperty(versionsUpTo(max), async (version) => {
        const list = await listAt(socket, version);
        const placeholders = Number(version.slice(2)) < 43;
        const fields = (id: string): unknown[] => {
          const item = list.find((entry) => entry.Id === id);
          return [item?.['RepoTags'], item?.['RepoDigests']];
        };
        t.same(fields(tagged), [['ctc-seq/t:1'], placeholders ? null : []], `${release} at ${version}: tagged`);
        t.same(fields(untagged), placeholders ? [['<none>:<none>'], ['<none>@<none>']] : [[], []], `${release} at ${version}: untagged`);
      }),
      { numRuns: 10 },
    );
  }
});

t.test('an image’s tags are listed sorted, whatever order they were made in', async (t) => {
  const socket = await simulator(t, '28.5');
  // A tag of its own keeps the image when a run deletes the tags it made.
  const id = await importImage(socket, await freshLayer(), 'ctc-sort-keep:1');
  const names = fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,5}$/), { minLength: 1, maxLength: 4 });
  await fc.assert(
    fc.asyncProperty(names, async (repos) => {
      for (const repo of repos) await send(socket, 'POST', `/images/${id}/tag?repo=ctc-sort/${repo}&tag=1`);
      const inspected = (json(await send(socket, 'GET', `/images/${id}/json`)) as { RepoTags: string[] }).RepoTags;
      const listed = (await listAt(socket, '1.51')).find((item) => item.Id === id)?.['RepoTags'];
      for (const repo of repos) await send(socket, 'DELETE', `/images/ctc-sort/${repo}:1`);
      const sorted = ['ctc-sort-keep:1', ...repos.map((repo) => `ctc-sort/${repo}:1`)].sort();
      t.same(inspected, sorted);
      t.same(listed, sorted);
    }),
    { numRuns: 15 },
  );
});

t.test('deleting an image’s last tag deletes the image and the layer no other image or container holds', async (t) => {
  for (const release of ['20.10', '26.1', '28.5']) {
    const socket = await simulator(t, release);
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.boolean(), fc.boolean(), async (byId, sharedLayer, heldByContainer) => {
        const layer = await freshLayer();
        const id = await importImage(socket, layer, 'ctc-del/a:1');
        const [diffId] = await layersOf(socket, 'ctc-del/a:1');
        const twin = sharedLayer ? await importImage(socket, layer, 'ctc-del/twin:1') : undefined;
        const container = heldByContainer ? await createContainer(socket, 'ctc-del/a:1', 'ctc-del-c') : undefined;
        const reply = await send(socket, 'DELETE', `/images/${byId ? id.slice(7, 19) : 'ctc-del/a:1'}?force=${heldByContainer ? 1 : 0}`);
        if (container !== undefined) await send(socket, 'DELETE', `/containers/${container}?force=1`);
        if (twin !== undefined) await send(socket, 'DELETE', `/images/${twin}?force=1`);
        const kept = sharedLayer || heldByContainer;
        t.equal(reply.status, 200, reply.body);
        t.same(json(reply), [{ Untagged: 'ctc-del/a:1' }, { Deleted: id }, ...(kept ? [] : [{ Deleted: diffId }])], `${release}: ${reply.body}`);
      }),
      { numRuns: 12 },
    );
  }
});

t.test('deleting by tag an image a stopped container uses names the reference; by ID, the container', async (t) => {
  for (const release of ['20.10', '26.1', '28.5']) {
    const socket = await simulator(t, release);
    const repoTags = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), fc.stringMatching(/^[a-z0-9]{1,5}$/));
    await fc.assert(
      fc.asyncProperty(repoTags, async ([repo, tag]) => {
        const reference = `ctc-ref/${repo}:${tag}`;
        const id = await importImage(socket, await freshLayer(), reference);
        const container = await createContainer(socket, reference, 'ctc-ref-c');
        const byName = await send(socket, 'DELETE', `/images/${reference}`);
        const byId = await send(socket, 'DELETE', `/images/${id}`);
        const forced = await send(socket, 'DELETE', `/images/${reference}?force=1`);
        await send(socket, 'DELETE', `/containers/${container}?force=1`);
        t.same(
          [byName.status, message(byName)],
          [
            409,
            `conflict: unable to remove repository reference "${reference}" (must force) - container ${container.slice(0, 12)} is using its referenced image ${id.slice(7, 19)}`,
          ],
        );
        t.same(
          [byId.status, message(byId)],
          [409, `conflict: unable to delete ${id.slice(7, 19)} (must be forced) - image is being used by stopped container ${container.slice(0, 12)}`],
        );
        // Forced, the tag and the image go; the container keeps the layer.
        t.same(json(forced), [{ Untagged: reference }, { Deleted: id }], `${release}: forced`);
      }),
      { numRuns: 8 },
    );
  }
});

t.test('deleting by ID an image with tags in more than one repository takes force, then untags them all in order', async (t) => {
  const socket = await simulator(t, '28.5');
  const id = await importImage(socket, await freshLayer(), 'ctc-multi/z:1');
  await send(socket, 'POST', `/images/${id}/tag?repo=ctc-multi/a&tag=2`);
  const refused = await send(socket, 'DELETE', `/images/${id}`);
  t.same(
    [refused.status, message(refused)],
    [409, `conflict: unable to delete ${id.slice(7, 19)} (must be forced) - image is referenced in multiple repositories`],
  );
  const [diffId] = await layersOf(socket, id);
  const forced = await send(socket, 'DELETE', `/images/${id}?force=1`);
  t.same(json(forced), [{ Untagged: 'ctc-multi/a:2' }, { Untagged: 'ctc-multi/z:1' }, { Deleted: id }, { Deleted: diffId }]);
});

t.test('the container list names the image as created while that name resolves to it, by its full ID once it does not', async (t) => {
  for (const release of ['20.10', '26.1', '28.5']) {
    const socket = await simulator(t, release);
    const names = fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/), fc.constantFrom('moved', 'untagged', 'kept'));
    await fc.assert(
      fc.asyncProperty(names, async ([repo, fate]) => {
        const reference = `ctc-list/${repo}:1`;
        const id = await importImage(socket, await freshLayer(), reference);
        const container = await createContainer(socket, reference, 'ctc-list-c');
        if (fate === 'moved') await importImage(socket, await freshLayer(), reference);
        if (fate === 'untagged') await send(socket, 'DELETE', `/images/${reference}?force=1`);
        const list = json(await send(socket, 'GET', '/containers/json?all=1')) as Record<string, unknown>[];
        await send(socket, 'DELETE', `/containers/${container}?force=1`);
        await send(socket, 'DELETE', `/images/${reference}?force=1`);
        await send(socket, 'DELETE', `/images/${id}?force=1`);
        const entry = list.find((item) => item['Id'] === container);
        t.same([entry?.['Image'], entry?.['ImageID']], [fate === 'kept' ? reference : id, id], `${release}: ${fate}`);
      }),
      { numRuns: 10 },
    );
  }
});
