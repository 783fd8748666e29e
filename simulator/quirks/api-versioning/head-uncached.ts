import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the ping handler sets Cache-Control and Pragma after its early return for HEAD, so HEAD /_ping carries neither. */
export const HEAD_UNCACHED = 'hypothetical.api.ping.head-uncached';
export const headUncached: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/head-uncached.ts, its row of simulator/engine/system/ping-variant.ts (PING_VARIATIONS), read by simulator/engine/system/ping.ts (HEAD /_ping)',
};

/** A flat header list without Cache-Control and Pragma. */
export const withoutCacheHeaders = (headers: readonly string[]): string[] =>
  headers.filter((_, i) => !['Cache-Control', 'Pragma'].includes(headers[i - (i % 2)]!));
