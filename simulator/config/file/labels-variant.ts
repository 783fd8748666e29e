import { perConfigVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What checking a daemon label (labels.ts, for --label and the file's labels alike) may do
 * differently from the document. REFERENCE_LABELS is the document's; each quirk that changes it is
 * one row of LABELS_VARIATIONS.
 */
export interface LabelsVariant {
  /** The reserved namespaces are matched as the label is written: `COM.CTR.x=1` passes where `com.ctr.x=1` is refused. */
  readonly reservedMatchedAsWritten: boolean;
}

/** The document's check: the reserved namespaces matched case-insensitively. */
export const REFERENCE_LABELS: LabelsVariant = Object.freeze({
  reservedMatchedAsWritten: false,
});

/** Each quirk of the label check, and what it sets. */
export const LABELS_VARIATIONS: readonly VariationRow<LabelsVariant>[] = [
  // Hypothetical quirk (specs/quirks/daemon-config.ts).
  ['hypothetical.config.labels.reserved.case-sensitive', { reservedMatchedAsWritten: true }],
];

/** The label check with these faults and quirks (resolved once per pair of sets: simulator/faults/variant-table.ts). */
export const labelsVariant = perConfigVariant(REFERENCE_LABELS, LABELS_VARIATIONS);
