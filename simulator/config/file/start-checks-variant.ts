import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the checks the daemon makes only as it starts (start-checks.ts) may do differently from the
 * document: which problems pass unrefused. REFERENCE_START_CHECKS is the document's; each fault
 * that changes it is one row of START_CHECKS_VARIATIONS.
 */
export interface StartChecksVariant {
  /** A log option the release removed still passes. */
  readonly removedLogOptsTaken: boolean;
  /** A native.cgroupdriver other than cgroupfs and systemd passes. */
  readonly unknownCgroupDriverTaken: boolean;
  /** The systemd cgroup driver passes on a host without systemd. */
  readonly systemdAvailabilityUnchecked: boolean;
  /** A registry mirror without an http or https scheme passes (before 28.x). */
  readonly mirrorSchemeUnchecked: boolean;
  /** A storage driver the daemon does not have passes. */
  readonly unsupportedStorageDriverTaken: boolean;
  /** Storage options the driver does not take pass. */
  readonly storageOptionsUnchecked: boolean;
}

/** The document's checks. */
export const REFERENCE_START_CHECKS: StartChecksVariant = Object.freeze({
  removedLogOptsTaken: false,
  unknownCgroupDriverTaken: false,
  systemdAvailabilityUnchecked: false,
  mirrorSchemeUnchecked: false,
  unsupportedStorageDriverTaken: false,
  storageOptionsUnchecked: false,
});

/** Each fault of the start's checks, and what it sets (no two set the same field). */
export const START_CHECKS_VARIATIONS: readonly VariationRow<StartChecksVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.options.removed-refused', { removedLogOptsTaken: true }],
  ['config.cgroup.driver', { unknownCgroupDriverTaken: true }],
  ['config.cgroup.systemd-unavailable', { systemdAvailabilityUnchecked: true }],
  ['config.registries.insecure', { mirrorSchemeUnchecked: true }],
  ['config.storage.driver', { unsupportedStorageDriverTaken: true }],
  ['config.storage.options', { storageOptionsUnchecked: true }],
];

/** The start's checks with these faults (resolved field by field: simulator/faults/variant-table.ts). */
export const startChecksVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): StartChecksVariant =>
  resolveVariant(REFERENCE_START_CHECKS, START_CHECKS_VARIATIONS, config);
