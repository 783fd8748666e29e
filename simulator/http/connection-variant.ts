import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/**
 * What the checks Go's net/http makes while it reads a request may do differently from the
 * document: the head's byte limit (server.ts), the parser's refusals (client-errors.ts), the
 * header-line limit (middleware/header-lines.ts) and the Host headers (middleware/host-header.ts).
 * REFERENCE_CONNECTION is the document's; each fault and quirk that changes it is one row of
 * CONNECTION_VARIATIONS.
 */
export interface ConnectionVariant {
  /** The limit on a request head, in bytes: beyond it the parser refuses the request (431). */
  readonly headLimitBytes: number;
  /** The status every request the parser refuses is answered with, whatever the error; null: the document's answer to each (400, 431, the router's to an unknown method). */
  readonly parserRefusalStatus: string | null;
  /** The lines counted against the header-line limit, of the request's header lines. */
  readonly headerLinesCounted: (headerLines: number) => number;
  /** The header-line limit in force, of the emulated release's (specs/versions.ts headerLineLimit): null, none. */
  readonly headerLineLimit: (releaseLimit: number | 'none' | null) => number | null;
  /** Whether a request with several Host headers is served (as the first) instead of refused. */
  readonly severalHostsServed: (rawHeaders: readonly string[], isHost: (name: string) => boolean) => boolean;
}

/** Go's net/http default limit on a request head (1 MiB) plus its 4 KiB slack: 1,052,672 bytes → 200, one more → 431 (observed). */
const MAX_HEADER_BYTES = 1024 * 1024 + 4096;

/** The document's checks. */
export const REFERENCE_CONNECTION: ConnectionVariant = Object.freeze({
  headLimitBytes: MAX_HEADER_BYTES,
  parserRefusalStatus: null,
  headerLinesCounted: (headerLines: number) => headerLines,
  headerLineLimit: (releaseLimit: number | 'none' | null) => (typeof releaseLimit === 'number' ? releaseLimit : null),
  severalHostsServed: () => false,
});

/** Whether every Host header of the raw header list has the same value. */
function hostsAllEqual(rawHeaders: readonly string[], isHost: (name: string) => boolean): boolean {
  const values = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) if (isHost(rawHeaders[i]!)) values.add(rawHeaders[i + 1]!);
  return values.size === 1;
}

/**
 * Each fault and quirk of the checks, and what it sets, applied in this order: where a fault and a
 * quirk set the same field, the later row wins (the several-Host fault over the equal-hosts quirk).
 */
export const CONNECTION_VARIATIONS: readonly VariationRow<ConnectionVariant>[] = [
  // Hypothetical quirks (specs/quirks/api-versioning.ts).
  ['hypothetical.api.robustness.large-head-served', { headLimitBytes: 16 * 1024 * 1024 }],
  ['hypothetical.api.limits.header-lines.request-line-counted', { headerLinesCounted: (headerLines) => headerLines + 1 }],
  ['hypothetical.api.http.host-header.equal-hosts-merged', { severalHostsServed: hostsAllEqual }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['api.robustness', { parserRefusalStatus: '500 Internal Server Error' }],
  // One line more than the release's limit; a release without one gets one.
  ['api.limits.header-lines', { headerLineLimit: (releaseLimit) => (typeof releaseLimit === 'number' ? releaseLimit + 1 : 1000) }],
  ['api.http.host-header', { severalHostsServed: () => true }],
];

/** The checks of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const connectionVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): ConnectionVariant =>
  resolveVariant(REFERENCE_CONNECTION, CONNECTION_VARIATIONS, config);
