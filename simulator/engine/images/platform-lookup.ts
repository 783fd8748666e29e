import { posix } from 'node:path';
import type { Exchange } from '../../http/exchange.js';
import { familiarRepo, hasDomain, type Image, type ImagePlatform, platformOf } from '../objects/index.js';
import { releaseBelow } from '../replies.js';
import { detectedHostPlatform } from './host-platform.js';
import { only, onlyStrict, onlyWithFallback } from './platform-match.js';

/** Go's path.Join of a platform's parts: the empty ones left out, the rest cleaned. */
function goPathJoin(...parts: string[]): string {
  const given = parts.filter((part) => part !== '');
  if (given.length === 0) return '';
  const clean = posix.normalize(given.join('/'));
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** containerd's Format: os/architecture/variant. */
export const formatPlatform = (platform: ImagePlatform): string =>
  platform.os === '' ? 'unknown' : goPathJoin(platform.os, platform.architecture, platform.variant);

/** An OS option as FormatAll writes it (encodeOSOption). */
const encodeOption = (text: string): string => text.replace(/[%+()/]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/** containerd's FormatAll: Format, the OS followed by its version and features in parentheses where it has any. */
export function formatPlatformAll(platform: ImagePlatform): string {
  if (platform.os === '') return 'unknown';
  const features = [...new Set(platform.osFeatures.filter((feature) => feature !== ''))].sort().map(encodeOption).join('+');
  const version = encodeOption(platform.osVersion);
  const options = version === '' && features === '' ? '' : `(${version}${features === '' ? '' : `+${features}`})`;
  if (platform.osVersion === '' && platform.osFeatures.length === 0) return formatPlatform(platform);
  return goPathJoin(`${platform.os}${options}`, platform.architecture, platform.variant);
}

/** From this release the graph drivers' mismatch names both platforms in FormatAll's words (moby v27.4.0 getImage). */
const NEWER_MISMATCH_WORDS_FROM = '27.4';

/**
 * How 27.4's graph drivers name the image in a mismatch: a name in its canonical form (a domain,
 * an official image's `library/`: reference.ParseNamed) in its familiar form, any other as given.
 */
function mismatchName(name: string): string {
  const at = name.indexOf('@');
  const named = at < 0 ? name : name.slice(0, at);
  const colon = named.lastIndexOf(':');
  const repo = colon > named.lastIndexOf('/') ? named.slice(0, colon) : named;
  const rest = name.slice(repo.length);
  const domain = repo.slice(0, repo.indexOf('/'));
  const canonical = hasDomain(repo) && !(domain === 'docker.io' && !repo.slice(domain.length + 1).includes('/'));
  return canonical ? `${familiarRepo(repo)}${rest}` : name;
}

/** The platform a graph driver's image declares (its config's OS, architecture and variant). */
const declared = (image: Image): ImagePlatform => ({ ...platformOf(image), osVersion: '', osFeatures: [] });

/**
 * The 404 of an image that is not of the platform a request names, or null when it is: the graph
 * drivers' store matches moby's OnlyPlatformWithFallback (the platform, one it runs, or the same OS
 * and architecture for an image without a variant), containerd's the route's (`containerdMatch`:
 * a history's Only, a create's OnlyStrict; moby matchRequestedOrDefault). Observed on 20.10.24,
 * 26.1.5, 28.5.2 and 29.7.2. `name` is the image as the request names it; containerd's words name
 * the record found (a tag, or the digest of an untagged image).
 */
export function platformMismatch(x: Exchange, image: Image, name: string, wanted: ImagePlatform, containerdMatch: 'only' | 'strict'): string | null {
  const release = x.state.config.release.release;
  const { objects } = x.state;
  if (image.containerd !== undefined) {
    // An image whose config the collector took has no manifest of any platform.
    const collected = image.containerd.childrenCollected === true;
    if (!collected && (containerdMatch === 'only' ? only : onlyStrict)(wanted, release)(platformOf(image))) return null;
    const record = objects.taggedAs(name) ?? objects.tagsOf(image)[0] ?? image.id;
    return `image with reference ${record} was found but does not provide the specified platform (${formatPlatformAll(wanted)})`;
  }
  const actual = declared(image);
  if (onlyWithFallback(wanted, release)(actual)) return null;
  if (releaseBelow(x, NEWER_MISMATCH_WORDS_FROM))
    return `image with reference ${name} was found but does not match the specified platform: wanted ${formatPlatform(wanted)}, actual: ${formatPlatform(actual)}`;
  return `image with reference ${mismatchName(name)} was found but its platform (${formatPlatformAll(actual)}) does not match the specified platform (${formatPlatformAll(wanted)})`;
}

/** From this release the host's platform carries the CPU's amd64 level (moby maximumSpec). */
const HOST_LEVEL_FROM = '23.0';

/**
 * A create's warning when no platform was asked for and the image is not of the host's (moby
 * containerCreate: OnlyPlatformWithFallback of the detected host platform).
 */
export function hostPlatformWarning(x: Exchange, image: Image): string | null {
  const detected = detectedHostPlatform();
  const host = releaseBelow(x, HOST_LEVEL_FROM) ? { ...detected, variant: '' } : detected;
  const actual = declared(image);
  if (onlyWithFallback(host, x.state.config.release.release)(actual)) return null;
  return `The requested image's platform (${formatPlatform(actual)}) does not match the detected host platform (${formatPlatform(host)}) and no specific platform was requested`;
}
