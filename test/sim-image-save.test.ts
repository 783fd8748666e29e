import { get } from 'node:http';
import { buffer } from 'node:stream/consumers';
import fc from 'fast-check';
import t from 'tap';
import tarStream from 'tar-stream';
import { replyJson as json, send } from './helpers/unix-send.js';
import { dockerSimSocket } from './helpers/in-process-sim.js';
import { tarball } from '../suites/deprecations/image-tarball.js';

/**
 * ctrd-sim's image save (issue 24): GET /images/{name}/get and GET /images/get?names=…. The
 * archive's entries and JSON shapes are those dockerd 20.10.24 (the former layout), 26.1.5 and
 * 28.5.2 (an OCI layout beside manifest.json, graph-driver store) wrote for an imported image on
 * private data roots (curl over their sockets, 2026-11-27); a load of the simulator's save gives
 * the image back.
 */
const simulator = (t: { teardown(fn: () => unknown): void }, release: string): Promise<string> => dockerSimSocket(t, 'ctc-save-', release);

/** A GET whose body is kept as bytes (a tar). */
function getBytes(socket: string, path: string): Promise<{ status: number; type: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = get({ socketPath: socket, path, timeout: 10_000 }, (res) => {
      buffer(res).then((body) => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'] ?? '', body }), reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${path}: no answer in 10 s`)));
    req.on('error', reject);
  });
}

/** The archive's entries in order: name and, for a file, its bytes. */
async function entriesOf(archive: Buffer): Promise<{ name: string; type: string; content: Buffer }[]> {
  const extract = tarStream.extract();
  const out: { name: string; type: string; content: Buffer }[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      out.push({ name: entry.header.name, type: entry.header.type ?? 'file', content: await buffer(entry) });
    }
  })();
  extract.end(archive);
  await done;
  return out;
}

const fileOf = (entries: { name: string; content: Buffer }[], name: string): Buffer => {
  const found = entries.find((entry) => entry.name === name);
  if (found === undefined) throw new Error(`no ${name} in the archive: ${entries.map((e) => e.name).join(', ')}`);
  return found.content;
};
const jsonOf = (entries: { name: string; content: Buffer }[], name: string): unknown => JSON.parse(fileOf(entries, name).toString('utf8'));
const sha256Hex = async (bytes: Buffer): Promise<string> => (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex');

let made = 0;
async function importImage(socket: string, repo: string, tag: string, files: readonly [string, string][]): Promise<string> {
  const layer = await tarball(files.map(([name, content]) => ({ type: 'file' as const, name, content: Buffer.from(`${content} ${++made}\n`) })));
  const reply = await send(socket, 'POST', `/images/create?fromSrc=-&repo=${encodeURIComponent(repo)}&tag=${tag}`, layer);
  return (JSON.parse(reply.body.split('\n')[0]!) as { status: string }).status;
}

const RELEASES = ['20.10', '26.1', '28.5'] as const;
const oci = (release: string): boolean => release !== '20.10';
const HEX = /^[0-9a-f]{64}$/;

t.test('the archive has the entries and JSON shapes the release writes', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    const id = await importImage(socket, 'x', 'y', [['hello.txt', 'hi']]);
    const reply = await getBytes(socket, '/images/x:y/get');
    t.equal(reply.status, 200);
    t.equal(reply.type, 'application/x-tar');
    const entries = await entriesOf(reply.body);
    const names = entries.map((entry) => entry.name);
    const hex = id.slice('sha256:'.length);
    if (oci(release)) {
      t.same(names.slice(0, 2), ['blobs/', 'blobs/sha256/'], `${release}: blobs first`);
      t.same(names.slice(-4), ['index.json', 'manifest.json', 'oci-layout', 'repositories'], `${release}: then the layout's files`);
      const blobs = names.slice(2, -4);
      t.same(blobs, [...blobs].sort(), 'blobs in name order');
      const layerNames = (jsonOf(entries, 'manifest.json') as { Layers: string[] }[])[0]!.Layers;
      // Every blob but a layer is named by its digest (the simulator keeps files, not layer tarballs: save-archive.ts).
      for (const name of blobs.filter((blob) => !layerNames.includes(blob)))
        t.equal(await sha256Hex(fileOf(entries, name)), name.slice('blobs/sha256/'.length), `${name} hashes to its name`);
      t.equal(blobs.length, 4, 'manifest, config, v1 json and layer');
      t.equal(await sha256Hex(fileOf(entries, `blobs/sha256/${hex}`)), hex, 'the config blob hashes to the image ID');
      t.equal(fileOf(entries, 'oci-layout').toString(), '{"imageLayoutVersion": "1.0.0"}');
      const index = jsonOf(entries, 'index.json') as { manifests: { digest: string; annotations: Record<string, string> }[] };
      t.same(Object.keys(index), ['schemaVersion', 'mediaType', 'manifests']);
      t.same(index.manifests[0]!.annotations, { 'io.containerd.image.name': 'docker.io/library/x:y', 'org.opencontainers.image.ref.name': 'y' });
      const manifestBlob = jsonOf(entries, `blobs/sha256/${index.manifests[0]!.digest.slice(7)}`) as { config: { digest: string }; layers: unknown[] };
      t.equal(manifestBlob.config.digest, id);
      const [item] = jsonOf(entries, 'manifest.json') as Record<string, unknown>[];
      t.same(Object.keys(item!), ['Config', 'RepoTags', 'Layers', 'LayerSources']);
      t.equal(item!['Config'], `blobs/sha256/${hex}`);
      t.same(item!['RepoTags'], ['x:y']);
    } else {
      const [item] = jsonOf(entries, 'manifest.json') as { Config: string; RepoTags: string[]; Layers: string[] }[];
      t.same(Object.keys(item!), ['Config', 'RepoTags', 'Layers']);
      t.equal(item!.Config, `${hex}.json`);
      t.equal(await sha256Hex(fileOf(entries, `${hex}.json`)), hex, 'the config file hashes to the image ID');
      const layerDir = item!.Layers[0]!.replace(/\/layer\.tar$/, '');
      t.match(layerDir, HEX);
      t.same(
        names,
        [`${layerDir}/`, `${layerDir}/VERSION`, `${layerDir}/json`, `${layerDir}/layer.tar`, `${hex}.json`, 'manifest.json', 'repositories'].sort(),
      );
      t.equal(fileOf(entries, `${layerDir}/VERSION`).toString(), '1.0');
      t.same(jsonOf(entries, 'repositories'), { x: { y: layerDir } });
    }
    t.ok(fileOf(entries, 'manifest.json').toString().endsWith(']\n'), 'manifest.json ends with a newline');
  }
});

t.test('a load of the save gives the images back: IDs, tags, files (property)', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), { minLength: 1, maxLength: 3 }),
        fc.array(fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,7}\.txt$/), fc.string({ maxLength: 20 })), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        async (repos, files, multi) => {
          const unique = new Map(files);
          const images = [];
          for (const repo of repos) images.push({ repoTag: `ctc-save/${repo}:1`, id: await importImage(socket, `ctc-save/${repo}`, '1', [...unique]) });
          const before = await Promise.all(images.map(async ({ repoTag }) => json(await send(socket, 'GET', `/images/${repoTag}/json`))));
          const path = multi
            ? `/images/get?${images.map(({ repoTag }) => `names=${encodeURIComponent(repoTag)}`).join('&')}`
            : `/images/${images[0]!.repoTag}/get`;
          const saved = await getBytes(socket, path);
          t.equal(saved.status, 200);
          const kept = multi ? images : images.slice(0, 1);
          for (const { repoTag } of images) await send(socket, 'DELETE', `/images/${repoTag}?force=1`);
          const loaded = await send(socket, 'POST', '/images/load?quiet=1', saved.body);
          t.equal(loaded.status, 200);
          t.notMatch(loaded.body, /error/);
          for (const [i, { repoTag, id }] of kept.entries()) {
            const after = json(await send(socket, 'GET', `/images/${repoTag}/json`)) as Record<string, unknown>;
            const was = before[i] as Record<string, unknown>;
            t.equal(after['Id'], id, `${release}: ${repoTag} keeps its ID`);
            t.same(after['RepoTags'], [repoTag]);
            t.same(after['Config'], was['Config']);
            t.equal(after['Size'], was['Size']);
          }
          for (const { repoTag } of kept) await send(socket, 'DELETE', `/images/${repoTag}?force=1`);
        },
      ),
      { numRuns: 8 },
    );
  }
});

t.test('names: a repository without a tag saves all its tags; missing and malformed names are refused', async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    const id = await importImage(socket, 'ctc-rep', 'a', [['f', 'f']]);
    t.equal((await send(socket, 'POST', `/images/ctc-rep:a/tag?repo=ctc-rep&tag=b`)).status, 201);
    t.equal((await send(socket, 'POST', `/images/ctc-rep:a/tag?repo=ctc-other&tag=c`)).status, 201);
    const entries = await entriesOf((await getBytes(socket, '/images/get?names=ctc-rep')).body);
    const [item] = jsonOf(entries, 'manifest.json') as { RepoTags: string[] }[];
    t.same(item!.RepoTags, ['ctc-rep:a', 'ctc-rep:b'], `${release}: every tag of the repository`);
    const both = jsonOf(await entriesOf((await getBytes(socket, '/images/get?names=ctc-rep:a&names=ctc-other:c')).body), 'manifest.json') as unknown[];
    t.equal(both.length, 1, 'one image saved once');
    const byId = jsonOf(await entriesOf((await getBytes(socket, `/images/${id.slice(7, 19)}/get`)).body), 'manifest.json') as { RepoTags: unknown }[];
    t.equal(byId[0]!.RepoTags, null, 'by ID: no tags');
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,4})?(:[a-z0-9]{1,5})?$/), fc.boolean(), async (name, one) => {
        // Neither a name the test gave nor a prefix of the image's ID (a short ID finds the image, as in moby).
        fc.pre(!name.startsWith('ctc-') && !id.slice('sha256:'.length).startsWith(name));
        const reply = await send(socket, 'GET', one ? `/images/${name}/get` : `/images/get?names=ctc-rep:a&names=${name}`);
        t.equal(reply.status, 404);
        t.same(json(reply), { message: name.includes(':') ? 'reference does not exist' : `No such image: ${name}` });
      }),
      { numRuns: 15 },
    );
    for (const path of ['/images/a:b:c/get', '/images/get?names=a:b:c', '/images/get?names=']) {
      const reply = await send(socket, 'GET', path);
      t.equal(reply.status, 500, `${release} ${path}`);
      t.same(json(reply), { message: 'invalid reference format' });
    }
    const raw = (await getBytes(socket, '/images/get')).body;
    // Go's tar headers: zero-padded numbers; 20.10 adds the file-type bits and the owner root.
    t.equal(raw.subarray(100, 108).toString('latin1'), oci(release) ? '0000644\0' : '0100644\0', `${release}: the mode as Go writes it`);
    // The first entry: 20.10's manifest.json and 28.5's index.json at the epoch, 26.1's index.json now.
    const mtime = Number.parseInt(raw.subarray(136, 147).toString('latin1'), 8);
    if (release === '26.1') t.ok(mtime > 0, '26.1 dates index.json now');
    else t.equal(raw.subarray(136, 148).toString('latin1'), '00000000000\0', `${release}: dated at the epoch`);
    t.equal(raw.subarray(265, 269).toString('latin1'), oci(release) ? '\0\0\0\0' : 'root');
    const empty = await entriesOf(raw);
    t.same(
      empty.map((entry) => entry.name),
      oci(release) ? ['index.json', 'manifest.json', 'oci-layout'] : ['manifest.json'],
      `${release}: no names, an empty archive`,
    );
    t.equal(fileOf(empty, 'manifest.json').toString(), 'null\n');
  }
});

t.test("an image saved with its commit loads back with its own files: the parent's layer is written once, with them", async (t) => {
  for (const release of RELEASES) {
    const socket = await simulator(t, release);
    await importImage(socket, 'ctc-save/parent', '1', [['p.txt', 'parent files']]);
    const create = JSON.stringify({ Image: 'ctc-save/parent:1', Cmd: ['true'], HostConfig: { NetworkMode: 'none' } });
    const id = (json(await send(socket, 'POST', '/containers/create', Buffer.from(create), 'application/json')) as { Id: string }).Id;
    t.equal((await send(socket, 'POST', `/commit?container=${id}&repo=ctc-save/child&tag=1`, Buffer.from('{}'), 'application/json')).status, 201);
    await send(socket, 'DELETE', `/containers/${id}`);
    for (const names of [
      ['ctc-save/parent:1', 'ctc-save/child:1'],
      ['ctc-save/child:1', 'ctc-save/parent:1'],
    ]) {
      const sizes = async (): Promise<unknown[]> =>
        Promise.all(names.map(async (name) => (json(await send(socket, 'GET', `/images/${name}/json`)) as { Size: unknown }).Size));
      const before = await sizes();
      const saved = await getBytes(socket, `/images/get?${names.map((name) => `names=${encodeURIComponent(name)}`).join('&')}`);
      for (const name of names) await send(socket, 'DELETE', `/images/${name}?force=1`);
      const loaded = await send(socket, 'POST', '/images/load?quiet=1', saved.body);
      t.notMatch(loaded.body, /error/, `${release} ${names.join(', ')}: loaded`);
      t.same(await sizes(), before, `${release} ${names.join(', ')}: each image has its files back`);
    }
  }
});
