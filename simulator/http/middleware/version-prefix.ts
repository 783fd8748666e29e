import type { Exchange } from '../exchange.js';
import type { RequestPathVariant } from './request-path-variant.js';

/** The daemon's versioned routes: `/v{version:[0-9.]+}/…` (moby api/server/server.go). */
const VERSIONED = /^\/v([0-9.]+)(\/.*)$/;
/** A version of any characters but "/" (request-path-variant.ts: anyCharactersVersion). */
const ANYTHING_VERSIONED = /^\/v([^/]+)(\/.*)$/;

/** The /v<api>/ prefix of a path: [whole, version, rest], or null; where a fault or a quirk makes it differ, the variant's fields say how. */
export function versionPrefixOf(path: string, variant: RequestPathVariant): RegExpExecArray | null {
  if (path.charCodeAt(1) !== 118 /* v */) return null;
  const only = variant.onlyVersionPattern;
  if (only !== null) return only.exec(path);
  // The other field is read only where the two patterns differ (where both match, they match alike).
  const documented = VERSIONED.exec(path);
  if (documented !== null) return documented;
  const any = ANYTHING_VERSIONED.exec(path);
  return any !== null && variant.anyCharactersVersion ? any : null;
}

/** Moves a /v<api>/ prefix of the exchange's path into `x.version`. */
export function takeVersionPrefix(x: Exchange): void {
  const match = versionPrefixOf(x.path, x.state.variants.requestPath);
  if (match === null) return;
  x.version = match[1]!;
  x.path = match[2]!;
}
