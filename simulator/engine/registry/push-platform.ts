import { fillMessage } from '../../../common/messages.js';
import type { Exchange } from '../../http/exchange.js';
import { usesContainerdStore } from '../images/image-store.js';
import { missingImageName } from '../images/missing-image.js';
import { decodePlatform } from '../images/platform.js';
import { platformMismatch } from '../images/platform-lookup.js';
import type { Refusal } from '../json-request.js';
import { ENGINE_MESSAGES } from '../messages.js';
import { type ImagePlatform, normalizedName } from '../objects/index.js';
import { familiarName, type NamedReference } from '../plugins/reference.js';
import { apiBelow, queryOf } from '../replies.js';

/**
 * A push's `platform` (moby's postImagesPush from API 1.46, then PushImage), observed on 28.5.2
 * (graph drivers) and 29.7.2 (containerd's store) in a private network namespace:
 * - the router decodes it as DecodePlatform does (400; images/platform.ts);
 * - the graph drivers first look the image up by the name (a name alone is its `latest`) with the
 *   platform, before the stream: 404 "No such image", or a platform that does not match
 *   (OnlyPlatformWithFallback, 404);
 * - containerd's store, past the tag checks, picks the image of the tag, or for a name alone the
 *   first of its tags by name (the one pushed first), whose platform must match strictly (the
 *   stream's error, 'does not provide the specified platform').
 */
const PUSH_PLATFORM_API_FROM = '1.46';

/** The platform the request names, null without one (or before API 1.46, which ignores it), or its 400. */
export function pushPlatform(x: Exchange): ImagePlatform | Refusal | null {
  const given = apiBelow(x, PUSH_PLATFORM_API_FROM) ? '' : (queryOf(x).get('platform') ?? '');
  if (given === '') return null;
  const decoded = decodePlatform(given, x.state.config.release.release);
  return 'error' in decoded ? { status: 400, message: decoded.error } : decoded.platform;
}

/** reference.String(): the name in full, its tag and digest as given. */
const fullName = (reference: NamedReference): string =>
  `${reference.domain}/${reference.path}${reference.tag === '' ? '' : `:${reference.tag}`}${reference.digest === '' ? '' : `@${reference.digest}`}`;

/** A graph driver's GetImage with the platform, before the stream: its 404, or null. */
export function graphDriverPlatformRefusal(x: Exchange, reference: NamedReference, platform: ImagePlatform): Refusal | null {
  if (usesContainerdStore(x.state.config)) return null;
  const name = fullName(reference);
  const image = x.state.objects.findImage(name);
  if (image === undefined) {
    const missing = missingImageName(x, name);
    return { status: 404, message: 'name' in missing ? fillMessage(ENGINE_MESSAGES.noSuchImage, { name: missing.name }) : missing.problem };
  }
  const mismatch = platformMismatch(x, image, name, platform, 'strict');
  return mismatch === null ? null : { status: 404, message: mismatch };
}

/** containerd's store, once the tags are found: the error of the first image pushed that lacks the platform, or null. */
export function containerdPlatformError(x: Exchange, reference: NamedReference, platform: ImagePlatform): string | null {
  if (!usesContainerdStore(x.state.config)) return null;
  const { objects } = x.state;
  const repository = familiarName(reference);
  const first =
    reference.tag !== ''
      ? `${repository}:${reference.tag}`
      : objects.repositoryTags(repository).sort((a, b) => (normalizedName(a) < normalizedName(b) ? -1 : normalizedName(a) > normalizedName(b) ? 1 : 0))[0];
  const image = first === undefined ? undefined : objects.findImage(first);
  return first === undefined || image === undefined ? null : platformMismatch(x, image, first, platform, 'strict');
}
