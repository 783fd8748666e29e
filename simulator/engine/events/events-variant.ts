import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What GET /events (route.ts: eventLine) may write differently from the document: the deprecated
 * legacy fields status, id and from, which the document never removes. REFERENCE_EVENTS is the
 * document's; each fault and quirk that changes it is one row of EVENTS_VARIATIONS.
 */
export interface EventsVariant {
  /** Image events carry the legacy fields (container events always do, unless dropped from 1.52). */
  readonly imageEventsLegacy: boolean;
  /** From API 1.52 events carry no legacy fields. */
  readonly legacyDroppedFrom152: boolean;
  /** A container event's legacy fields have "from" (its image). */
  readonly containerEventFrom: boolean;
}

/** The document's events: container and image events keep status, id and from at every API version. */
export const REFERENCE_EVENTS: EventsVariant = Object.freeze({
  imageEventsLegacy: true,
  legacyDroppedFrom152: false,
  containerEventFrom: true,
});

/** Each fault and quirk of the events, and what it sets. */
export const EVENTS_VARIATIONS: readonly VariationRow<EventsVariant>[] = [
  // Fault: the smallest change under which the rule, and only it, fails.
  ['deprecated.events.legacy-fields', { containerEventFrom: false }],
  // Observed quirk (specs/known-deviations.ts): observed on 29.7.2, what the hypothetical
  // dropped-from-1-52 quirk supposed.
  ['observed.deprecated.events.legacy-fields', { legacyDroppedFrom152: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.events.legacy-fields.image-events-dropped', { imageEventsLegacy: false }],
  ['hypothetical.deprecated.events.legacy-fields.dropped-from-1-52', { legacyDroppedFrom152: true }],
];

/** The events of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const eventsVariant = perConfigVariant(REFERENCE_EVENTS, EVENTS_VARIATIONS);
