import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical: the request-head limit is raised to 16 MiB (for large registry-auth headers), so a head of more than 1 MiB is read whole and served instead of refused. */
export const LARGE_HEAD_SERVED = 'hypothetical.api.robustness.large-head-served';
export const largeHeadServed: QuirkModule = {
  where: 'simulator/quirks/api-versioning/large-head-served.ts; the branch in simulator/http/server.ts (httpServerFactory)',
};

/** The raised limit on a request head, in bytes. */
export const RAISED_HEAD_LIMIT = 16 * 1024 * 1024;
