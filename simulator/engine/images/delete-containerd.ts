import { fillMessage } from '../../../common/messages.js';
import { splitReference, type Image, type ObjectStore } from '../objects/index.js';
import { ENGINE_MESSAGES } from '../messages.js';
import type { DeleteOutcome } from './delete.js';

/**
 * DELETE /images/{name} in containerd's store (moby docker-v29.7.2 daemon/containerd/image_delete.go
 * ImageDelete), where each tag is an image record of its own: a tag that leaves others goes alone;
 * the last one, or the image by ID, takes every record and the image, whose content goes with it
 * (no layer is named: only `Untagged` records and one `Deleted`, the manifest's digest). Observed on
 * 29.7.2 (2026-12-06).
 */

/** Whether `name` spells the image's ID or a prefix of 4 to 64 of its digits (isImageIDPrefix over checkTruncatedID). */
const byId = (image: Image, name: string): boolean => {
  const hex = name.startsWith('sha256:') ? name.slice(7) : name;
  return /^[0-9a-f]{4,64}$/.test(hex) && image.id.slice(7).startsWith(hex);
};

const short = (id: string): string => id.replace(/^sha256:/, '').slice(0, 12);

/** The container kinds a conflict check looks for (moby's conflictType). */
interface ConflictMask {
  readonly stopped: boolean;
  readonly references: boolean;
}

/** checkImageDeleteConflict: a running container (never forced), a stopped one, more than one record. */
function conflictOf(objects: ObjectStore, image: Image, records: number, mask: ConflictMask): string | null {
  const message = (words: string, values: Readonly<Record<string, string>> = {}): string => fillMessage(words, { image: short(image.id), ...values });
  const users = objects.allContainers().filter((container) => container.image.id === image.id);
  const running = users.find((container) => container.state === 'running');
  if (running !== undefined) return message(ENGINE_MESSAGES.imageInUseRunning, { container: short(running.id) });
  const stopped = users.find((container) => container.state !== 'running');
  if (mask.stopped && stopped !== undefined) return message(ENGINE_MESSAGES.imageInUse, { container: short(stopped.id) });
  if (mask.references && records > 1) return message(ENGINE_MESSAGES.imageMultipleRepositories);
  return null;
}

/**
 * Removes each tag (an `Untagged` record and its event, in the store's order), then the image
 * (`Deleted`): moby's deleteAll. An image whose last tag goes while another was committed from it
 * stays, dangling (imageDeleteHelper), though the answer says `Deleted` all the same, and its
 * delete event still finds its labels.
 */
function deleteAll(objects: ObjectStore, image: Image, mask: ConflictMask): DeleteOutcome {
  const tags = objects.tagsOf(image);
  // An untagged image is one record, its dangling name.
  const conflict = conflictOf(objects, image, Math.max(tags.length, 1), mask);
  if (conflict !== null) return { refusal: conflict };
  const keptDangling = tags.length === 1 && mask.references && objects.hasChildren(image);
  for (const tag of tags) objects.untag(tag);
  if (keptDangling) objects.imageEvent(image, 'delete', image.id);
  else objects.removeImage(image);
  return { records: [...tags.map((tag) => ({ Untagged: tag })), { Deleted: image.id }] };
}

/**
 * The tags a reference takes along (getSameReferences): those of its repository with its tag. By
 * ID (no reference), the first tag's repository and tag stand for it.
 */
function sameReferences(tags: readonly string[], named: string | null): string[] {
  const first = named ?? tags[0];
  if (first === undefined) return [];
  const { repo, tag } = splitReference(first);
  return tags.filter((other) => splitReference(other).repo === repo && splitReference(other).tag === tag);
}

/** moby's c8d ImageDelete of `image` as `name` named it (`noprune` changes nothing: an import has no parent). */
export function deleteContainerdImage(objects: ObjectStore, image: Image, name: string, force: boolean): DeleteOutcome {
  const tags = objects.tagsOf(image);
  const records = Math.max(tags.length, 1);
  const soft = { stopped: !force, references: !force };
  if (byId(image, name)) {
    // All the records are the ID's; deleting every one of them needs no force for being several.
    const all = sameReferences(tags, null).length === tags.length;
    return deleteAll(objects, image, { ...soft, references: soft.references && !all });
  }
  const named = objects.taggedAs(name);
  if (named === undefined) return deleteAll(objects, image, soft);
  const same = sameReferences(tags, named);
  if (same.length !== records) {
    for (const tag of same) objects.untag(tag);
    return { records: same.map((tag) => ({ Untagged: tag })) };
  }
  const user = objects.allContainers().find((container) => container.image.id === image.id);
  if (user !== undefined) {
    if (!force)
      return { refusal: fillMessage(ENGINE_MESSAGES.referenceInUseContainerd, { reference: named, container: short(user.id), image: short(image.id) }) };
    // Forced: the tag goes, the image stays, dangling (softImageDelete).
    objects.untag(named);
    return { records: [{ Untagged: named }] };
  }
  return deleteAll(objects, image, soft);
}
