import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import type { MessageStyle } from './message-style.js';

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
  /** A blank file is refused with the decoder's bare error, unwrapped (`EOF`: the output names neither the file nor the problem). */
  readonly blankBareEof: boolean;
  /** Text that is not JSON, or JSON that is not an object, reads as an empty configuration. */
  readonly nonJsonReadsEmpty: boolean;
  /** A --config-file that does not exist is passed over as a missing default file is: the daemon starts with no file. */
  readonly missingExplicitSkipped: boolean;
  /** The releases (by their message style) that drop a UTF-8 byte-order mark before the JSON. */
  readonly bomDropped: readonly MessageStyle[];
  /** The releases that decode UTF-16 that starts with a byte-order mark. */
  readonly utf16WithBomDecoded: readonly MessageStyle[];
  /** The releases that take a blank file as no options. */
  readonly blankTaken: readonly MessageStyle[];
  /** The releases that decode the first JSON value and ignore whatever follows it (trailing data, a second document). */
  readonly firstValueOnly: readonly MessageStyle[];
  /** The releases that take invalid UTF-8. */
  readonly invalidUtf8Taken: readonly MessageStyle[];
}

const NONE: readonly MessageStyle[] = Object.freeze([]);
const EVERY_RELEASE: readonly MessageStyle[] = Object.freeze(['v20', 'v23', 'v28']);
const V20: readonly MessageStyle[] = Object.freeze(['v20']);
const AFTER_V20: readonly MessageStyle[] = Object.freeze(['v23', 'v28']);

/** The document's reading. */
export const REFERENCE_READ_DOCUMENT: ReadDocumentVariant = Object.freeze({
  directoryReadsEmpty: false,
  blankTurnsDebugOn: false,
  blankBareEof: false,
  nonJsonReadsEmpty: false,
  missingExplicitSkipped: false,
  bomDropped: NONE,
  utf16WithBomDecoded: NONE,
  blankTaken: NONE,
  firstValueOnly: NONE,
  invalidUtf8Taken: NONE,
});

/** Each fault and quirk of the file's reading, and what it sets (no two set the same field). */
export const READ_DOCUMENT_VARIATIONS: readonly VariationRow<ReadDocumentVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  ['hypothetical.config.file.empty.bare-eof', { blankBareEof: true }],
  ['hypothetical.config.file.unreadable.missing-skipped', { missingExplicitSkipped: true }],
  ['hypothetical.config.file.json.trailing-data', { firstValueOnly: EVERY_RELEASE }],
  ['hypothetical.config.file.json.bom-dropped', { bomDropped: EVERY_RELEASE }],
  // Observed quirk, after the two above (it wins): 26.1.5 and 28.5.2 drop a UTF-8 byte-order mark, decode UTF-16
  // that starts with one and take a blank file as no options; 20.10.24 decodes the first JSON value and takes invalid UTF-8.
  ['observed.config.file.json', { bomDropped: AFTER_V20, utf16WithBomDecoded: AFTER_V20, blankTaken: AFTER_V20, firstValueOnly: V20, invalidUtf8Taken: V20 }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.unreadable', { directoryReadsEmpty: true }],
  ['config.file.empty', { blankTurnsDebugOn: true }],
  ['config.file.json', { nonJsonReadsEmpty: true }],
];

/** The file's reading with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const readDocumentVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): ReadDocumentVariant =>
  resolveVariant(REFERENCE_READ_DOCUMENT, READ_DOCUMENT_VARIATIONS, config);
