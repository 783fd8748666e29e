import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.kernel-memory';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/kernel-memory-dropped.ts, called from simulator/engine/containers/host-config.ts (applyHostConfig)',
};

/** Observed on 29.7.2: a create drops the kernel memory limits at every API version, below 1.42 too. */
export const kernelMemoryDroppedEverywhere = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
