import { posix } from 'node:path';
import { rfc3339Nano } from './clock.js';
import type { ImageConfig } from './image-config.js';
import { HOST_PLATFORM, type ImagePlatform, ociPlatformFields } from './image-platform.js';
import { goGzip } from './go-gzip.js';
import { digestOf, type HistoryEntry } from './images.js';
import { normalizedName } from './references.js';
import { distinctInodes, type FsEntry } from './tar-entries.js';

/**
 * What containerd's image store (the image store of a fresh 29.x data root) keeps of an image:
 * the manifest its ID is the digest of, the content that manifest names, and the unpacked
 * snapshot of each layer. Observed on 29.7.2 (2026-12-06) and read from moby docker-v29.7.2
 * daemon/containerd (image_import.go, image_inspect.go, image_list.go, image_history.go).
 */
export interface ContainerdContent {
  /** The manifest as stored (an OCI image manifest, or a Docker one from a loaded archive): the image's ID is its digest. */
  readonly manifest: BlobDescriptor;
  /** Its bytes (a save writes them). */
  readonly manifestBytes: Buffer;
  readonly manifestMediaType: string;
  /** The annotations of the descriptor the image's record targets (a loaded archive's index names the image), or null. */
  readonly annotations: Readonly<Record<string, string>> | null;
  readonly config: BlobDescriptor;
  /** Its layers, bottom first. */
  readonly layers: readonly StoredLayer[];
  /** The bytes of everything the manifest reaches (itself, the config, each layer blob): inspect's Size. */
  readonly contentSize: number;
  /**
   * Its layers are not unpacked into snapshots: containerd's store unpacks what it imports, commits
   * and builds, and of a load only the images of the host's platform (of the platforms asked for),
   * none when the load fails (moby LoadImage; observed on 29.7.2, 2026-12-07). A container's create
   * unpacks its image.
   */
  readonly packedOnly?: boolean;
  /**
   * Its config (and each layer blob no other image holds) collected: a load that asks for platforms
   * keeps the record of an image none of whose manifests is of one of them, but its importer labels
   * none of that image's content for the collector, which removes it at its next run (observed on
   * 29.7.2: within a second, or at once where a delete runs it). The image then reads as one
   * without a config: no platform, no creation time, no layers, and what needs its config is a 404.
   */
  readonly childrenCollected?: boolean;
}

/** A blob of the content store: its digest and size. */
export interface BlobDescriptor {
  readonly digest: string;
  readonly size: number;
}

/** One layer as the store keeps it: its blob (and its bytes, which a save writes), and the disk usage of its unpacked snapshot (the history's sizes; with the content, the list's). */
export interface StoredLayer {
  readonly blob: BlobDescriptor;
  readonly data: Buffer;
  readonly usage: number;
  /**
   * A commit's layer: the snapshot its diff was applied on, the committed container's init snapshot
   * (moby's applyDiffLayer prepares on the container snapshot's parent), which the image's chain
   * then holds too. Observed on 29.7.2: the image's list size and its containers' SizeRootFs count it.
   */
  readonly onInit?: { readonly key: string; readonly usage: number };
}

export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
const OCI_CONFIG = 'application/vnd.oci.image.config.v1+json';
const OCI_LAYER_GZIP = 'application/vnd.oci.image.layer.v1.tar+gzip';
/** The media types of containerd's importer for an archive in Docker's save format (manifest.json). */
const DOCKER_MANIFEST = 'application/vnd.docker.distribution.manifest.v2+json';
const DOCKER_CONFIG = 'application/vnd.docker.container.image.v1+json';
const DOCKER_LAYER = 'application/vnd.docker.image.rootfs.diff.tar';
const DOCKER_LAYER_GZIP = 'application/vnd.docker.image.rootfs.diff.tar.gzip';

/** The block a file system allocates (ext4's, where the daemon's data root was observed). */
const BLOCK = 4096;
/** ext4 keeps a symlink's target shorter than this in its inode: no block. */
const FAST_SYMLINK_MAX = 59;

const blocksOf = (bytes: number): number => Math.ceil(bytes / BLOCK) * BLOCK;

/**
 * A snapshot's disk usage as containerd's overlay snapshotter counts it (fs.DiskUsage: each inode's
 * blocks, each inode once): a block per directory, the root included, each file's size in whole
 * blocks, a symlink only when its target is too long for the inode, a block more for a directory
 * overlay marked impure (observed on 29.7.2: a link in / to /etc/hostname adds /etc's block and its mark's, one in /bin /bin's mark too). Observed: 2002944 bytes for the suites' busybox
 * layer on ext4 (three directories, three files, one short symlink).
 */
export function snapshotUsage(entries: readonly FsEntry[]): number {
  const directories = new Set(['/']);
  for (const entry of entries) {
    if (entry.type === 'directory') directories.add(entry.path);
    for (let dir = posix.dirname(entry.path); dir !== '/'; dir = posix.dirname(dir)) directories.add(dir);
  }
  let usage = directories.size * BLOCK;
  for (const entry of distinctInodes(entries)) {
    if (entry.impure === true) usage += BLOCK;
    if (entry.type === 'file') usage += blocksOf(entry.size);
    else if (entry.type === 'symlink' && Buffer.byteLength(entry.linkname) > FAST_SYMLINK_MAX) usage += BLOCK;
  }
  return usage;
}

/**
 * A container's init snapshot (moby's initlayer.Setup): the root, dev, dev/pts, dev/shm, proc, sys
 * and etc directories, its files empty and its one symlink short. Observed: a created container's
 * SizeRootFs is its image's snapshots, this and its own empty snapshot (one directory).
 */
const CONTAINER_INIT_USAGE = 7 * BLOCK;

/**
 * Over an image whose chain holds an init snapshot already (a commit's), a container's init
 * snapshot finds its directories there and takes three blocks (observed on 29.7.2).
 */
const CONTAINER_INIT_ON_INIT_USAGE = 3 * BLOCK;

/** The usage of the init snapshot of a container of an image of `content`. */
export const containerInitUsage = (content: ContainerdContent): number =>
  content.layers.some((layer) => layer.onInit !== undefined) ? CONTAINER_INIT_ON_INIT_USAGE : CONTAINER_INIT_USAGE;

/** The usage of a layer's snapshot and of the init snapshot a commit's layer sits on. */
export const layerSnapshotsUsage = (layer: StoredLayer): number => layer.usage + (layer.onInit?.usage ?? 0);

/** Every snapshot of the image's chain with its usage, bottom first: each layer's, and the init snapshot a commit's layer sits on. */
export function chainSnapshots(content: ContainerdContent, chainIds: readonly string[]): [string, number][] {
  return content.layers.flatMap((layer, i): [string, number][] => [
    ...(layer.onInit === undefined ? [] : [[layer.onInit.key, layer.onInit.usage] as [string, number]]),
    [chainIds[i]!, layer.usage],
  ]);
}

/** Whether `data` starts as a gzip stream does. */
export const isGzip = (data: Buffer): boolean => data.length >= 2 && data[0] === 0x1f && data[1] === 0x8b;

/** The layers compressed lately, by their digest: a suite imports the same tarball again and again. */
const compressed = new Map<string, Buffer>();
/** At most this many bytes of compressed layers are kept (the oldest go first). */
const COMPRESSED_KEPT_BYTES = 64 * 1024 * 1024;
let compressedBytes = 0;

/**
 * A layer compressed for the content store: moby gzips a plain layer with Go's compress/gzip at its
 * default level, which goGzip reproduces byte for byte (Go 1.26, as 29.x is built with), so the
 * blob's digest and size, and the image ID naming them, are the real daemon's.
 */
export function compressLayer(tar: Buffer): Buffer {
  const key = digestOf(tar);
  const known = compressed.get(key);
  if (known !== undefined) return known;
  const out = goGzip(tar);
  compressed.set(key, out);
  compressedBytes += out.length;
  for (const [oldest, blob] of compressed) {
    if (compressedBytes <= COMPRESSED_KEPT_BYTES) break;
    compressed.delete(oldest);
    compressedBytes -= blob.length;
  }
  return out;
}

/** An OCI descriptor as Go's ocispec.Descriptor writes it (mediaType, digest, size). */
const descriptor = (mediaType: string, data: Buffer): { mediaType: string; digest: string; size: number } => ({
  mediaType,
  digest: digestOf(data),
  size: data.length,
});

/**
 * The image's config as moby's import stores it: dockerspec.DockerOCIImage, its fields in Go's
 * order (created, the platform, rootfs, history; then the Docker config, whose empty fields are left out).
 */
export function ociConfigDocument(
  config: ImageConfig,
  created: bigint,
  diffIds: readonly string[],
  history: readonly HistoryEntry[],
  author = '',
  platform: ImagePlatform = HOST_PLATFORM,
): Buffer {
  // Go's omitempty: an empty string, list or map is left out as null is.
  const empty = (value: unknown): boolean =>
    value === null || value === '' || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value).length === 0);
  const set = <T>(value: T | null | '', key: string): Record<string, T> => (empty(value) ? {} : { [key]: value as T });
  const document = {
    created: rfc3339Nano(created),
    ...set(author, 'author'),
    ...ociPlatformFields(platform),
    rootfs: { type: 'layers', diff_ids: diffIds },
    history: history.map((step) => ({
      created: rfc3339Nano(step.created),
      ...set(step.createdBy, 'created_by'),
      ...set(step.author ?? '', 'author'),
      ...set(step.comment, 'comment'),
      ...(step.emptyLayer ? { empty_layer: true } : {}),
    })),
    config: {
      ...set(config.User, 'User'),
      ...set(config.ExposedPorts, 'ExposedPorts'),
      ...set(config.Env, 'Env'),
      ...set(config.Entrypoint, 'Entrypoint'),
      ...set(config.Cmd, 'Cmd'),
      ...set(config.Volumes, 'Volumes'),
      ...set(config.WorkingDir, 'WorkingDir'),
      ...set(config.Labels, 'Labels'),
      ...set(config.StopSignal, 'StopSignal'),
      ...set(config.Healthcheck, 'Healthcheck'),
      ...set(config.OnBuild, 'OnBuild'),
    },
  };
  return Buffer.from(JSON.stringify(document), 'utf8');
}

/** A layer of these files stored as `blob` (the body as sent when it is gzip already, else compressLayer's). */
export const storedLayer = (blob: Buffer, entries: readonly FsEntry[]): StoredLayer => ({
  blob: { digest: digestOf(blob), size: blob.length },
  data: blob,
  usage: snapshotUsage(entries),
});

/**
 * How a manifest is written: an import's as ocispec.Manifest marshals (compact, schemaVersion
 * first); a commit's (moby's writeContentsForImage) indented by four spaces, mediaType first
 * (observed on 29.7.2: 405 and 530 bytes for the suites' busybox layer).
 */
export type ManifestStyle = 'import' | 'commit';

/** The content of an image of `layers` (bottom first) and its config document, under the manifest `style` writes. */
export function containerdContent(configDocument: Buffer, layers: readonly StoredLayer[], style: ManifestStyle = 'import'): ContainerdContent {
  const config = descriptor(OCI_CONFIG, configDocument);
  const blobs = layers.map((layer) => ({ mediaType: OCI_LAYER_GZIP, ...layer.blob }));
  const manifest = Buffer.from(
    style === 'import'
      ? JSON.stringify({ schemaVersion: 2, mediaType: OCI_MANIFEST, config, layers: blobs })
      : JSON.stringify({ mediaType: OCI_MANIFEST, schemaVersion: 2, config, layers: blobs }, null, 4),
    'utf8',
  );
  return storedContent(manifest, OCI_MANIFEST, config, layers, null);
}

/** The content under a manifest already written (its bytes hash to the ID). */
function storedContent(
  manifest: Buffer,
  manifestMediaType: string,
  config: BlobDescriptor,
  layers: readonly StoredLayer[],
  annotations: Readonly<Record<string, string>> | null,
): ContainerdContent {
  return {
    manifest: { digest: digestOf(manifest), size: manifest.length },
    manifestBytes: manifest,
    manifestMediaType,
    annotations,
    config: { digest: config.digest, size: config.size },
    layers,
    contentSize: manifest.length + config.size + layers.reduce((total, layer) => total + layer.blob.size, 0),
  };
}

/** An image of a loaded archive's manifest.json entry: containerd's importer writes a Docker manifest over the archive's own blobs. */
export function loadedContent(
  configDocument: Buffer,
  layers: readonly { readonly blob: Buffer; readonly entries: readonly FsEntry[] }[],
  tag: string | null,
): ContainerdContent {
  const config = descriptor(DOCKER_CONFIG, configDocument);
  const blobs = layers.map((layer) => descriptor(isGzip(layer.blob) ? DOCKER_LAYER_GZIP : DOCKER_LAYER, layer.blob));
  const manifest = Buffer.from(JSON.stringify({ schemaVersion: 2, mediaType: DOCKER_MANIFEST, config, layers: blobs }), 'utf8');
  const stored = layers.map((layer) => storedLayer(layer.blob, layer.entries));
  return storedContent(manifest, DOCKER_MANIFEST, config, stored, tag === null ? null : nameAnnotations(tag));
}

/** An image of an archive's own manifest (an OCI layout's index names it): its bytes, and the blobs it names as the archive holds them. */
export function archivedContent(
  manifest: Buffer,
  mediaType: string,
  configDocument: Buffer,
  layers: readonly { readonly blob: Buffer; readonly entries: readonly FsEntry[] }[],
  annotations: Readonly<Record<string, string>> | null,
): ContainerdContent {
  const stored = layers.map((layer) => storedLayer(layer.blob, layer.entries));
  return storedContent(manifest, mediaType, { digest: digestOf(configDocument), size: configDocument.length }, stored, annotations);
}

/** The annotations containerd's importer gives the manifest of an image the archive names (its full name, and its tag). */
export function nameAnnotations(repoTag: string): Record<string, string> {
  const full = normalizedName(repoTag);
  return { 'io.containerd.image.name': full, 'org.opencontainers.image.ref.name': full.slice(full.lastIndexOf(':') + 1) };
}
