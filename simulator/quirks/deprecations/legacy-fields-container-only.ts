import type { QuirkModule } from '../quirk-module.js';

export const QUIRK = 'hypothetical.deprecated.events.legacy-fields.image-events-dropped';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/deprecations/legacy-fields-container-only.ts, called from simulator/engine/events/route.ts (eventLine)',
};

/** Only container events keep status, id and from: image events are written without them. */
export const imageEventsWithoutLegacy = (quirks: ReadonlySet<string>, type: string): boolean => type === 'image' && quirks.has(QUIRK);
