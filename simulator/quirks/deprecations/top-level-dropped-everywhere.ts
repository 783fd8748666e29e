import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.network-settings.top-level';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/top-level-dropped-everywhere.ts, called from simulator/engine/containers/network-settings.ts (shapeNetworkSettings)',
};

/** Observed on 29.7.2: container inspect has none of the deprecated top-level NetworkSettings fields, at every API version. */
export const topLevelDroppedEverywhere = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
