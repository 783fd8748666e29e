import type { Exchange } from '../../http/exchange.js';
import {
  canonical,
  diffIdsOf,
  GO_ZERO_TIME_TEXT,
  inspectPlatformFields,
  layerSnapshotsUsage,
  ociPlatformFields,
  platformOf,
  rfc3339Nano,
  splitReference,
  unixSeconds,
  type Image,
} from '../objects/index.js';
import { apiBelow, sortedMap } from '../replies.js';
import { containerFields, shapeImageConfig } from './shape.js';

/**
 * The image documents of containerd's store (moby docker-v29.7.2 daemon/containerd image_inspect.go,
 * image_list.go and the image router), observed on 29.7.2 (2026-12-06): the ID is the manifest's
 * digest, the Descriptor names it, RepoDigests pair each repository with it, Size counts content
 * (and in the list the snapshots too), and the graph driver's fields are gone.
 */

/** The snapshotter's name, which the legacy GraphDriver field shows below API 1.52. */
export const SNAPSHOTTER = 'overlayfs';

type Content = NonNullable<Image['containerd']>;

/** `repo@<manifest digest>` of a tag's repository. */
const repoDigest = (image: Image, tag: string): string => `${splitReference(tag).repo}@${image.id}`;

/** Each tag's repository digest, once each (collectRepoTagsAndDigests). */
const repoDigestsOf = (image: Image, repoTags: readonly string[]): string[] => [...new Set(repoTags.map((tag) => repoDigest(image, tag)))];

const descriptorOf = (image: Image, content: Content) => ({
  mediaType: content.manifestMediaType,
  digest: image.id,
  size: content.manifest.size,
  ...(content.annotations === null ? {} : { annotations: content.annotations }),
});

/** A container's ImageManifestDescriptor (API 1.48): its image's manifest with the platform it was made for. */
export const imageManifestDescriptor = (image: Image, content: Content) => ({
  ...descriptorOf(image, content),
  platform: ociPlatformFields(platformOf(image)),
});

/** The image's snapshots' usage, all its layers. */
export const unpackedSize = (content: Content): number => content.layers.reduce((total, layer) => total + layerSnapshotsUsage(layer), 0);

/** The image's last history step's comment, as containerd's inspect reads it from the config. */
const commentOf = (image: Image): string => image.history?.[image.history.length - 1]?.comment ?? '';

/** GET /images/{name}/json in containerd's store, for the request's API version. */
export function shapeContainerdInspect(
  x: Exchange,
  image: Image,
  content: Content,
  repoTags: readonly string[],
  lastTagTime: bigint | null,
): Record<string, unknown> {
  const tags = repoTags;
  // An image whose config the collector took (containerd-presence.ts: its config, history and origin
  // already empty) has no platform, creation time or layers either (moby ImageInspect: no Best manifest).
  const collected = content.childrenCollected === true;
  const origin = image.origin;
  const comment = commentOf(image);
  const author = origin?.author ?? '';
  const created = collected ? null : rfc3339Nano(image.created);
  const response: Record<string, unknown> = {
    Id: image.id,
    RepoTags: tags,
    RepoDigests: repoDigestsOf(image, tags),
    ...(comment === '' ? {} : { Comment: comment }),
    // Created is left out when there is none, and below API 1.44 the router gives Go's zero time instead.
    ...(created === null ? (apiBelow(x, '1.44') ? { Created: GO_ZERO_TIME_TEXT } : {}) : { Created: created }),
    ...(author === '' ? {} : { Author: author }),
    Config: shapeImageConfig(x, image.config, origin?.nonstandard),
    ...(collected ? { Architecture: '', Os: '' } : inspectPlatformFields(platformOf(image))),
    Size: content.contentSize,
    RootFS: collected ? {} : { Type: 'layers', Layers: diffIdsOf(image) },
    Metadata: { LastTagTime: rfc3339Nano(lastTagTime ?? image.created) },
    ...(apiBelow(x, '1.48') ? {} : { Descriptor: descriptorOf(image, content) }),
  };
  // What the router adds for older API versions (compat.Wrap: the document then written as a map, its keys sorted).
  const extra: Record<string, unknown> = {};
  if (apiBelow(x, '1.44')) extra['VirtualSize'] = content.contentSize;
  Object.assign(extra, containerFields(x, image));
  // containerd's store keeps no DockerVersion: "" below 1.52, left out from it.
  const parent = origin?.parent ?? '';
  if (apiBelow(x, '1.52')) {
    Object.assign(extra, { Parent: parent, Comment: comment, DockerVersion: '', Author: author });
    response['GraphDriver'] = { Data: null, Name: SNAPSHOTTER };
  } else if (parent !== '') extra['Parent'] = parent;
  // compat.Wrap writes the document through a map: every object's keys sorted.
  return Object.keys(extra).length === 0 ? response : (canonical({ ...response, ...extra }) as Record<string, unknown>);
}

/**
 * One entry of GET /images/json in containerd's store: Labels `{}` when the config has none, the
 * Descriptor from API 1.48, one RepoDigest (of the tag containerd lists last), Size the content's and
 * the snapshots' together; below 1.43 an untagged image shows the `<none>` placeholders.
 */
export function shapeContainerdSummary(
  x: Exchange,
  image: Image,
  content: Content,
  repoTags: readonly string[],
  containers: number,
  size: number,
): Record<string, unknown> {
  const tags = repoTags;
  const last = tags[tags.length - 1];
  const placeholders = apiBelow(x, '1.43') && tags.length === 0;
  const summary = {
    Containers: apiBelow(x, '1.51') ? -1 : containers,
    Created: unixSeconds(image.created),
    Id: image.id,
    Labels: sortedMap(image.config.Labels) ?? {},
    ParentId: image.origin?.parent ?? '',
    ...(apiBelow(x, '1.48') ? {} : { Descriptor: descriptorOf(image, content) }),
    RepoDigests: placeholders ? ['<none>@<none>'] : last === undefined ? [] : [repoDigest(image, last)],
    RepoTags: placeholders ? ['<none>:<none>'] : tags,
    SharedSize: -1,
    Size: size,
  };
  return apiBelow(x, '1.44') ? (canonical({ ...summary, VirtualSize: size }) as Record<string, unknown>) : summary;
}

/**
 * One entry of system df's Images in containerd's store: the image service's summary, which no
 * router has rewritten: the Descriptor at every API version, the containers counted, the shared
 * size given, RepoTags and RepoDigests null when there are none (below API 1.44 the df's router
 * wraps it with VirtualSize: disk-usage.ts).
 */
export function shapeContainerdUsage(
  image: Image,
  content: Content,
  repoTags: readonly string[],
  containers: number,
  sharedSize: number,
  size: number,
): Record<string, unknown> {
  const last = repoTags[repoTags.length - 1];
  return {
    Containers: containers,
    Created: unixSeconds(image.created),
    Id: image.id,
    Labels: sortedMap(image.config.Labels) ?? {},
    ParentId: image.origin?.parent ?? '',
    Descriptor: descriptorOf(image, content),
    RepoDigests: last === undefined ? null : [repoDigest(image, last)],
    RepoTags: repoTags.length === 0 ? null : repoTags,
    SharedSize: sharedSize,
    Size: size,
  };
}
