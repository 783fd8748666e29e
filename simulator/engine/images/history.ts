import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { diffIdsOf, unixSeconds, type Image } from '../objects/index.js';
import { apiBelow, queryOf, sendJson } from '../replies.js';
import { decodePlatform } from './platform.js';
import { platformMismatch } from './platform-lookup.js';
import { imageOr404 } from './routes.js';
import { missingConfig } from './containerd-presence.js';

/**
 * moby's ImageHistory: the image's history newest first, each step sized by the layer it made
 * (taken in the order of the image's diff IDs; a step that made none is 0), then named by the
 * images down the parent chain (the image, its parent, …) with their tags, "<missing>" below the
 * last image the daemon has. Observed on 20.10.24, 26.1.5 and 28.5.2.
 */
function historyOf(x: Exchange, image: Image): Record<string, unknown>[] {
  const steps = image.history ?? [];
  const sizes = image.layerSizes ?? diffIdsOf(image).map(() => 0);
  let layer = 0;
  const items = steps.map((step) => ({
    Comment: step.comment,
    Created: unixSeconds(step.created),
    CreatedBy: step.createdBy,
    Id: '<missing>',
    Size: step.emptyLayer ? 0 : (sizes[layer++] ?? 0),
    Tags: null as string[] | null,
  }));
  items.reverse();
  const { objects } = x.state;
  let current: Image | undefined = image;
  for (const item of items) {
    if (current === undefined) break;
    item.Id = current.id;
    const tags = objects.tagsOf(current);
    item.Tags = tags.length === 0 ? null : tags;
    const parent: string = current.origin?.parent ?? '';
    current = parent === '' ? undefined : objects.findImage(parent);
  }
  return items;
}

/**
 * GET /images/{name}/history: from API 1.48 a `platform` is read first (moby DecodePlatform) and
 * must be the image's (images/platform-lookup.ts), else 404 (observed on 28.5.2 and 29.7.2).
 */
export const imageHistoryRoute: Route = {
  method: 'GET',
  path: '/images/{name}/history',
  slashedParams: ['name'],
  where: 'simulator/engine/images/history.ts: GET /images/{name}/history',
  rules: [],
  handle(x) {
    const name = x.params['name'] ?? '';
    const given = apiBelow(x, '1.48') ? '' : (queryOf(x).get('platform') ?? '');
    const platform = given === '' ? null : decodePlatform(given, x.state.config.release.release);
    if (platform !== null && 'error' in platform) return handlerError(x, 400, platform.error);
    const image = imageOr404(x, name);
    if (image === undefined) return;
    const mismatch = platform === null ? null : platformMismatch(x, image, name, platform.platform, 'only');
    if (mismatch !== null) return handlerError(x, 404, mismatch);
    const unreadable = missingConfig(image);
    if (unreadable !== null) return handlerError(x, unreadable.status, unreadable.message);
    sendJson(x, 200, historyOf(x, image));
  },
};
