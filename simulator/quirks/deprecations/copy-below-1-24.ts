import type { QuirkModule } from '../quirk-module.js';

/** Observed on 20.10.24: below API 1.24 POST /containers/{id}/copy still answers 200 with a tar of the resource. */
export const QUIRK = 'observed.deprecated.container-copy.removed';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/copy-below-1-24.ts, its row of simulator/engine/containers/archive-variant.ts (ARCHIVE_VARIATIONS), read by simulator/engine/containers/archive-routes.ts (POST /containers/{name}/copy)',
};
