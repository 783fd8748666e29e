import { resolveVariant, type VariationRow } from '../../faults/variant-table.js';

/**
 * What the checks the daemon makes only as it starts (start-checks.ts) may do differently from the
 * document: which problems pass unrefused. REFERENCE_START_CHECKS is the document's; each fault
 * and quirk that changes it is one row of START_CHECKS_VARIATIONS.
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
  /** Storage options of another driver (`overlay2.size`, `dm.basesize` given to vfs) are passed over; unknown options of the driver's own prefix and of no driver are still refused. */
  readonly otherDriversOptionsIgnored: boolean;
}

/** The document's checks. */
export const REFERENCE_START_CHECKS: StartChecksVariant = Object.freeze({
  removedLogOptsTaken: false,
  unknownCgroupDriverTaken: false,
  systemdAvailabilityUnchecked: false,
  mirrorSchemeUnchecked: false,
  unsupportedStorageDriverTaken: false,
  storageOptionsUnchecked: false,
  otherDriversOptionsIgnored: false,
});

/**
 * Each fault and quirk of the start's checks, and what it sets. The observed quirk's row stands
 * before the fault that sets the same field, so that the fault is asked first, as it was before.
 */
export const START_CHECKS_VARIATIONS: readonly VariationRow<StartChecksVariant>[] = [
  // Observed quirk (specs/quirks/daemon-config.ts): 20.10.24, 26.1.5 and 28.5.2 start with
  // `native.cgroupdriver=systemd` on a host that does not run systemd.
  ['observed.config.cgroup.systemd-unavailable', { systemdAvailabilityUnchecked: true }],
  // Hypothetical quirk.
  ['hypothetical.config.storage.options.other-driver-ignored', { otherDriversOptionsIgnored: true }],
  // Faults: the smallest change under which the rule, and only it, fails.
  ['deprecated.options.removed-refused', { removedLogOptsTaken: true }],
  ['config.cgroup.driver', { unknownCgroupDriverTaken: true }],
  ['config.cgroup.systemd-unavailable', { systemdAvailabilityUnchecked: true }],
  ['config.registries.insecure', { mirrorSchemeUnchecked: true }],
  ['config.storage.driver', { unsupportedStorageDriverTaken: true }],
  ['config.storage.options', { storageOptionsUnchecked: true }],
];

/** The start's checks with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const startChecksVariant = (config: { readonly faults: ReadonlySet<string>; readonly quirks: ReadonlySet<string> }): StartChecksVariant =>
  resolveVariant(REFERENCE_START_CHECKS, START_CHECKS_VARIATIONS, config);
