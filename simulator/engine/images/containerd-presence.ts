import type { Refusal } from '../json-request.js';
import { type BlobDescriptor, chainIdsOf, chainSnapshots, type ContainerdContent, EMPTY_IMAGE_CONFIG, type Image, type ObjectStore } from '../objects/index.js';
import { unpackedSize } from './shape-containerd.js';

/**
 * What of an image containerd's stores hold (moby docker-v29.7.2 daemon/containerd image_list.go
 * singlePlatformImage and computeSharedSize, image_manifest.go SnapshotUsage): the snapshots of
 * the chains some image unpacked or some container uses, and the blobs not collected. Observed on
 * 29.7.2 (2026-12-07): a loaded image of another platform lists its blobs' size alone; one whose
 * config the collector took lists the manifest and the layers another image holds.
 */

/** The chain IDs whose snapshots exist: every chain of an image unpacked, or of a container's image. */
export function unpackedChains(objects: ObjectStore): Set<string> {
  const chains = new Set<string>();
  for (const image of objects.allImages())
    if (image.containerd !== undefined && image.containerd.packedOnly !== true) for (const id of chainIdsOf(image)) chains.add(id);
  for (const container of objects.allContainers()) for (const id of chainIdsOf(container.image)) chains.add(id);
  return chains;
}

/**
 * The image's snapshots' usage: all its layers' when the snapshot of its top chain exists (moby's
 * SnapshotUsage walks from it to the bottom), none when it does not or the config that names the
 * layers is gone.
 */
export function snapshotsSize(image: Image, content: ContainerdContent, unpacked: ReadonlySet<string>): number {
  if (content.childrenCollected === true) return 0;
  const top = chainIdsOf(image).at(-1);
  return top !== undefined && unpacked.has(top) ? unpackedSize(content) : 0;
}

/**
 * The snapshots of the image that exist, each keyed by its chain ID (a commit's init snapshot, keyed
 * by its container, exists with the commit's layer): those of unpacked chains, none of an image
 * whose config is gone.
 */
export function presentSnapshots(image: Image, content: ContainerdContent, unpacked: ReadonlySet<string>): [string, number][] {
  if (content.childrenCollected === true) return [];
  const chains = chainIdsOf(image);
  return chainSnapshots(content, chains).filter(([key]) => unpacked.has(key) || !chains.includes(key));
}

/** The blobs the image reaches that the content store holds: its manifest, its config and layers unless collected (a layer another image holds stays). */
export function presentBlobs(objects: ObjectStore, image: Image, content: ContainerdContent): BlobDescriptor[] {
  if (content.childrenCollected !== true) return [content.manifest, content.config, ...content.layers.map((layer) => layer.blob)];
  const held = new Set<string>();
  for (const other of objects.allImages()) {
    const theirs = other.containerd;
    if (other === image || theirs === undefined || theirs.childrenCollected === true) continue;
    for (const layer of theirs.layers) held.add(layer.blob.digest);
  }
  return [content.manifest, ...content.layers.map((layer) => layer.blob).filter((blob) => held.has(blob.digest))];
}

/** The list's and the disk usage's Size of the image: the blobs present (each once) and the snapshots' usage. */
export function listedSize(objects: ObjectStore, image: Image, content: ContainerdContent, unpacked: ReadonlySet<string>): number {
  const blobs = content.childrenCollected === true ? new Map(presentBlobs(objects, image, content).map((blob) => [blob.digest, blob.size])) : null;
  const contentSize = blobs === null ? content.contentSize : [...blobs.values()].reduce((total, size) => total + size, 0);
  return contentSize + snapshotsSize(image, content, unpacked);
}

/** The 404 of a route that reads the image's config when the collector took it (moby's readJSON of a missing blob). */
export function missingConfig(image: Image): Refusal | null {
  const content = image.containerd;
  if (content?.childrenCollected !== true) return null;
  return { status: 404, message: `failed to read config content: NotFound: content digest ${content.config.digest}: not found` };
}

/** The image once the collector took its config and the layer blobs only it held (reading as no platform, no creation time, no config). */
export function withChildrenCollected(image: Image): Image {
  const content = image.containerd;
  if (content === undefined) return image;
  // What was read from the config goes with it: the platform, the history, the origin (its author, parent and layers).
  const { platform: _platform, history: _history, origin: _origin, ...rest } = image;
  return { ...rest, config: EMPTY_IMAGE_CONFIG, created: 0n, history: [], containerd: { ...content, childrenCollected: true, packedOnly: true } };
}

/** The image with its layers unpacked (or not). */
export function withPackedOnly(image: Image, packedOnly: boolean): Image {
  const content = image.containerd;
  return content === undefined || (content.packedOnly === true) === packedOnly ? image : { ...image, containerd: { ...content, packedOnly } };
}
