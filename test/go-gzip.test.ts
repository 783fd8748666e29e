import { createHash } from 'node:crypto';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import t from 'tap';
import { containerdContent, storedLayer } from '../simulator/engine/objects/containerd-content.js';
import { GoGzipWriter, goGzip } from '../simulator/engine/objects/go-gzip.js';
import { readTar, type FsEntry } from '../simulator/engine/objects/tar-entries.js';
import { baseTarball } from '../suites/deprecations/image-tarball.js';
import { HttpClient } from '../suites/http/client.js';
import { DAEMON_CACHE } from '../suites/targets/provisioned-daemons.js';
import { SpawnedDaemonTarget } from '../suites/targets/spawned-daemon.js';
import { inputOf, type InputSpec } from './helpers/go-gzip-inputs.js';
import { inCI } from './helpers/real-daemons.js';

/**
 * goGzip (simulator/engine/objects/go-gzip.ts) writes Go 1.26's gzip.NewWriter bytes: (a) the
 * digests a Go 1.26.10 program gave for generated inputs (the fixture), (b) any input comes back
 * from a gunzip, (c) dockerd 29.7.2 (Go 1.26) stores exactly goGzip's bytes for an imported plain
 * layer, and the manifest naming them is the image's ID, as ctrd-sim builds it.
 *
 * The fixture's digests came from a Go 1.26.10 program (outside the repository: Go is not needed
 * here) that reads stdin and writes it to gzip.NewWriter(os.Stdout) in one Write, or in Writes of
 * the case's chunk sizes, then Closes; regenerate it the same way if a generator must change.
 */

interface FixtureCase {
  readonly name: string;
  readonly input: InputSpec;
  /** The sizes of the writes, cycled; absent: one write. */
  readonly chunks?: readonly number[];
  readonly inputLength: number;
  readonly inputSha256: string;
  readonly gzipLength: number;
  readonly gzipSha256: string;
}

const FIXTURE = fileURLToPath(new URL('../../test/fixtures/go-gzip-1.26.json', import.meta.url));
const MAX_FIXTURE_BYTES = 64 * 1024;
const MAX_CHUNKS = 16;

const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** The fixture's cases, refused when it is too large or a case is malformed. */
function readFixture(): readonly FixtureCase[] {
  const size = statSync(FIXTURE).size;
  if (size > MAX_FIXTURE_BYTES) throw new RangeError(`${FIXTURE}: ${size} bytes, more than ${MAX_FIXTURE_BYTES}`);
  const { cases } = JSON.parse(readFileSync(FIXTURE, 'utf8')) as { cases?: unknown };
  if (!Array.isArray(cases)) throw new TypeError(`${FIXTURE}: no cases`);
  for (const c of cases as FixtureCase[]) {
    const chunksOk = c.chunks === undefined || (c.chunks.length <= MAX_CHUNKS && c.chunks.every((n) => Number.isInteger(n) && n > 0));
    if (typeof c.name !== 'string' || typeof c.gzipSha256 !== 'string' || typeof c.input?.kind !== 'string' || !chunksOk)
      throw new TypeError(`${FIXTURE}: malformed case ${JSON.stringify(c).slice(0, 200)}`);
  }
  return cases as FixtureCase[];
}

/** Go's gzip output of `data` written in writes of `chunks` bytes, cycled. */
function goGzipInWrites(data: Buffer, chunks: readonly number[]): Buffer {
  const writer = new GoGzipWriter();
  for (let at = 0, i = 0; at < data.length; i++) {
    const n = Math.min(chunks[i % chunks.length]!, data.length - at);
    writer.write(data.subarray(at, at + n));
    at += n;
  }
  return writer.close();
}

t.test('goGzip writes what Go 1.26 wrote for each input of the fixture', async (t) => {
  const outputs = new Map<string, string>();
  for (const c of readFixture()) {
    const data = await inputOf(c.input);
    // A changed generator (or tar-stream) is not a changed compressor: say which one moved.
    t.equal(`${data.length} ${sha256(data)}`, `${c.inputLength} ${c.inputSha256}`, `${c.name}: the input is the one Go was given`);
    const out = c.chunks === undefined ? goGzip(data) : goGzipInWrites(data, c.chunks);
    t.equal(`${out.length} ${sha256(out)}`, `${c.gzipLength} ${c.gzipSha256}`, `${c.name}: Go's bytes`);
    outputs.set(c.name, c.gzipSha256);
  }
  // How the input is cut into writes can matter (go-gzip.ts GoGzipWriter), here as Go showed.
  t.not(outputs.get('window edge, one write'), outputs.get('window edge, writes of 65535 and 1'), 'the window edge: the writes changed the output');
  t.equal(outputs.get('1 MiB text'), outputs.get('1 MiB text in 32 KiB writes (io.Copy)'), "io.Copy's full 32 KiB reads: as one write");
});

t.test('goGzip: a gzip stream of the input, with Go header and trailer', async (t) => {
  const repeated = fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.integer({ min: 1, max: 70_000 }))
    .map(([pattern, length]) => Uint8Array.from({ length }, (_, i) => pattern[i % pattern.length]!));
  const inputs = fc.oneof(fc.uint8Array({ maxLength: 5000 }), fc.uint8Array({ minLength: 60_000, maxLength: 140_000 }), repeated);
  const writes = fc.array(fc.integer({ min: 1, max: 70_000 }), { minLength: 1, maxLength: 4 });
  fc.assert(
    fc.property(inputs, writes, (input, chunks) => {
      const data = Buffer.from(input.buffer, input.byteOffset, input.length);
      for (const out of [goGzip(data), goGzipInWrites(data, chunks)]) {
        if (!gunzipSync(out).equals(data)) return false;
        // Go's header: deflate, no flags, no time, no level hint, OS unknown.
        if (!out.subarray(0, 10).equals(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]))) return false;
      }
      return true;
    }),
    { numRuns: 120 },
  );
  t.pass('every generated input comes back from gunzip, in one write or several');
  const writer = new GoGzipWriter();
  writer.close();
  t.throws(() => writer.write(Buffer.from('x')), { code: 'GO_GZIP_CLOSED' }, 'no write after close');
  t.throws(() => writer.close(), { code: 'GO_GZIP_CLOSED' }, 'no second close');
});

const DOCKERD_29 = join(DAEMON_CACHE, '29.7', 'dockerd');

/** Why dockerd 29.7 cannot be run here, or null. */
function dockerd29Missing(): string | null {
  try {
    accessSync(DOCKERD_29, constants.X_OK);
    return null;
  } catch (error) {
    return `${DOCKERD_29} is not an executable file (${(error as NodeJS.ErrnoException).code ?? String(error)}): run scripts/provision-daemons.sh as root`;
  }
}

/** An OCI layout's file by its path (`/index.json`, `/blobs/sha256/…`). */
function layoutFile(entries: readonly FsEntry[], path: string): Buffer {
  const entry = entries.find((e) => e.path === path && e.type === 'file');
  if (entry === undefined) throw new Error(`the image's layout has no ${path}`);
  return entry.content;
}
const blobPath = (digest: string): string => `/blobs/${digest.replace(':', '/')}`;

/** What a saved image's layout holds of its one layer: the manifest's digest, the config and layer blobs. */
function imageOfLayout(entries: readonly FsEntry[]): { manifestDigest: string; config: Buffer; layer: Buffer } {
  const index = JSON.parse(layoutFile(entries, '/index.json').toString('utf8')) as { manifests: { digest: string }[] };
  const manifestDigest = index.manifests[0]?.digest ?? '';
  const manifest = JSON.parse(layoutFile(entries, blobPath(manifestDigest)).toString('utf8')) as { config: { digest: string }; layers: { digest: string }[] };
  return {
    manifestDigest,
    config: layoutFile(entries, blobPath(manifest.config.digest)),
    layer: layoutFile(entries, blobPath(manifest.layers[0]?.digest ?? '')),
  };
}

/** The tarballs imported into the real daemon: the suites' base image, and generated ones. */
async function importedTars(): Promise<[string, Buffer][]> {
  return [
    ['the base tarball', await baseTarball()],
    ['a small tarball', await inputOf({ kind: 'tar', seed: 16, files: 3, maxFile: 2000 })],
    ['a tarball of 20 files', await inputOf({ kind: 'tar', seed: 17, files: 20, maxFile: 100_000 })],
    ['a tarball of 4 large files', await inputOf({ kind: 'tar', seed: 18, files: 4, maxFile: 1_500_000 })],
  ];
}

const missing = dockerd29Missing();
const REAL_TEST = "dockerd 29.7 stores goGzip's bytes for an imported plain layer, under the manifest ctrd-sim builds";
if (missing !== null && inCI()) t.fail(`dockerd 29.7 is required in CI: ${missing}`);
else if (missing !== null) t.test(REAL_TEST, { skip: `no dockerd 29.7: ${missing}` }, async () => {});
else
  t.test(REAL_TEST, async (t) => {
    const outcome = await new SpawnedDaemonTarget({ spec: `daemon:${DOCKERD_29}`, command: [DOCKERD_29] }).start();
    if (!outcome.ok) throw new Error(`dockerd 29.7 did not start: ${outcome.output}`);
    const client = new HttpClient(outcome.instance.endpoint);
    t.teardown(async () => {
      client.close();
      await outcome.instance.stop();
    });
    for (const [tag, [name, tar]] of (await importedTars()).entries()) {
      const ref = `ctc-gz:${tag + 1}`;
      const created = await client.request('POST', `/images/create?fromSrc=-&repo=ctc-gz&tag=${tag + 1}`, {
        headers: { 'Content-Type': 'application/x-tar' },
        body: tar,
        timeoutMs: 120_000,
      });
      t.equal(created.status, 200, `${name}: imported (${created.body.trim().slice(0, 200)})`);
      const id = (JSON.parse(created.body) as { status: string }).status;
      const saved = await client.stream('GET', `/images/${ref}/get`, { timeoutMs: 120_000, maxBodyBytes: 64 * 1024 * 1024 });
      const chunks: Buffer[] = [];
      for await (const chunk of saved.chunks()) chunks.push(chunk);
      const image = imageOfLayout(await readTar(Buffer.concat(chunks)));
      const ours = goGzip(tar);
      t.equal(`${image.layer.length} sha256:${sha256(image.layer)}`, `${ours.length} sha256:${sha256(ours)}`, `${name}: the layer blob is goGzip's`);
      t.ok(image.layer.equals(ours), `${name}: byte for byte`);
      t.equal(image.manifestDigest, id, `${name}: the image's ID is its manifest's digest`);
      const content = containerdContent(image.config, [storedLayer(ours, [])]);
      t.equal(content.manifest.digest, id, `${name}: ctrd-sim's manifest of goGzip's blob and the daemon's config has the daemon's ID`);
    }
  });
