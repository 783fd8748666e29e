import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What POST /containers/{name}/start (routes.ts: containerStartRoute) may do differently from the
 * document with a host configuration body: whether it is refused, how, and what the refused start
 * does all the same. REFERENCE_START_BODY is the document's; each fault and quirk that changes it is
 * one row of START_BODY_VARIATIONS.
 */
export interface StartBodyVariant {
  /** A host configuration body is taken at every API version. */
  readonly bodyTaken: boolean;
  /** Below API 1.24 a host configuration body is taken. */
  readonly bodyTakenBelow124: boolean;
  /** The status of the refusal. */
  readonly refusalStatus: number;
  /** A refused body's settings are applied to the container all the same. */
  readonly refusedBodyApplied: boolean;
  /** A refused start starts the container all the same (without the body). */
  readonly refusedStartStarts: boolean;
}

/** The document's start: a body is refused with a 400 at every API version, and nothing else happens. */
export const REFERENCE_START_BODY: StartBodyVariant = Object.freeze({
  bodyTaken: false,
  bodyTakenBelow124: false,
  refusalStatus: 400,
  refusedBodyApplied: false,
  refusedStartStarts: false,
});

/** Each fault and quirk of a start's body, and what it sets (no field is set twice). */
export const START_BODY_VARIATIONS: readonly VariationRow<StartBodyVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.container-start.host-config', { bodyTaken: true }],
  ['deprecated.container-start.host-config.refusal', { refusalStatus: 409 }],
  // Observed quirk (specs/known-deviations.ts).
  ['observed.deprecated.container-start.host-config', { bodyTakenBelow124: true }],
  // Hypothetical quirks (specs/quirks/deprecations.ts).
  ['hypothetical.deprecated.container-start.host-config.refused-but-applied', { refusedBodyApplied: true }],
  ['hypothetical.deprecated.container-start.host-config.refusal.started-anyway', { refusedStartStarts: true }],
];

/** A start's body on a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const startBodyVariant = perConfigVariant(REFERENCE_START_BODY, START_BODY_VARIATIONS);
