import { fillMessage } from '../../../common/messages.js';
import { chainIdsOf, type Image, type ObjectStore } from '../objects/index.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { boolQuery, sendJson } from '../replies.js';
import { deleteContainerdImage } from './delete-containerd.js';
import { imageOr404 } from './routes.js';

export type DeleteRecord = { readonly Untagged: string } | { readonly Deleted: string };

/** Whether `name` names the image by its ID (full, `sha256:` or a prefix) rather than by a reference (moby isImageIDPrefix). */
const byId = (image: Image, name: string): boolean => {
  const hex = name.startsWith('sha256:') ? name.slice(7) : name;
  return /^[0-9a-f]+$/.test(hex) && image.id.slice(7).startsWith(hex);
};

/**
 * The layers a deleted image's removal releases, its top first: those no other image and no
 * container (which keeps its image's layers under its own) still holds (moby layer store
 * release, each released layer a `Deleted` record: observed on 20.10.24, 26.1.5, 28.5.2).
 */
function releasedLayers(objects: ObjectStore): (image: Image) => DeleteRecord[] {
  return (image) => {
    const held = new Set([...objects.allImages(), ...objects.allContainers().map((container) => container.image)].flatMap(chainIdsOf));
    const released: DeleteRecord[] = [];
    for (const chain of chainIdsOf(image).reverse()) {
      if (held.has(chain)) break;
      released.push({ Deleted: chain });
    }
    return released;
  };
}

interface Conflict {
  readonly message: string;
  /** A container uses the image (moby imageDeleteConflict.used). */
  readonly used: boolean;
}

/** Which of moby's conflicts count: the hard ones (children, a running container) always; the soft ones (tags, a stopped container) unless forced. */
interface ConflictMask {
  readonly references: boolean;
  readonly stopped: boolean;
}

/** The conflict that keeps the image (moby checkImageDeleteConflict's order), or null. */
function conflictOf(objects: ObjectStore, image: Image, soft: ConflictMask): Conflict | null {
  const short = image.id.slice(7, 19);
  const message = (words: string, values: Readonly<Record<string, string>> = {}): string => fillMessage(words, { image: short, ...values });
  if (objects.hasChildren(image)) return { message: message(ENGINE_MESSAGES.imageHasChildren), used: false };
  const users = objects.allContainers().filter((container) => container.image.id === image.id);
  const running = users.find((container) => container.state === 'running');
  if (running !== undefined) return { message: message(ENGINE_MESSAGES.imageInUseRunning, { container: running.id.slice(0, 12) }), used: true };
  if (soft.references && objects.tagsOf(image).length > 0) return { message: message(ENGINE_MESSAGES.imageMultipleRepositories), used: false };
  const stopped = users.find((container) => container.state !== 'running');
  if (soft.stopped && stopped !== undefined) return { message: message(ENGINE_MESSAGES.imageInUse, { container: stopped.id.slice(0, 12) }), used: true };
  return null;
}

/**
 * moby's imageDeleteHelper: the image goes with its tags and the layers it releases, unless a
 * conflict keeps it; `quiet` passes over a conflict when the image is not dangling or a container
 * uses it. With `prune`, the parent follows, quietly, where it is left untagged and childless.
 */
function deleteHelper(objects: ObjectStore, image: Image, records: DeleteRecord[], force: boolean, prune: boolean, quiet: boolean): Conflict | null {
  const conflict = conflictOf(objects, image, { references: !force, stopped: !force });
  if (conflict !== null) {
    const dangling = objects.tagsOf(image).length === 0 && !objects.hasChildren(image);
    return quiet && (!dangling || conflict.used) ? null : conflict;
  }
  for (const tag of objects.tagsOf(image)) {
    objects.untag(tag);
    records.push({ Untagged: tag });
  }
  objects.removeImage(image);
  records.push({ Deleted: image.id }, ...releasedLayers(objects)(image));
  const parent = image.origin?.parent === undefined || image.origin.parent === '' ? undefined : objects.findImage(image.origin.parent);
  return prune && parent !== undefined ? deleteHelper(objects, parent, records, false, true, true) : null;
}

/** What a delete answers: its records, or the conflict (409) that refused it. */
export type DeleteOutcome = { readonly records: readonly DeleteRecord[] } | { readonly refusal: string };

/**
 * moby's ImageDelete: by reference, the tag goes first (refused without force when it is the
 * image's only one and a container uses the image), and the image follows, quietly, when no tag is
 * left; by ID, an image with one tag loses it unless a conflict keeps the image, one with more goes
 * only with force. `prune` (no `noprune`) takes the parents left untagged and childless too.
 * Observed on 20.10.24, 26.1.5, 28.5.2.
 */
export function deleteImage(objects: ObjectStore, image: Image, name: string, force: boolean, prune: boolean): DeleteOutcome {
  const tags = objects.tagsOf(image);
  const records: DeleteRecord[] = [];
  let quiet = false;
  if (!byId(image, name)) {
    const user = objects.allContainers().find((container) => container.image.id === image.id);
    if (!force && tags.length === 1 && user !== undefined)
      return { refusal: fillMessage(ENGINE_MESSAGES.referenceInUse, { reference: name, container: user.id.slice(0, 12), image: image.id.slice(7, 19) }) };
    const named = objects.taggedAs(name) ?? name;
    objects.untag(named);
    records.push({ Untagged: named });
    if (tags.length > 1) return { records };
    quiet = true;
  } else if (tags.length === 1) {
    const conflict = conflictOf(objects, image, { references: false, stopped: !force });
    if (conflict !== null) return { refusal: conflict.message };
    objects.untag(tags[0]!);
    records.push({ Untagged: tags[0]! });
  }
  const conflict = deleteHelper(objects, image, records, force, prune, quiet);
  return conflict === null ? { records } : { refusal: conflict.message };
}

/** DELETE /images/{name}: moby's ImageDelete (deleteImage), with `force` and `noprune`. */
export const imageDeleteRoute: Route = {
  method: 'DELETE',
  path: '/images/{name}',
  slashedParams: ['name'],
  where: 'simulator/engine/images/delete.ts: DELETE /images/{name}',
  rules: [],
  handle(x) {
    const name = x.params['name'] ?? '';
    // An empty name (DELETE /images/) is refused before any lookup (observed on 20.10.24, 26.1.5, 28.5.2).
    if (name === '') return handlerError(x, 400, ENGINE_MESSAGES.blankImageName);
    const image = imageOr404(x, name);
    if (image === undefined) return;
    const force = boolQuery(x, 'force');
    const outcome =
      image.containerd === undefined
        ? deleteImage(x.state.objects, image, name, force, !boolQuery(x, 'noprune'))
        : deleteContainerdImage(x.state.objects, image, name, force);
    if ('refusal' in outcome) return handlerError(x, 409, outcome.refusal);
    sendJson(x, 200, outcome.records);
  },
};
