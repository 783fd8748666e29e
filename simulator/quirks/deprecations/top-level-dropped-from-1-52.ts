import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.network-settings.top-level.dropped-from-1-52';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/top-level-dropped-from-1-52.ts, called from simulator/engine/containers/network-settings.ts (shapeNetworkSettings)',
};

/** From API 1.52 the deprecated top-level NetworkSettings fields are left out (as the daemon's own change log plans), though the document never removes them. */
export const topLevelDropped = (quirks: ReadonlySet<string>, apiBelow152: boolean): boolean => !apiBelow152 && quirks.has(QUIRK);
