import type { QuirkModule } from '../quirk-module.js';

/** Observed on 20.10.24, 26.1.5 and 28.5.2: below API 1.41 the removed `filter` parameter is still a reference filter (the caller asks only below 1.41). */
export const QUIRK = 'observed.deprecated.images-list.filter-parameter';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/filter-honoured-below-1-41.ts, its row of simulator/engine/images/list-variant.ts (IMAGE_LIST_VARIATIONS), read by simulator/engine/images/routes.ts (legacyFilter)',
};
