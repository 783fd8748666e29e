import { PROXIES_UNKNOWN_IGNORED, proxiesKeys } from '../../quirks/daemon-config/proxies-unknown-ignored.js';
import * as poolSizeString from '../../quirks/daemon-config/pool-size-string.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';
import type { FileDocument } from './read-document.js';

/**
 * What the start's checks of the configuration file (load.ts) may do differently from the
 * document: which directives are unknown, which conflicts and mistyped values are refused and in
 * what words, which nested shapes are refused. REFERENCE_LOAD is the document's; each fault and
 * quirk that changes it is one row of LOAD_VARIATIONS.
 */
export interface LoadVariant {
  /** The directives not looked up among the options, of the file's (none: every one is). */
  readonly unknownPassedOver: (doc: FileDocument) => readonly string[];
  /** A mistyped value's refusal names the Go type only. */
  readonly typeRefusalGoTypeOnly: boolean;
  /** Refuses what the file's default-address-pools give, besides the document's checks (`refusal`'s error). */
  readonly poolSizeCheck: (doc: FileDocument, refusal: (problem: string) => Error) => void;
  /** A well-formed builder gc policy is refused. */
  readonly builderGcRefused: boolean;
  /** Directives that match no option are accepted at start. */
  readonly unknownDirectivesAccepted: boolean;
  /** The conflicts with start flags refused at start, of those found. */
  readonly conflictsRefused: (found: readonly string[]) => readonly string[];
  /** Mistyped values are dropped at start instead of refused. */
  readonly mistypedDropped: boolean;
}

/** The document's checks. */
export const REFERENCE_LOAD: LoadVariant = Object.freeze({
  unknownPassedOver: () => [],
  typeRefusalGoTypeOnly: false,
  poolSizeCheck: () => undefined,
  builderGcRefused: false,
  unknownDirectivesAccepted: false,
  conflictsRefused: (found: readonly string[]) => found,
  mistypedDropped: false,
});

/** Each fault and quirk of the file's checks, and what it sets (no two set the same field). */
export const LOAD_VARIATIONS: readonly VariationRow<LoadVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  [PROXIES_UNKNOWN_IGNORED, { unknownPassedOver: proxiesKeys }],
  [poolSizeString.ID, { poolSizeCheck: poolSizeString.refuseNumberSize }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.types.message', { typeRefusalGoTypeOnly: true }],
  ['config.file.nested-shapes', { builderGcRefused: true }],
  ['config.file.unknown-key', { unknownDirectivesAccepted: true }],
  // Only the log-format and features conflicts (their own rules) are refused.
  ['config.file.conflict', { conflictsRefused: (found) => found.filter((c) => c.startsWith('log-format:') || c.startsWith('features:')) }],
  ['config.file.types', { mistypedDropped: true }],
];

/** The file's checks with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const loadVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): LoadVariant =>
  resolveVariant(REFERENCE_LOAD, LOAD_VARIATIONS, config);
