import { withGoHeaders } from './go-tar-headers.js';
import {
  chainIdsOf,
  configDocumentOf,
  diffIdsOf,
  digestOf,
  packTar,
  hasDomain,
  remoteName,
  rfc3339Nano,
  splitReference,
  type FsEntry,
  type Image,
} from '../objects/index.js';

/** One image of a save and the tags it is saved under (none when it was named by ID). */
export interface SavedImage {
  readonly image: Image;
  readonly repoTags: readonly string[];
}

type Entry = FsEntry & { readonly name: string };

const hexOf = (digest: string): string => digest.replace(/^sha256:/, '');
const EPOCH = new Date(0);
const file = (name: string, content: string | Buffer, mtime = EPOCH): Entry => {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  return { name, path: `/${name}`, type: 'file', size: bytes.length, mode: 0o644, mtime, linkname: '', content: bytes };
};
const dir = (name: string, mtime: Date): Entry => ({
  name,
  path: `/${name}`,
  type: 'directory',
  size: 0,
  mode: 0o755,
  mtime,
  linkname: '',
  content: Buffer.alloc(0),
});

/**
 * The image's config document: the bytes its ID hashes (an import's and a commit's as
 * objects/images.ts writes them, a load's as the archive held them), so a load of it gives the
 * image back under the same ID.
 */
const configDocument = (image: Image): Buffer => image.configBytes ?? configDocumentOf(image);

/**
 * The tarball of each saved image's top layer, by diff ID: the simulator keeps an image's files,
 * not its layers, so an image's top layer holds them all. One map per save: a layer that is one
 * saved image's top and another's lower layer (a commit's parent saved with it) is written once,
 * with the parent's files.
 */
async function topTars(saved: readonly SavedImage[]): Promise<ReadonlyMap<string, Buffer>> {
  const tops = new Map<string, Buffer>();
  for (const { image } of saved) {
    const top = diffIdsOf(image).at(-1);
    if (top !== undefined && !tops.has(top)) tops.set(top, await packTar(image.filesystem.archive('/') ?? []));
  }
  return tops;
}

/**
 * The layer tarballs of the image, one per diff ID: its top layer's and those `tops` holds; the
 * others empty (a load into the simulator gives the same files back, a lower layer's files being
 * in the top one too; the tarballs' bytes are not those the diff IDs hash).
 */
async function layerTars(
  image: Image,
  tops: ReadonlyMap<string, Buffer>,
): Promise<{ readonly diffId: string; readonly chainId: string; readonly tar: Buffer }[]> {
  const chains = chainIdsOf(image);
  const empty = await packTar([]);
  return diffIdsOf(image).map((diffId, i) => ({ diffId, chainId: chains[i] ?? diffId, tar: tops.get(diffId) ?? empty }));
}

/** The former (v1) image document of a layer, as both formats still write it: its ID, parent, creation and config. */
function v1Json(image: Image, v1Id: string, parent: string): Buffer {
  const doc = {
    id: v1Id,
    ...(parent === '' ? {} : { parent }),
    created: rfc3339Nano(image.created),
    config: image.config,
    architecture: 'amd64',
    os: 'linux',
  };
  return Buffer.from(JSON.stringify(doc), 'utf8');
}

/** v1 layer IDs (moby v1.CreateID hashes the layer's chain ID and its parent's v1 ID; here the same inputs, another encoding). */
function v1Ids(chainIds: readonly string[]): string[] {
  const ids: string[] = [];
  for (const chainId of chainIds) ids.push(hexOf(digestOf(`${chainId} ${ids[ids.length - 1] ?? ''}`)));
  return ids;
}

/** `repositories`: repo → tag → the top layer's name (moby keeps it for the former clients). */
function repositories(saved: readonly SavedImage[], topOf: (image: Image) => string): string | null {
  const repos: Record<string, Record<string, string>> = {};
  for (const { image, repoTags } of saved) {
    for (const repoTag of repoTags) {
      const { repo, tag } = splitReference(repoTag);
      repos[repo] = { ...repos[repo], [tag]: topOf(image) };
    }
  }
  return Object.keys(repos).length === 0 ? null : `${JSON.stringify(repos)}\n`;
}

const repoTagsOrNull = (tags: readonly string[]): readonly string[] | null => (tags.length === 0 ? null : tags);

/**
 * 20.10's save (moby image/tarexport before 25.0): per layer a directory named by its v1 ID with
 * VERSION, json and layer.tar; the config as `<id>.json`; manifest.json; repositories when a tag
 * was saved. Observed on 20.10.24 (2026-11-27).
 */
async function legacyArchive(saved: readonly SavedImage[], now: Date): Promise<Entry[]> {
  const topLayers = await topTars(saved);
  const layerDirs = new Map<string, Entry[]>();
  const configs: Entry[] = [];
  const manifest: unknown[] = [];
  const tops = new Map<string, string>();
  for (const { image, repoTags } of saved) {
    const layers = await layerTars(image, topLayers);
    const ids = v1Ids(layers.map((layer) => layer.chainId));
    layers.forEach((layer, i) => {
      const id = ids[i]!;
      layerDirs.set(id, [
        dir(`${id}/`, now),
        file(`${id}/VERSION`, '1.0', now),
        file(`${id}/json`, v1Json(image, id, ids[i - 1] ?? ''), now),
        file(`${id}/layer.tar`, layer.tar, now),
      ]);
    });
    tops.set(image.id, ids[ids.length - 1] ?? '');
    configs.push(file(`${hexOf(image.id)}.json`, configDocument(image), now));
    manifest.push({ Config: `${hexOf(image.id)}.json`, RepoTags: repoTagsOrNull(repoTags), Layers: ids.map((id) => `${id}/layer.tar`) });
  }
  const repos = repositories(saved, (image) => tops.get(image.id) ?? '');
  const byName = (a: Entry, b: Entry): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  return [
    ...[...layerDirs.values()].flat(),
    ...configs,
    file('manifest.json', `${JSON.stringify(manifest.length === 0 ? null : manifest)}\n`),
    ...(repos === null ? [] : [file('repositories', repos)]),
  ].sort(byName);
}

const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';
const OCI_CONFIG = 'application/vnd.oci.image.config.v1+json';
const OCI_LAYER = 'application/vnd.oci.image.layer.v1.tar';

/** The name containerd keeps a tag under: the default registry and the official namespace spelled out. */
function fullName(repoTag: string): string {
  const { repo, tag } = splitReference(repoTag);
  const path = hasDomain(repo) ? repo : `docker.io/${remoteName(repo)}`;
  return `${path}:${tag}`;
}

/**
 * The save of 25.0 and later with the graph-driver store (moby image/tarexport): an OCI image
 * layout (blobs/sha256/<hex> for the manifest, config, v1 json and layers; index.json, one
 * manifest per tag; oci-layout) beside manifest.json (with LayerSources) and repositories.
 * Observed on 26.1.5 and 28.5.2 (2026-11-27); 26.1 dates index.json now, 28.5 at the epoch, as
 * it does manifest.json, oci-layout, repositories and the manifest blob.
 */
async function ociArchive(saved: readonly SavedImage[], now: Date, indexTime: Date): Promise<Entry[]> {
  const topLayers = await topTars(saved);
  const blobs = new Map<string, { content: Buffer; mtime: Date }>();
  const blob = (content: Buffer, mtime = now): { digest: string; size: number } => {
    const digest = digestOf(content);
    blobs.set(hexOf(digest), { content, mtime });
    return { digest, size: content.length };
  };
  const index: unknown[] = [];
  const manifest: unknown[] = [];
  for (const { image, repoTags } of saved) {
    const layers = await layerTars(image, topLayers);
    const config = configDocument(image);
    blobs.set(hexOf(image.id), { content: config, mtime: now });
    const ids = v1Ids(layers.map((layer) => layer.chainId));
    layers.forEach((layer, i) => {
      blobs.set(hexOf(layer.diffId), { content: layer.tar, mtime: now });
      blob(v1Json(image, ids[i]!, ids[i - 1] ?? ''));
    });
    const descriptors = layers.map((layer) => ({ mediaType: OCI_LAYER, digest: layer.diffId, size: layer.tar.length }));
    const ociManifest = blob(
      Buffer.from(
        JSON.stringify({
          schemaVersion: 2,
          mediaType: OCI_MANIFEST,
          config: { mediaType: OCI_CONFIG, digest: image.id, size: config.length },
          layers: descriptors,
        }),
      ),
    );
    const annotated = repoTags.map((repoTag) => ({
      'io.containerd.image.name': fullName(repoTag),
      'org.opencontainers.image.ref.name': splitReference(repoTag).tag,
    }));
    for (const annotations of annotated.length === 0 ? [null] : annotated)
      index.push({ mediaType: OCI_MANIFEST, ...ociManifest, ...(annotations === null ? {} : { annotations }) });
    manifest.push({
      Config: `blobs/sha256/${hexOf(image.id)}`,
      RepoTags: repoTagsOrNull(repoTags),
      Layers: layers.map((layer) => `blobs/sha256/${hexOf(layer.diffId)}`),
      LayerSources: Object.fromEntries(layers.map((layer) => [layer.diffId, { mediaType: OCI_LAYER, size: layer.tar.length, digest: layer.diffId }])),
    });
  }
  const repos = repositories(saved, (image) => hexOf(diffIdsOf(image)[diffIdsOf(image).length - 1] ?? ''));
  const blobEntries = [...blobs.keys()].sort().map((hex) => file(`blobs/sha256/${hex}`, blobs.get(hex)!.content, blobs.get(hex)!.mtime));
  return [
    ...(blobEntries.length === 0 ? [] : [dir('blobs/', now), dir('blobs/sha256/', now), ...blobEntries]),
    file('index.json', JSON.stringify({ schemaVersion: 2, mediaType: OCI_INDEX, manifests: index.length === 0 ? null : index }), indexTime),
    file('manifest.json', `${JSON.stringify(manifest.length === 0 ? null : manifest)}\n`),
    file('oci-layout', '{"imageLayoutVersion": "1.0.0"}'),
    ...(repos === null ? [] : [file('repositories', repos)]),
  ];
}

/** How a release writes a save: the former layout (before 25.0), or the OCI layout with its index.json dated now (before 28.0) or at the epoch. */
export type SaveFormat = 'legacy' | 'oci-index-now' | 'oci';

/** The save archive of the images: the former layout before 25.0, the OCI layout from 25.0 (its index.json dated now before 28.0). */
export async function saveArchive(saved: readonly SavedImage[], format: SaveFormat): Promise<Buffer> {
  const now = new Date();
  if (format === 'legacy') return withGoHeaders(await packTar(await legacyArchive(saved, now)), { typeBits: true, owner: 'root' });
  const entries = await ociArchive(saved, now, format === 'oci-index-now' ? now : EPOCH);
  return withGoHeaders(await packTar(entries), { typeBits: false, owner: '' });
}
