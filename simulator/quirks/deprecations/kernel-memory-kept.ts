import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.kernel-memory.kept-from-1-42';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/kernel-memory-kept.ts, called from simulator/engine/containers/host-config.ts (applyHostConfig)',
};

/** The kernel memory gate looks at the daemon's own API version instead of the request's: a create at 1.42 or later keeps the limit on a release that still serves older versions. */
export const kernelMemoryKept = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
