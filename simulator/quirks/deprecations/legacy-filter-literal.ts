import type { QuirkModule } from '../quirk-module.js';

/** Below API 1.41 the former `filter` parameter is honoured but compared literally with each repository and tag, without glob patterns: `repo/*` lists nothing. */
export const QUIRK = 'hypothetical.deprecated.images-list.filter-parameter.legacy-form.literal';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/legacy-filter-literal.ts, its row of simulator/engine/images/list-variant.ts (IMAGE_LIST_VARIATIONS), read by simulator/engine/images/routes.ts (legacyFilter, legacyMatches)',
};

/** The pattern compared literally: the whole tag, or its repository. */
export const literalMatch = (pattern: string, tag: string): boolean => pattern === tag || pattern === tag.slice(0, tag.lastIndexOf(':'));
