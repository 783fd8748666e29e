import type { QuirkModule } from '../quirk-module.js';

/** From API 1.52 the deprecated top-level NetworkSettings fields are left out (as the daemon's own change log plans), though the document never removes them. */
export const QUIRK = 'hypothetical.deprecated.network-settings.top-level.dropped-from-1-52';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/top-level-dropped-from-1-52.ts, its row of simulator/engine/containers/network-settings-variant.ts (NETWORK_SETTINGS_VARIATIONS), read by simulator/engine/containers/network-settings.ts (shapeNetworkSettings)',
};
