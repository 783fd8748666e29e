import * as blankBareEof from '../../quirks/daemon-config/blank-bare-eof.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What reading and parsing the configuration file (read-document.ts) may do differently from the
 * document: which unreadable, blank or non-JSON files are taken, and in what words a blank one is
 * refused. REFERENCE_READ_DOCUMENT is the document's; each fault and quirk that changes it is one
 * row of READ_DOCUMENT_VARIATIONS.
 */
export interface ReadDocumentVariant {
  /** A directory given as the file reads as an empty configuration. */
  readonly directoryReadsEmpty: boolean;
  /** A blank file turns debug on (instead of being refused). */
  readonly blankTurnsDebugOn: boolean;
  /** A blank file is refused with the decoder's bare error, unwrapped (blank-bare-eof.ts's MESSAGE). */
  readonly blankBareEof: boolean;
  /** Text that is not JSON, or JSON that is not an object, reads as an empty configuration. */
  readonly nonJsonReadsEmpty: boolean;
}

/** The document's reading. */
export const REFERENCE_READ_DOCUMENT: ReadDocumentVariant = Object.freeze({
  directoryReadsEmpty: false,
  blankTurnsDebugOn: false,
  blankBareEof: false,
  nonJsonReadsEmpty: false,
});

/** Each fault and quirk of the file's reading, and what it sets (no two set the same field). */
export const READ_DOCUMENT_VARIATIONS: readonly VariationRow<ReadDocumentVariant>[] = [
  // Hypothetical quirk (specs/quirks/daemon-config.ts).
  [blankBareEof.ID, { blankBareEof: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.unreadable', { directoryReadsEmpty: true }],
  ['config.file.empty', { blankTurnsDebugOn: true }],
  ['config.file.json', { nonJsonReadsEmpty: true }],
];

/** The file's reading with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const readDocumentVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): ReadDocumentVariant =>
  resolveVariant(REFERENCE_READ_DOCUMENT, READ_DOCUMENT_VARIATIONS, config);
