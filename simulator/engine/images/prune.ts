import type { Route } from '../../http/route.js';
import { booleanFilter, exactMatch, type FilterArgs, filterValues, invalidFilterMessage } from '../filters/filter-args.js';
import { readPruneFilters } from '../filters/prune-filters.js';
import { layersOf } from '../objects/index.js';
import { releaseBelow, sendJson } from '../replies.js';
import { type DeleteRecord, deleteImage } from './delete.js';
import { usesContainerdStore } from './image-store.js';
import { pruneContainerdImages } from './prune-containerd.js';

/**
 * Whether only dangling images go: 20.10 reads `dangling` with Args.ExactMatch (a key without
 * values matches false first, so it takes every image; `[true false]` too), later releases with
 * GetBoolOrDefault (no value, or true and false together, refused). Observed on 20.10.24, 26.1.5,
 * 28.5.2.
 */
function danglingOnly(args: FilterArgs, old: boolean): boolean | { readonly refused: string } {
  if (!args.has('dangling')) return true;
  if (!old) {
    const read = booleanFilter(args, 'dangling', false);
    return read === undefined ? true : read;
  }
  const matches = (value: string): boolean => exactMatch(args, 'dangling', value);
  if (matches('false') || matches('0')) return false;
  return matches('true') || matches('1') ? true : { refused: invalidFilterMessage('dangling', filterValues(args, 'dangling'), true) };
}

/**
 * POST /images/prune (moby's ImagesPrune): the images with no child (every image with
 * `dangling=false`) that are tagged or childless, made by `until` and matching the labels; each
 * untagged one deleted by ID, each tagged one (only with `dangling=false`) by each of its tags, as
 * a delete without force that also takes untagged parents, a conflict passing the image over.
 * SpaceReclaimed: the layers the deletes released. The releases take the images in Go's map order.
 */
export const imagePruneRoute: Route = {
  method: 'POST',
  path: '/images/prune',
  where: 'simulator/engine/images/prune.ts: POST /images/prune',
  rules: [],
  handle(x) {
    const filters = readPruneFilters(x, {
      accepted: ['dangling', 'label', 'label!', 'until'],
      untilAlwaysPlain: true,
      between: (args, old) => {
        const read = danglingOnly(args, old);
        return typeof read === 'object' ? read.refused : null;
      },
    });
    if (filters === null) return;
    const only = danglingOnly(filters.args, releaseBelow(x, '23.0')) === true;
    const { objects } = x.state;
    if (usesContainerdStore(x.state.config)) {
      const pruned = pruneContainerdImages(objects, only, (image) => filters.keep(image.config.Labels, image.created));
      return sendJson(x, 200, { ImagesDeleted: pruned.deleted.length === 0 ? null : pruned.deleted, SpaceReclaimed: pruned.reclaimed });
    }
    const sizes = new Map(objects.allImages().flatMap((image) => layersOf(image).map((layer) => [layer.chainId, layer.size] as const)));
    const chosen = objects
      .allImages()
      .filter((image) => {
        const childless = !objects.hasChildren(image);
        return (!only || childless) && (childless || objects.tagsOf(image).length > 0);
      })
      .filter((image) => filters.keep(image.config.Labels, image.created));
    const deleted: DeleteRecord[] = [];
    for (const image of chosen) {
      // An earlier delete may have taken it as a parent.
      if (objects.findImage(image.id) !== image) continue;
      const tags = objects.tagsOf(image);
      const names = tags.length === 0 ? [image.id.slice(7)] : only ? [] : tags;
      for (const name of names) {
        const outcome = deleteImage(objects, image, name, false, true);
        if ('records' in outcome) deleted.push(...outcome.records);
      }
    }
    const reclaimed = deleted.reduce((sum, record) => sum + ('Deleted' in record ? (sizes.get(record.Deleted) ?? 0) : 0), 0);
    objects.events.record('image', 'prune', '', { reclaimed: String(reclaimed) });
    sendJson(x, 200, { ImagesDeleted: deleted.length === 0 ? null : deleted, SpaceReclaimed: reclaimed });
  },
};
