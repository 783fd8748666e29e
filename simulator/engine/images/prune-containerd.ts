import { chainIdsOf, layerSnapshotsUsage, normalizedName, type Image, type ObjectStore } from '../objects/index.js';
import { presentBlobs } from './containerd-presence.js';
import type { DeleteRecord } from './delete.js';

/**
 * POST /images/prune in containerd's store (moby docker-v29.7.2 daemon/containerd/image_prune.go
 * pruneUnused and pruneAll), where each tag is an image record and an untagged image one dangling
 * record: the records the filters keep (only the dangling ones unless `dangling=false`), less those
 * a container names or whose image it uses, go one by one, each an `Untagged` (a dangling one under
 * its digest); an image left without records goes with its content (`Deleted`). SpaceReclaimed:
 * the blobs and snapshots no image or container holds any more. No prune event is logged.
 */

/** One record of the store: a tag (familiar `repo:tag`) or the image's dangling name. */
interface StoreRecord {
  readonly image: Image;
  /** The familiar tag, or null for the dangling record. */
  readonly tag: string | null;
}

/** The name the store sorts a record by: its full name, or the dangling name (moby-dangling@<digest>). */
const sortName = (record: StoreRecord): string => (record.tag === null ? `moby-dangling@${record.image.id}` : normalizedName(record.tag));

/** Whether a container's image reference names the image by its ID (full or a prefix) or by its digest. */
function namesById(reference: string, image: Image): boolean {
  const id = `sha256:${reference.replace(/^sha256:/, '')}`;
  return image.id.startsWith(id) || reference.endsWith(`@${image.id}`);
}

export interface PruneOutcome {
  readonly deleted: DeleteRecord[];
  readonly reclaimed: number;
}

export function pruneContainerdImages(objects: ObjectStore, danglingOnly: boolean, keep: (image: Image) => boolean): PruneOutcome {
  const images = objects.allImages();
  const recordsOf = (image: Image): StoreRecord[] => objects.recordsOf(image).map(({ tag }) => ({ image, tag }));
  const refCount = new Map(images.map((image) => [image.id, recordsOf(image).length]));
  const candidates = new Map<string, StoreRecord>();
  for (const image of images)
    for (const record of recordsOf(image)) if ((!danglingOnly || record.tag === null) && keep(image)) candidates.set(sortName(record), record);
  // filterImagesUsedByContainers: a container keeps its image's dangling record and the tag it names.
  const used = new Set<string>();
  for (const container of objects.allContainers()) {
    candidates.delete(`moby-dangling@${container.image.id}`);
    if (namesById(container.imageRef, container.image)) used.add(container.image.id);
    else candidates.delete(normalizedName(container.imageRef));
  }
  for (const name of [...candidates.keys()].sort()) {
    const record = candidates.get(name)!;
    const count = refCount.get(record.image.id) ?? 0;
    if (count > 1) refCount.set(record.image.id, count - 1);
    else if (used.has(record.image.id)) candidates.delete(name);
  }
  return pruneAll(
    objects,
    [...candidates.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, record]) => record),
  );
}

/** The records removed in turn (moby walks a Go map: the releases' order varies; here the store's). */
function pruneAll(objects: ObjectStore, records: readonly StoreRecord[]): PruneOutcome {
  const deleted: DeleteRecord[] = [];
  let reclaimed = 0;
  for (const { image, tag } of records) {
    const name = tag ?? image.id;
    if (tag !== null) objects.untag(tag);
    else objects.events.record('image', 'untag', image.id, { name });
    deleted.push({ Untagged: name });
    if (objects.tagsOf(image).length > 0) continue;
    const held = heldContent(objects, image);
    const freed = freedBy(objects, image, held);
    objects.removeImage(image, name);
    deleted.push({ Deleted: image.id });
    reclaimed += freed;
  }
  return { deleted, reclaimed };
}

/** The blobs and snapshots other images, and the containers, still hold: the blobs present, the snapshots of the chains they unpacked or use. */
function heldContent(objects: ObjectStore, leaving: Image): { readonly blobs: ReadonlySet<string>; readonly chains: ReadonlySet<string> } {
  const others = objects.allImages().filter((image) => image !== leaving);
  const blobs = new Set(
    others.flatMap((image) => {
      const content = image.containerd;
      return content === undefined ? [] : presentBlobs(objects, image, content).map((blob) => blob.digest);
    }),
  );
  const unpackedOthers = [...others.filter((image) => image.containerd?.packedOnly !== true), ...objects.allContainers().map((container) => container.image)];
  return { blobs, chains: new Set(unpackedOthers.flatMap(chainIdsOf)) };
}

/** What removing the image's content frees: its blobs present and its snapshots that exist, where nothing else holds them. */
function freedBy(objects: ObjectStore, image: Image, held: { readonly blobs: ReadonlySet<string>; readonly chains: ReadonlySet<string> }): number {
  const content = image.containerd;
  if (content === undefined) return 0;
  const blobs = presentBlobs(objects, image, content);
  const freedBlobs = [...new Map(blobs.map((blob) => [blob.digest, blob.size])).entries()].filter(([digest]) => !held.blobs.has(digest));
  const chains = chainIdsOf(image);
  const unpacked = content.packedOnly !== true && content.childrenCollected !== true;
  const freedSnapshots = unpacked ? content.layers.filter((_, i) => !held.chains.has(chains[i]!)) : [];
  return freedBlobs.reduce((total, [, size]) => total + size, 0) + freedSnapshots.reduce((total, layer) => total + layerSnapshotsUsage(layer), 0);
}
