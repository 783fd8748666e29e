import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What HEAD /_ping (ping.ts) may do differently from the document: its status without a version
 * prefix and the headers it keeps of the precomputed ones. REFERENCE_PING is the document's; each
 * fault and quirk that changes it is one row of PING_VARIATIONS.
 */
export interface PingVariant {
  /** The status of HEAD /_ping without a version prefix. */
  readonly unversionedHeadStatus: number;
  /** The headers HEAD keeps of the cache headers' list (first). */
  readonly headCacheHeaders: (headers: readonly string[]) => readonly string[];
  /** The headers HEAD keeps of the version headers' list (then). */
  readonly headVersionHeaders: (headers: readonly string[]) => readonly string[];
}

const all = (headers: readonly string[]): readonly string[] => headers;
/** Quirk hypothetical.api.ping.head-uncached: a flat header list without Cache-Control and Pragma (set after HEAD's early return). */
const withoutCacheHeaders = (headers: readonly string[]): string[] => headers.filter((_, i) => !['Cache-Control', 'Pragma'].includes(headers[i - (i % 2)]!));
/** Quirk hypothetical.api.headers.api-version.head-probe-shortcut: a flat header list without Api-Version (a probe shortcut before the version middleware). */
const withoutApiVersion = (headers: readonly string[]): string[] => headers.filter((_, i) => headers[i - (i % 2)] !== 'Api-Version');

/** The document's /_ping. */
export const REFERENCE_PING: PingVariant = Object.freeze({
  unversionedHeadStatus: 200,
  headCacheHeaders: all,
  headVersionHeaders: all,
});

/** Each fault and quirk of HEAD /_ping, and what it sets (no field is set twice). */
export const PING_VARIATIONS: readonly VariationRow<PingVariant>[] = [
  // Fault: the smallest change under which the rule, and only it, fails.
  ['api.version.unversioned-served', { unversionedHeadStatus: 410 }],
  // Hypothetical quirks (specs/quirks/api-versioning.ts).
  ['hypothetical.api.ping.head-uncached', { headCacheHeaders: withoutCacheHeaders }],
  ['hypothetical.api.headers.api-version.head-probe-shortcut', { headVersionHeaders: withoutApiVersion }],
];

/** HEAD /_ping of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const pingVariant = perConfigVariant(REFERENCE_PING, PING_VARIATIONS);
