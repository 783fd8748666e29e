import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.images-list.filter-parameter.exact-tag-honoured';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/exact-tag-honoured.ts, its row of simulator/engine/images/list-variant.ts (IMAGE_LIST_VARIATIONS), read by simulator/engine/images/routes.ts (legacyFilter)',
};

/** The removed `filter` parameter still filters, at every API version, when its pattern names one tag (`repo:tag`): a leftover lookup by reference. */
export const namesOneTag = (pattern: string): boolean => /:[\w][\w.-]*$/.test(pattern) && !pattern.includes('*');
