import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { diskUsageContainer, shapeContainerSummary } from '../containers/shape.js';
import { usesContainerdStore } from '../images/image-store.js';
import { isHiddenIntermediate } from '../images/routes.js';
import { shapeImageUsage } from '../images/shape.js';
import { shapeContainerdUsage } from '../images/shape-containerd.js';
import { listedSize, presentBlobs, presentSnapshots, unpackedChains } from '../images/containerd-presence.js';
import { canonical, type Image, layersOf, newestFirst, nowNanos, type ObjectStore } from '../objects/index.js';
import { apiBelow, boolQuery, dropConnection, queryOf, releaseBelow, sendJson } from '../replies.js';
import { shapeVolume } from '../volumes/routes.js';
import { usersOf } from '../containers/mount-points.js';
import { volumeSize } from '../containers/volume-population.js';

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

/** The images with their usage, newest first, and the size of every layer once. */
function imagesPart(x: Exchange, objects: ObjectStore): { readonly LayersSize: number; readonly Images: Record<string, unknown>[] } {
  // moby's df lists images as the list does without `all`.
  const images = objects
    .allImages()
    .filter((image) => !isHiddenIntermediate(objects, image))
    .sort(newestFirst);
  const users = objects.imageUsers();
  const unpacked = unpackedChains(objects);
  const { shared, total } = usesContainerdStore(x.state.config) ? containerdUsage(objects, images, unpacked) : layerUsage(images);
  return {
    LayersSize: total,
    Images: images.map((image) => {
      const [tags, containers, sharedSize] = [objects.tagsOf(image), users.get(image.id) ?? 0, shared.get(image.id) ?? 0];
      const content = image.containerd;
      return content === undefined
        ? shapeImageUsage(x, image, tags, containers, sharedSize)
        : shapeContainerdUsage(image, content, tags, containers, sharedSize, listedSize(objects, image, content, unpacked));
    }),
  };
}

/**
 * containerd's store (moby's c8d Images with SharedSize, and ImageDiskUsage): an image shares the
 * snapshots and blobs other images hold too; the total counts each snapshot and each blob once.
 * Only what exists counts: the snapshots of unpacked chains, the blobs not collected. A snapshot is
 * keyed apart from a blob: a plain layer's blob digest is its chain ID too.
 */
function containerdUsage(
  objects: ObjectStore,
  images: readonly Image[],
  unpacked: ReadonlySet<string>,
): { readonly shared: ReadonlyMap<string, number>; readonly total: number } {
  const holders = new Map<string, number>();
  const sizes = new Map<string, number>();
  const partsOf = (image: Image): [string, number][] => {
    const content = image.containerd;
    if (content === undefined) return [];
    const snapshots = presentSnapshots(image, content, unpacked);
    const blobs = new Map(presentBlobs(objects, image, content).map((blob) => [`blob ${blob.digest}`, blob.size]));
    return [...snapshots.map(([key, size]): [string, number] => [`snapshot ${key}`, size]), ...blobs];
  };
  for (const image of images)
    for (const [key, size] of partsOf(image)) {
      holders.set(key, (holders.get(key) ?? 0) + 1);
      sizes.set(key, size);
    }
  const shared = new Map(images.map((image) => [image.id, partsOf(image).reduce((sum, [key, size]) => sum + ((holders.get(key) ?? 0) > 1 ? size : 0), 0)]));
  return { shared, total: [...sizes.values()].reduce((sum, size) => sum + size, 0) };
}

/** The containers with their sizes, newest first: before 29.0 as the list shows them, from 29.0 as the daemon's summaries are (diskUsageContainer). */
function containersPart(x: Exchange, objects: ObjectStore): Record<string, unknown>[] {
  const now = nowNanos();
  const shape = releaseBelow(x, '29.0') ? shapeContainerSummary : diskUsageContainer;
  return objects
    .allContainers()
    .sort(newestFirst)
    .map((container) => shape(x, container, now, true));
}

/** The local volumes without options, with their usage: the containers that mount each, and the size of what a create copied in (volume-population.ts). */
function volumesPart(x: Exchange, objects: ObjectStore): Record<string, unknown>[] {
  return objects.volumes
    .all()
    .filter((volume) => volume.options === null || Object.keys(volume.options).length === 0)
    .map((volume) => ({ ...shapeVolume(x, volume), UsageData: { RefCount: usersOf(x, volume.name).length, Size: volumeSize(volume) } }));
}

/** A usage summary (moby's image, container, volume and build DiskUsage): every field omitempty. */
function usage(fields: {
  readonly ActiveCount: number;
  readonly Items: readonly unknown[];
  readonly Reclaimable: number;
  readonly TotalCount: number;
  readonly TotalSize: number;
}): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => (Array.isArray(value) ? value.length > 0 : value !== 0)));
}

const ACTIVE_STATES = new Set(['running', 'paused', 'restarting']);

/**
 * From 29.0 (moby docker-v29.0.0 daemon/server/router/system/system_routes.go getDiskUsage,
 * daemon/disk_usage.go; observed on 29.7.2, 2026-12-05): the lists of the parts asked for, each
 * left out when not asked (omitzero), LayersSize only when not 0; from API 1.52 a usage summary
 * per part asked for too (counts, sizes and, but with `verbose`, its items), and with `verbose`
 * the summaries alone.
 */
function diskUsageFrom29(x: Exchange, asked: ReadonlySet<Usage>): Record<string, unknown> {
  const { objects } = x.state;
  const summaries = !apiBelow(x, '1.52');
  const lists = !(summaries && boolQuery(x, 'verbose'));
  const images = asked.has('image') ? imagesPart(x, objects) : null;
  const containers = asked.has('container') ? containersPart(x, objects) : null;
  const volumes = asked.has('volume') ? volumesPart(x, objects) : null;
  const document: Record<string, unknown> = {};
  if (lists) {
    if (images !== null && images.LayersSize !== 0) document['LayersSize'] = images.LayersSize;
    if (images !== null) document['Images'] = images.Images;
    if (containers !== null) document['Containers'] = containers;
    if (volumes !== null) document['Volumes'] = volumes;
    if (asked.has('build-cache')) document['BuildCache'] = [];
  }
  if (!summaries) {
    // Below API 1.44 moby's router wraps a df with images (compat.Wrap, VirtualSize in each): every object's keys sorted.
    const images = document['Images'];
    if (!apiBelow(x, '1.44') || !Array.isArray(images) || images.length === 0) return document;
    return canonical({ ...document, Images: images.map((image: Record<string, unknown>) => ({ ...image, VirtualSize: image['Size'] })) }) as Record<
      string,
      unknown
    >;
  }
  if (images !== null) {
    const unused = images.Images.filter((image) => image['Containers'] === 0);
    document['ImageUsage'] = usage({
      ActiveCount: images.Images.length - unused.length,
      Items: images.Images,
      // moby's imageDiskUsage: what each image no container uses holds alone.
      Reclaimable: unused.reduce((sum, image) => sum + (image['Size'] as number) - (image['SharedSize'] as number), 0),
      TotalCount: images.Images.length,
      TotalSize: images.LayersSize,
    });
  }
  if (containers !== null) {
    const own = (container: Record<string, unknown>): number => (container['SizeRw'] as number | undefined) ?? 0;
    const idle = containers.filter((container) => !ACTIVE_STATES.has(container['State'] as string));
    document['ContainerUsage'] = usage({
      ActiveCount: containers.length - idle.length,
      Items: containers,
      Reclaimable: idle.reduce((sum, container) => sum + own(container), 0),
      TotalCount: containers.length,
      TotalSize: containers.reduce((sum, container) => sum + own(container), 0),
    });
  }
  if (volumes !== null) {
    const usageOf = (volume: Record<string, unknown>): { RefCount: number; Size: number } => volume['UsageData'] as { RefCount: number; Size: number };
    const idle = volumes.filter((volume) => usageOf(volume).RefCount === 0);
    document['VolumeUsage'] = usage({
      ActiveCount: volumes.length - idle.length,
      Items: volumes,
      Reclaimable: idle.reduce((sum, volume) => sum + usageOf(volume).Size, 0),
      TotalCount: volumes.length,
      TotalSize: volumes.reduce((sum, volume) => sum + usageOf(volume).Size, 0),
    });
  }
  if (asked.has('build-cache')) document['BuildCacheUsage'] = {};
  return document;
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
    if (!releaseBelow(x, '29.0')) return sendJson(x, 200, diskUsageFrom29(x, asked));
    const images = asked.has('image') ? imagesPart(x, objects) : { LayersSize: 0, Images: null };
    const containers = asked.has('container') ? containersPart(x, objects) : null;
    const volumes = asked.has('volume') ? volumesPart(x, objects) : null;
    sendJson(x, 200, {
      ...images,
      Containers: containers,
      Volumes: volumes,
      BuildCache: old ? null : asked.has('build-cache') ? [] : null,
      ...(old ? { BuilderSize: 0 } : {}),
    });
  },
};
