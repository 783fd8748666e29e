import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.images-list.filter-parameter.legacy-form.literal';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/legacy-filter-literal.ts, called from simulator/engine/images/routes.ts (legacyFilter)',
};

/** Below API 1.41 the former `filter` parameter is honoured but compared literally with each repository and tag, without glob patterns: `repo/*` lists nothing. */
export const literalLegacyFilter = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
export const literalMatch = (pattern: string, tag: string): boolean => pattern === tag || pattern === tag.slice(0, tag.lastIndexOf(':'));
