import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { shapeContainerSummary } from '../containers/shape.js';
import { shapeImageUsage } from '../images/shape.js';
import { type Image, layersOf, newestFirst, nowNanos, type ObjectStore } from '../objects/index.js';
import { apiBelow, dropConnection, queryOf, releaseBelow, sendJson } from '../replies.js';
import { shapeVolume } from '../volumes/routes.js';

/** What system df can be asked for, by the `type` values moby's router knows (from API 1.42). */
type Usage = 'container' | 'image' | 'volume' | 'build-cache';
const USAGES: readonly Usage[] = ['container', 'image', 'volume', 'build-cache'];

/**
 * The releases whose handler dereferences the missing image usage when it sets VirtualSize below
 * API 1.44 and only build-cache was asked for (moby 25.0 to 28.1, from its history; observed as a
 * dropped connection on 26.1.5, and fixed on 28.5.2).
 */
const NIL_IMAGES_PANIC = { from: '25.0', until: '28.2' } as const;

/** The parts asked for, or the value moby refuses: every part below API 1.42, on 20.10, or without `type`. */
function askedFor(x: Exchange): ReadonlySet<Usage> | { readonly unknown: string } {
  const types = queryOf(x).getAll('type');
  if (releaseBelow(x, '23.0') || apiBelow(x, '1.42') || !queryOf(x).has('type')) return new Set(USAGES);
  const asked = new Set<Usage>();
  for (const type of types) {
    if (!(USAGES as readonly string[]).includes(type)) return { unknown: type };
    asked.add(type as Usage);
  }
  return asked;
}

/**
 * Each image with the size of its layers that other images hold too (moby counts chain IDs over
 * every image: a layer held twice is shared), and the size of every layer once (LayersSize).
 */
function layerUsage(images: readonly Image[]): { readonly shared: ReadonlyMap<string, number>; readonly total: number } {
  const holders = new Map<string, number>();
  const sizes = new Map<string, number>();
  for (const image of images)
    for (const layer of layersOf(image)) {
      holders.set(layer.chainId, (holders.get(layer.chainId) ?? 0) + 1);
      sizes.set(layer.chainId, layer.size);
    }
  const shared = new Map(
    images.map((image) => [image.id, layersOf(image).reduce((sum, layer) => sum + ((holders.get(layer.chainId) ?? 0) > 1 ? layer.size : 0), 0)]),
  );
  return { shared, total: [...sizes.values()].reduce((sum, size) => sum + size, 0) };
}

function imagesPart(x: Exchange, objects: ObjectStore): { readonly LayersSize: number; readonly Images: Record<string, unknown>[] } {
  const images = objects.allImages().sort(newestFirst);
  const users = objects.imageUsers();
  const { shared, total } = layerUsage(images);
  return {
    LayersSize: total,
    Images: images.map((image) => shapeImageUsage(x, image, objects.tagsOf(image), users.get(image.id) ?? 0, shared.get(image.id) ?? 0)),
  };
}

/**
 * GET /system/df (moby's getDiskUsage and SystemDiskUsage): the parts asked for, null for the
 * others. Containers as the list shows them with their sizes; local volumes without options, with
 * their usage (the simulator mounts none and writes nothing into them); no build cache, which
 * 20.10 writes as null with its BuilderSize and later releases as []. Observed on 20.10.24, 26.1.5
 * and 28.5.2: 20.10 ignores `type`; later releases refuse a value they do not know, in the order
 * given ("unknown object type: Image", "unknown object type: " for a `type` without a value).
 */
export const diskUsageRoute: Route = {
  method: 'GET',
  path: '/system/df',
  where: 'simulator/engine/system/disk-usage.ts: GET /system/df',
  rules: [],
  handle(x) {
    const asked = askedFor(x);
    if ('unknown' in asked) return handlerError(x, 400, `unknown object type: ${asked.unknown}`);
    const old = releaseBelow(x, '23.0');
    const inventory = asked.has('container') || asked.has('image') || asked.has('volume');
    const panics = !inventory && apiBelow(x, '1.44') && !releaseBelow(x, NIL_IMAGES_PANIC.from) && releaseBelow(x, NIL_IMAGES_PANIC.until);
    if (panics) return dropConnection(x);
    const { objects } = x.state;
    const images = asked.has('image') ? imagesPart(x, objects) : { LayersSize: 0, Images: null };
    const now = nowNanos();
    const containers = asked.has('container')
      ? objects
          .allContainers()
          .sort(newestFirst)
          .map((container) => shapeContainerSummary(x, container, now, true))
      : null;
    const volumes = asked.has('volume')
      ? objects.volumes
          .all()
          .filter((volume) => volume.options === null || Object.keys(volume.options).length === 0)
          .map((volume) => ({ ...shapeVolume(x, volume), UsageData: { RefCount: 0, Size: 0 } }))
      : null;
    sendJson(x, 200, {
      ...images,
      Containers: containers,
      Volumes: volumes,
      BuildCache: old ? null : asked.has('build-cache') ? [] : null,
      ...(old ? { BuilderSize: 0 } : {}),
    });
  },
};
