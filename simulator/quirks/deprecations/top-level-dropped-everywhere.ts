import type { QuirkModule } from '../quirk-module.js';

/** Observed on 29.7.2: container inspect has none of the deprecated top-level NetworkSettings fields, at every API version. */
export const QUIRK = 'observed.deprecated.network-settings.top-level';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/top-level-dropped-everywhere.ts, its row of simulator/engine/containers/network-settings-variant.ts (NETWORK_SETTINGS_VARIATIONS), read by simulator/engine/containers/network-settings.ts (shapeNetworkSettings)',
};
