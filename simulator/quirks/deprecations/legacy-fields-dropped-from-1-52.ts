import type { QuirkModule } from '../quirk-module.js';
import { legacyDroppedAsObserved } from './legacy-fields-dropped-observed.js';

export const QUIRK = 'hypothetical.deprecated.events.legacy-fields.dropped-from-1-52';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/legacy-fields-dropped-from-1-52.ts, called from simulator/engine/events/route.ts (eventLine)',
};

/** From API 1.52 events have no status, id and from (as the daemon's own change log plans), though the document never removes them. */
export const legacyDropped = (quirks: ReadonlySet<string>, apiBelow152: boolean): boolean =>
  !apiBelow152 && (quirks.has(QUIRK) || legacyDroppedAsObserved(quirks));
