import type { Exchange } from '../../http/exchange.js';
import { goQueryValues } from '../go-query.js';
import type { ImagePlatform } from '../objects/index.js';
import { apiBelow, releaseBelow } from '../replies.js';
import { decodePlatform } from './platform.js';

/** From this API version a save and a load read `platform` (moby getImagesGet, postImagesLoad). */
const PLATFORM_API_FROM = '1.48';
/** From this API version 29.x's save and load take several platforms. */
const PLATFORMS_API_FROM = '1.52';
/** From this release the router decodes every `platform`, the empty one too (httputils.DecodePlatforms). */
const DECODES_EVERY_PLATFORM_FROM = '29.0';

export type RequestedPlatforms = { readonly platforms: readonly ImagePlatform[] } | { readonly status: number; readonly message: string };

/**
 * The platforms a save or a load asks for, as the release's router reads them: 28.x at most one
 * (an empty value is none), 29.x every value, several from API 1.52; a value DecodePlatform
 * refuses is a 400. Observed on 28.5.2 and 29.7.2.
 */
export function requestedPlatforms(x: Exchange): RequestedPlatforms {
  if (apiBelow(x, PLATFORM_API_FROM)) return { platforms: [] };
  const release = x.state.config.release.release;
  const given = goQueryValues(x.query, 'platform');
  if (releaseBelow(x, DECODES_EVERY_PLATFORM_FROM) && given.length > 1) return { status: 400, message: 'multiple platform parameters not supported' };
  if (given.length > 1 && apiBelow(x, PLATFORMS_API_FROM))
    return { status: 400, message: 'multiple platform parameters are not supported in this API version; use API version 1.52 or later' };
  const read = releaseBelow(x, DECODES_EVERY_PLATFORM_FROM) ? given.filter((text) => text !== '') : given;
  const platforms: ImagePlatform[] = [];
  for (const text of read) {
    const decoded = decodePlatform(text, release);
    if ('error' in decoded) return { status: 400, message: decoded.error };
    platforms.push(decoded.platform);
  }
  return { platforms };
}
