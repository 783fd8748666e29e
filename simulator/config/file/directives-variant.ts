import { FEATURES_DISJOINT_ACCEPTED } from '../../quirks/daemon-config/features-disjoint-accepted.js';
import * as hostGatewayKeyRenamed from '../../quirks/daemon-config/host-gateway-key-renamed.js';
import { LOG_FORMAT_EQUAL_ACCEPTED } from '../../quirks/daemon-config/log-format-equal-accepted.js';
import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What finding the file's unknown and conflicting directives (directives.ts) may do differently
 * from the document. REFERENCE_DIRECTIVES is the document's; each fault and quirk that changes it
 * is one row of DIRECTIVES_VARIATIONS.
 */
export interface DirectivesVariant {
  /** dns-search is no key of the file (unless --dns-search is given too). */
  readonly dnsSearchKeyUnknown: boolean;
  /** max-download-attempts is no key of the file (unless --max-download-attempts is given too). */
  readonly maxDownloadAttemptsKeyUnknown: boolean;
  /** Keys of the release's options that are nevertheless unknown directives. */
  readonly droppedKeys: readonly string[];
  /** --log-format and the file's log-format may both be given. */
  readonly logFormatFromBoth: boolean;
  /** --feature and the file's features may both be given. */
  readonly featuresFromBoth: boolean;
  /** --log-format and the file's log-format may both be given when their values are equal. */
  readonly equalLogFormatsTaken: boolean;
  /** --feature and the file's features may both be given when they name different features. */
  readonly disjointFeaturesTaken: boolean;
}

/** The document's directives. */
export const REFERENCE_DIRECTIVES: DirectivesVariant = Object.freeze({
  dnsSearchKeyUnknown: false,
  maxDownloadAttemptsKeyUnknown: false,
  droppedKeys: Object.freeze([]),
  logFormatFromBoth: false,
  featuresFromBoth: false,
  equalLogFormatsTaken: false,
  disjointFeaturesTaken: false,
});

/** Each fault and quirk of the directives, and what it sets (no two set the same field). */
export const DIRECTIVES_VARIATIONS: readonly VariationRow<DirectivesVariant>[] = [
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  [hostGatewayKeyRenamed.ID, { droppedKeys: Object.freeze([hostGatewayKeyRenamed.DROPPED_KEY]) }],
  [LOG_FORMAT_EQUAL_ACCEPTED, { equalLogFormatsTaken: true }],
  [FEATURES_DISJOINT_ACCEPTED, { disjointFeaturesTaken: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.keys', { dnsSearchKeyUnknown: true }],
  ['config.file.keys.release', { maxDownloadAttemptsKeyUnknown: true }],
  ['config.log-format.exclusive', { logFormatFromBoth: true }],
  ['config.features.exclusive', { featuresFromBoth: true }],
];

/** The directives with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const directivesVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): DirectivesVariant =>
  resolveVariant(REFERENCE_DIRECTIVES, DIRECTIVES_VARIATIONS, config);
