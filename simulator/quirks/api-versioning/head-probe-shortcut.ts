import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: HEAD /_ping (the load balancers' probe) is answered by a cheap shortcut that writes the ping headers but not the version middleware's Api-Version. */
export const HEAD_PROBE_SHORTCUT = 'hypothetical.api.headers.api-version.head-probe-shortcut';
export const headProbeShortcut: QuirkModule = {
  where:
    'simulator/quirks/api-versioning/head-probe-shortcut.ts, its row of simulator/engine/system/ping-variant.ts (PING_VARIATIONS), read by simulator/engine/system/ping.ts (HEAD /_ping)',
};

/** A flat header list without Api-Version. */
export const withoutApiVersion = (headers: readonly string[]): string[] => headers.filter((_, i) => headers[i - (i % 2)] !== 'Api-Version');
