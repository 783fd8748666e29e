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
  /** --add-runtime and the file's runtimes are merged, no conflict. */
  readonly runtimesMerged: boolean;
  /** --log-opt and the file's log-opts are merged, no conflict (a map key). */
  readonly logOptsMerged: boolean;
  /** --default-address-pool and the file's default-address-pools are merged, no conflict (a list key). */
  readonly addressPoolsMerged: boolean;
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
  runtimesMerged: false,
  logOptsMerged: false,
  addressPoolsMerged: false,
});

/** Each fault and quirk of the directives, and what it sets (no two set the same field). */
export const DIRECTIVES_VARIATIONS: readonly VariationRow<DirectivesVariant>[] = [
  // Observed quirk: 20.10.24, 26.1.5 and 28.5.2 take `--add-runtime ctcy=/bin/true` with {"runtimes":{"ctcx":{"path":"/bin/true"}}}.
  ['observed.config.file.conflict', { runtimesMerged: true }],
  // Hypothetical quirks (specs/quirks/daemon-config.ts).
  ['hypothetical.config.file.conflict.log-opts-merged', { logOptsMerged: true }],
  ['hypothetical.config.file.conflict.address-pools-merged', { addressPoolsMerged: true }],
  // The single-string key, still one of the release's, was renamed host-gateway-ips without an alias.
  ['hypothetical.config.file.keys.release.host-gateway-ip-renamed', { droppedKeys: Object.freeze(['host-gateway-ip']) }],
  ['hypothetical.config.log-format.exclusive.equal-accepted', { equalLogFormatsTaken: true }],
  ['hypothetical.config.features.exclusive.disjoint-accepted', { disjointFeaturesTaken: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['config.file.keys', { dnsSearchKeyUnknown: true }],
  ['config.file.keys.release', { maxDownloadAttemptsKeyUnknown: true }],
  ['config.log-format.exclusive', { logFormatFromBoth: true }],
  ['config.features.exclusive', { featuresFromBoth: true }],
];

/** The directives with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const directivesVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): DirectivesVariant =>
  resolveVariant(REFERENCE_DIRECTIVES, DIRECTIVES_VARIATIONS, config);
