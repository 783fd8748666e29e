import { newestFirst, referenceMatches, nowNanos, type Image, type ObjectStore } from '../objects/index.js';
import type { Exchange } from '../../http/exchange.js';
import { handlerError } from '../../http/replies.js';
import type { Route } from '../../http/route.js';
import { referenceError, referenceProblem, targetOf } from './reference-checks.js';
import { answerMissingImage } from './missing-image.js';
import { shapeImageInspect, shapeImageSummary } from './shape.js';
import { shapeContainerdInspect, shapeContainerdSummary } from './shape-containerd.js';
import { listedSize, missingConfig, unpackedChains } from './containerd-presence.js';
import { decodePlatform } from './platform.js';
import { platformMismatch } from './platform-lookup.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { filterValues, invalidFilterMessage, parseFilterArgs, unacceptedKey } from '../filters/filter-args.js';
import { apiBelow, boolQuery, queryOf, releaseBelow, sendEmpty, sendJson } from '../replies.js';
import { usesContainerdStore } from './image-store.js';
import { readListFilters } from './list-filters.js';
import { imageListVariant } from './list-variant.js';

/** The image a path names, or a 404 (400 for a name that is no reference) already answered; `wrapped`: 20.10's inspect words. */
export function imageOr404(x: Exchange, name: string, wrapped = false): Image | undefined {
  const image = x.state.objects.findImage(name);
  if (image === undefined) answerMissingImage(x, name, wrapped);
  return image;
}

const INSPECT_RULES = [
  'deprecated.image-inspect.container-config',
  'deprecated.image-inspect.nonstandard-fields',
  'deprecated.image-inspect.empty-fields',
] as const;

export const imageInspectRoute: Route = {
  method: 'GET',
  path: '/images/{name}/json',
  slashedParams: ['name'],
  where: 'simulator/engine/images/routes.ts: GET /images/{name}/json',
  rules: [...INSPECT_RULES],
  handle(x) {
    const name = x.params['name'] ?? '';
    const query = queryOf(x);
    // From API 1.48 `manifests`, from 1.49 `platform` (decoded first, a 400 when it is none), not both (moby getImagesByName; observed on 28.5.2 and 29.7.2).
    const manifests = !apiBelow(x, '1.48') && boolQuery(x, 'manifests');
    const given = apiBelow(x, '1.49') ? '' : (query.get('platform') ?? '');
    const platform = given === '' ? null : decodePlatform(given, x.state.config.release.release);
    if (platform !== null && 'error' in platform) return handlerError(x, 400, platform.error);
    if (manifests && platform !== null) return handlerError(x, 400, ENGINE_MESSAGES.manifestsAndPlatform);
    const image = imageOr404(x, name, true);
    if (image === undefined) return;
    // The graph drivers' GetImage takes the platform or one it runs; containerd's store the platform itself (matchRequestedOrDefault with OnlyStrict).
    const mismatch = platform === null ? null : platformMismatch(x, image, name, platform.platform, 'strict');
    if (mismatch !== null) return handlerError(x, 404, mismatch);
    const { objects } = x.state;
    const [tags, lastTagTime] = [objects.tagsOf(image), objects.lastTagTime(image)];
    const content = image.containerd;
    sendJson(x, 200, content === undefined ? shapeImageInspect(x, image, tags, lastTagTime) : shapeContainerdInspect(x, image, content, tags, lastTagTime));
  },
};

export const imageTagRoute: Route = {
  method: 'POST',
  path: '/images/{name}/tag',
  slashedParams: ['name'],
  where: 'simulator/engine/images/routes.ts: POST /images/{name}/tag',
  rules: [],
  handle(x) {
    const query = queryOf(x);
    const target = targetOf(query);
    const recent = !releaseBelow(x, '23.0');
    if (recent) {
      // From 23.0 the new reference is read first (httputils.RepoTagReference), and none at all is a
      // 200 that tags nothing (errdefs.InvalidParameter(nil) is nil); a source that is no reference is a 404.
      if (target === null) return sendEmpty(x, 200);
      const tagGiven = (query.get('tag') ?? '') !== '';
      const problem =
        referenceError(x, target.repo, tagGiven ? 'latest' : target.tag) ??
        (referenceProblem(target.repo, target.tag) === null ? null : ENGINE_MESSAGES.invalidTag);
      if (problem !== null) return handlerError(x, 400, problem);
    }
    const name = x.params['name'] ?? '';
    const image = x.state.objects.findImage(name);
    if (image === undefined) return answerMissingImage(x, name, false, recent ? 404 : 400);
    const unreadable = missingConfig(image);
    if (unreadable !== null) return handlerError(x, unreadable.status, unreadable.message);
    const problem = target === null ? ENGINE_MESSAGES.missingRepo : referenceProblem(target.repo, target.tag);
    if (problem !== null || target === null) return handlerError(x, 400, problem ?? ENGINE_MESSAGES.missingRepo);
    x.state.objects.tag(image, `${target.repo}:${target.tag}`, nowNanos());
    sendEmpty(x, 201);
  },
};

/** The release whose graph driver store takes the `until` filter (moby 7995e3288f, first in v25.0.0; containerd's store takes it in every release that has it). */
const UNTIL_FROM = '25.0';

/** The filter names the release accepts (moby acceptedImageFilterTags). */
const acceptedFilters = (x: Exchange): readonly string[] => {
  const accepted = ['dangling', 'label', 'before', 'since', 'reference'];
  if (usesContainerdStore(x.state.config)) return [...accepted, 'label!', 'until'];
  return releaseBelow(x, UNTIL_FROM) ? accepted : [...accepted, 'until'];
};

/** The release that removed the former `filter` parameter (Deprecation catalogue: deprecated 1.13, removed 20.10). */
const FILTER_REMOVED_IN = '20.10';

/**
 * The former `filter=<pattern>` parameter as the request's release and API version take it: a
 * reference filter below API 1.41 on releases before its removal, ignored otherwise (the document
 * gives the removal no API range). Where a fault or quirk makes it differ, it reads the field of its
 * variant (list-variant.ts).
 */
function legacyFilter(x: Exchange, pattern: string): LegacyFilter | null {
  const variant = imageListVariant(x.state.config);
  if (pattern !== '' && variant.legacyFilterEverywhere(pattern)) return { pattern, inverted: false, literal: false };
  if (pattern === '' || !apiBelow(x, '1.41')) return null;
  if (variant.legacyFilterInverted) return { pattern, inverted: true, literal: false };
  if (variant.legacyFilterLiteral) return { pattern, inverted: false, literal: true };
  return releaseBelow(x, FILTER_REMOVED_IN) || variant.legacyFilterAfterRemoval ? { pattern, inverted: false, literal: false } : null;
}

interface LegacyFilter {
  readonly pattern: string;
  /** Keeps the tags that do not match (a fault). */
  readonly inverted: boolean;
  /** Compares without glob patterns (a quirk). */
  readonly literal: boolean;
}

/** The pattern compared literally (legacyFilterLiteral): the whole tag, or its repository. */
const literalMatch = (pattern: string, tag: string): boolean => pattern === tag || pattern === tag.slice(0, tag.lastIndexOf(':'));

const legacyMatches = (legacy: LegacyFilter, tag: string): boolean =>
  (legacy.literal ? literalMatch(legacy.pattern, tag) : referenceMatches(legacy.pattern, tag)) !== legacy.inverted;

/**
 * Whether containerd's store leaves the image out of a list without `all` (moby's c8d Images:
 * hideIntermediate): an untagged image another was committed from (its parent label names it).
 * Observed on 29.7.2: a commit's parent whose last tag went is listed with `all` only, and not in
 * system df.
 */
export function isHiddenIntermediate(objects: ObjectStore, image: Image): boolean {
  return image.containerd !== undefined && objects.tagsOf(image).length === 0 && objects.allImages().some((other) => other.origin?.parent === image.id);
}

/**
 * Whether a graph driver leaves the image out of the list (moby daemon/images/image_list.go): an
 * image another was committed from, untagged, without `all`; or with `dangling=true`, which takes
 * only the images without children (imageStore.Heads), `all` or not. Observed on 20.10.24, 26.1.5 and
 * 28.5.2 (2026-12-06).
 */
function graphDriverHides(objects: ObjectStore, image: Image, untagged: boolean, listAll: boolean, dangling: boolean | undefined): boolean {
  return image.containerd === undefined && (dangling === true || (untagged && !listAll)) && objects.hasChildren(image);
}

/**
 * containerd's store: the image's tags whose records were made before `until`, or null when none of
 * its records was (the image is not listed). Observed on 29.7.2 (2026-12-06): an image tagged before
 * and after the time is listed with the earlier tags alone, RepoDigests of the last of them.
 */
function tagsMadeBefore(objects: ObjectStore, image: Image, until: bigint): string[] | null {
  const records = objects.recordsOf(image).filter((record) => record.made < until);
  return records.length === 0 ? null : records.flatMap((record) => (record.tag === null ? [] : [record.tag]));
}

/** GET /images/json: newest first, with its filters (list-filters.ts) and the former `filter` parameter (legacyFilter). */
export const imageListRoute: Route = {
  method: 'GET',
  path: '/images/json',
  where: 'simulator/engine/images/routes.ts: GET /images/json',
  rules: ['deprecated.images-list.filter-parameter', 'deprecated.images-list.filter-parameter.legacy-form'],
  handle(x) {
    const query = queryOf(x);
    // Parsed, checked for names the release accepts, then the filters read: each refusal in moby's order (observed on 20.10.24, 26.1.5, 28.5.2, 29.7.2).
    const old = releaseBelow(x, '23.0');
    const parsed = parseFilterArgs(query.get('filters') ?? '', old);
    if ('refusal' in parsed) return handlerError(x, parsed.refusal.status, parsed.refusal.message);
    const filters = parsed.args;
    const unaccepted = unacceptedKey(filters, acceptedFilters(x));
    if (unaccepted !== null) return handlerError(x, 400, invalidFilterMessage(unaccepted, null, old));
    const read = readListFilters(x, filters);
    if (read === null) return;
    const { dangling, before, since, until, labels } = read;
    // The reference filter, from 1.41 too (list-variant.ts).
    const patterns = !imageListVariant(x.state.config).referenceFilterFrom141 && !apiBelow(x, '1.41') ? [] : filterValues(filters, 'reference');
    const legacy = legacyFilter(x, query.get('filter') ?? '');
    const { objects } = x.state;
    const list: Record<string, unknown>[] = [];
    // How many containers use each image, counted once for the list.
    const users = objects.imageUsers();
    const unpacked = unpackedChains(objects);
    const listAll = boolQuery(x, 'all');
    for (const image of objects.allImages().sort(newestFirst)) {
      if (!listAll && isHiddenIntermediate(objects, image)) continue;
      const all = until === null ? objects.tagsOf(image) : tagsMadeBefore(objects, image, until);
      if (all === null) continue;
      if (dangling !== undefined && dangling !== (all.length === 0)) continue;
      if (graphDriverHides(objects, image, all.length === 0, listAll, dangling)) continue;
      if ((before !== null && image.created >= before) || (since !== null && image.created <= since)) continue;
      if (labels !== null && !labels(image.config.Labels)) continue;
      const byReference = patterns.length === 0 ? all : all.filter((tag) => patterns.some((pattern) => referenceMatches(pattern, tag)));
      const tags = legacy === null ? byReference : byReference.filter((tag) => legacyMatches(legacy, tag));
      if ((patterns.length > 0 || legacy !== null) && tags.length === 0) continue;
      const containers = users.get(image.id) ?? 0;
      const content = image.containerd;
      list.push(
        content === undefined
          ? shapeImageSummary(x, image, tags, containers)
          : shapeContainerdSummary(x, image, content, tags, containers, listedSize(objects, image, content, unpacked)),
      );
    }
    sendJson(x, 200, list);
  },
};
