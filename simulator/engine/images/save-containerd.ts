import { nameAnnotations, packTar, type FsEntry, type Image } from '../objects/index.js';
import { withGoHeaders } from './go-tar-headers.js';
import type { SavedImage } from './save-archive.js';

/**
 * A save from containerd's store (moby docker-v29.7.2 daemon/containerd/image_exporter.go, over
 * containerd's archive exporter): an OCI layout of the images' blobs as stored (manifest, config,
 * each layer's compressed bytes) under blobs/sha256/, in digest order, then index.json (each saved
 * name a manifest descriptor naming it), manifest.json (Docker's format, paths into blobs/) and
 * oci-layout. Observed on 29.7.2 (2026-12-06).
 */

type Entry = FsEntry & { readonly name: string };

const EPOCH = new Date(0);
const READ_ONLY = 0o444;
const hexOf = (digest: string): string => digest.replace(/^sha256:/, '');
const blobPath = (digest: string): string => `blobs/sha256/${hexOf(digest)}`;

/** A file of the archive: the blobs and oci-layout read-only (0444), index.json and manifest.json 0644 (observed). */
const file = (name: string, content: Buffer, mode = 0o644): Entry => ({
  name,
  path: `/${name}`,
  type: 'file',
  size: content.length,
  mode,
  mtime: EPOCH,
  linkname: '',
  content,
});
const dir = (name: string): Entry => ({
  name,
  path: `/${name}`,
  type: 'directory',
  size: 0,
  mode: 0o755,
  mtime: EPOCH,
  linkname: '',
  content: Buffer.alloc(0),
});
const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

/** The blobs of an image in the store, by digest: the manifest alone where the collector took the config (the exporter's walk ends there; observed on 29.7.2). */
function blobsOf(image: Image): [string, Buffer][] {
  const content = image.containerd;
  if (content === undefined || image.configBytes === undefined) return [];
  if (content.childrenCollected === true) return [[content.manifest.digest, content.manifestBytes]];
  return [
    [content.manifest.digest, content.manifestBytes],
    [content.config.digest, image.configBytes],
    ...content.layers.map((layer): [string, Buffer] => [layer.blob.digest, layer.data]),
  ];
}

/** The manifest descriptor index.json gives a saved name (its full name and tag as annotations), or the bare one for an image saved by ID. */
function indexEntry(image: Image, repoTag: string | null): Record<string, unknown> {
  const content = image.containerd!;
  return {
    mediaType: content.manifestMediaType,
    digest: content.manifest.digest,
    size: content.manifest.size,
    ...(repoTag === null ? {} : { annotations: nameAnnotations(repoTag) }),
  };
}

/** The archive of `saved`; none saved is an index of no manifest (null) and the layout file, nothing else (observed). */
export async function saveContainerdArchive(saved: readonly SavedImage[]): Promise<Buffer> {
  const blobs = new Map(saved.flatMap(({ image }) => blobsOf(image)));
  const manifests = saved.flatMap(({ image, repoTags }) => (repoTags.length === 0 ? [indexEntry(image, null)] : repoTags.map((tag) => indexEntry(image, tag))));
  const index = file(
    'index.json',
    json({ schemaVersion: 2, mediaType: 'application/vnd.oci.image.index.v1+json', manifests: manifests.length === 0 ? null : manifests }),
  );
  const layout = file('oci-layout', json({ imageLayoutVersion: '1.0.0' }), READ_ONLY);
  // Go's archive/tar headers, no owner names (as moby's other saves: go-tar-headers.ts).
  const goTar = async (entries: readonly Entry[]): Promise<Buffer> => withGoHeaders(await packTar(entries), { typeBits: false, owner: '' });
  if (saved.length === 0) return goTar([index, layout]);
  const manifest = saved.map(({ image, repoTags }) => ({
    Config: blobPath(image.containerd!.config.digest),
    RepoTags: repoTags,
    Layers: image.containerd!.layers.map((layer) => blobPath(layer.blob.digest)),
  }));
  return goTar([
    dir('blobs/'),
    dir('blobs/sha256/'),
    ...[...blobs.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([digest, data]) => file(blobPath(digest), data, READ_ONLY)),
    index,
    file('manifest.json', json(manifest)),
    layout,
  ]);
}
