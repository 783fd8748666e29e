import type { QuirkModule } from '../quirk-module.js';

/** The X-Docker-Container-Path-Stat header leaves linkTarget out (an omitempty on a string that is mostly empty). */
export const QUIRK = 'hypothetical.deprecated.container-archive.served.no-link-target';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/stat-without-link-target.ts, its row of simulator/engine/containers/archive-variant.ts (ARCHIVE_VARIATIONS), read by simulator/engine/containers/archive-routes.ts (statHeader)',
};
