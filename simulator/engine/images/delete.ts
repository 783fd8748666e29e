import { fillMessage } from '../../../common/messages.js';
import { chainIdsOf, type Image, type ObjectStore } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { boolQuery, sendJson } from '../replies.js';
import { imageOr404 } from './routes.js';

type DeleteRecord = { readonly Untagged: string } | { readonly Deleted: string };

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

/** The conflict that keeps the image (moby checkImageDeleteConflict's order), or null; `soft`: the ones force overrides count. */
function conflictOf(x: Exchange, image: Image, soft: { readonly references: boolean; readonly stopped: boolean }): Conflict | null {
  const { objects } = x.state;
  const short = image.id.slice(7, 19);
  const message = (words: string, values: Readonly<Record<string, string>> = {}): string => fillMessage(words, { image: short, ...values });
  if (objects.allImages().some((other) => other.origin?.parent === image.id)) return { message: message(ENGINE_MESSAGES.imageHasChildren), used: false };
  const users = objects.allContainers().filter((container) => container.image.id === image.id);
  const running = users.find((container) => container.state === 'running');
  if (running !== undefined) return { message: message(ENGINE_MESSAGES.imageInUseRunning, { container: running.id.slice(0, 12) }), used: true };
  if (soft.references && objects.tagsOf(image).length > 0) return { message: message(ENGINE_MESSAGES.imageMultipleRepositories), used: false };
  const stopped = users.find((container) => container.state !== 'running');
  if (soft.stopped && stopped !== undefined) return { message: message(ENGINE_MESSAGES.imageInUse, { container: stopped.id.slice(0, 12) }), used: true };
  return null;
}

/**
 * DELETE /images/{name} as moby's ImageDelete: by reference, the tag goes first (refused without
 * force when it is the image's only one and a container uses the image), and the image follows
 * when no tag is left and nothing keeps it; by ID, an image with one tag loses it and goes, one
 * with more only with force. Every tag untagged, the image and each layer it releases are
 * records (observed on 20.10.24, 26.1.5, 28.5.2).
 */
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
    const { objects } = x.state;
    const force = boolQuery(x, 'force');
    const tags = objects.tagsOf(image);
    const records: DeleteRecord[] = [];
    if (!byId(image, name)) {
      const user = objects.allContainers().find((container) => container.image.id === image.id);
      if (!force && tags.length === 1 && user !== undefined)
        return handlerError(
          x,
          409,
          fillMessage(ENGINE_MESSAGES.referenceInUse, { reference: name, container: user.id.slice(0, 12), image: image.id.slice(7, 19) }),
        );
      const named = objects.taggedAs(name) ?? name;
      objects.untag(named);
      records.push({ Untagged: named });
      if (tags.length > 1) return sendJson(x, 200, records);
      // The tag gone, a container's conflict leaves the image be, dangling (moby's quiet imageDeleteHelper); another is an error.
      const conflict = conflictOf(x, image, { references: false, stopped: !force });
      if (conflict?.used === true) return sendJson(x, 200, records);
      if (conflict !== null) return handlerError(x, 409, conflict.message);
    } else {
      // More than one tag is a conflict of its own (moby isSingleReference), which force overrides.
      const conflict = conflictOf(x, image, { references: !force && tags.length > 1, stopped: !force });
      if (conflict !== null) return handlerError(x, 409, conflict.message);
      for (const tag of tags) {
        objects.untag(tag);
        records.push({ Untagged: tag });
      }
    }
    objects.removeImage(image);
    sendJson(x, 200, [...records, { Deleted: image.id }, ...releasedLayers(objects)(image)]);
  },
};
