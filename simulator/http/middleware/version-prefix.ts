import type { TestableRuleId } from '../../../specs/catalogue.js';
import type { Exchange } from '../exchange.js';
import { LEADING_DIGITS, LEADING_DIGITS_VERSIONED } from '../../quirks/api-versioning/leading-digits.js';

/** The daemon's versioned routes: `/v{version:[0-9.]+}/…` (moby api/server/server.go). */
const VERSIONED = /^\/v([0-9.]+)(\/.*)$/;
/** Fault api.version.malformed-not-found: any characters make a version. */
const ANYTHING_VERSIONED = /^\/v([^/]+)(\/.*)$/;

/** The /v<api>/ prefix of a path: [whole, version, rest], or null. */
export function matchVersionPrefix(path: string, faults: ReadonlySet<TestableRuleId>, quirks: ReadonlySet<string> = new Set()): RegExpExecArray | null {
  if (path.charCodeAt(1) !== 118 /* v */) return null;
  // Quirk hypothetical.api.version.malformed-not-found.leading-digits: the pattern is not anchored at its end.
  if (quirks.has(LEADING_DIGITS)) return LEADING_DIGITS_VERSIONED.exec(path);
  // The fault is asked about only where the two patterns differ (where both match, they match alike).
  const documented = VERSIONED.exec(path);
  if (documented !== null) return documented;
  const any = ANYTHING_VERSIONED.exec(path);
  return any !== null && faults.has('api.version.malformed-not-found') ? any : null;
}

/** Moves a /v<api>/ prefix of the exchange's path into `x.version`. */
export function takeVersionPrefix(x: Exchange): void {
  const match = matchVersionPrefix(x.path, x.state.config.faults, x.state.config.quirks);
  if (match === null) return;
  x.version = match[1]!;
  x.path = match[2]!;
}
