import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'observed.deprecated.events.legacy-fields';
export const MODULE: QuirkModule = {
  where:
    'simulator/quirks/deprecations/legacy-fields-dropped-observed.ts, called from simulator/engine/events/route.ts (eventLine) through legacy-fields-dropped-from-1-52.ts',
};

/** Observed on 29.7.2: from API 1.52 events carry no status, id and from (what the hypothetical quirk of that name supposed). */
export const legacyDroppedAsObserved = (quirks: ReadonlySet<string>): boolean => quirks.has(QUIRK);
