import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.images-list.filter-parameter.exact-tag-honoured';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/exact-tag-honoured.ts, called from simulator/engine/images/routes.ts (legacyFilter)',
};

/** The removed `filter` parameter still filters, at every API version, when its pattern names one tag (`repo:tag`): a leftover lookup by reference. */
export const exactTagHonoured = (quirks: ReadonlySet<string>, pattern: string): boolean =>
  quirks.has(QUIRK) && /:[\w][\w.-]*$/.test(pattern) && !pattern.includes('*');
