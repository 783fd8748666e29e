import type { VariationRow } from '../../faults/variant-table.js';
import { perConfigVariant } from '../../faults/variant-table.js';

/**
 * What a create's or a legacy start body's HostConfig (host-config.ts: applyHostConfig) may keep
 * differently from the document: the kernel memory limits. REFERENCE_HOST_CONFIG is the document's;
 * each fault and quirk that changes it is one row of HOST_CONFIG_VARIATIONS.
 */
export interface HostConfigVariant {
  /** From API 1.42 the kernel memory limits are dropped (moby: "ignored"). */
  readonly kernelMemoryDroppedFrom142: boolean;
  /** The kernel memory limits are dropped at every API version, below 1.42 too. */
  readonly kernelMemoryDroppedEverywhere: boolean;
}

/** The document's HostConfig: kernel memory limits kept below API 1.42, dropped from it. */
export const REFERENCE_HOST_CONFIG: HostConfigVariant = Object.freeze({
  kernelMemoryDroppedFrom142: true,
  kernelMemoryDroppedEverywhere: false,
});

/**
 * Each fault and quirk of HostConfig, and what it sets; of kernelMemoryDroppedFrom142, the fault is
 * asked before the quirk (the later row is asked first: the order the old condition asked them in).
 */
export const HOST_CONFIG_VARIATIONS: readonly VariationRow<HostConfigVariant>[] = [
  // Hypothetical quirk (specs/quirks/deprecations.ts): the gate looks at the daemon's own API
  // version instead of the request's, so a create at 1.42 or later keeps the limits.
  ['hypothetical.deprecated.kernel-memory.kept-from-1-42', { kernelMemoryDroppedFrom142: false }],
  // Fault: the smallest change under which the rule, and only it, fails (kept at every version).
  ['deprecated.kernel-memory', { kernelMemoryDroppedFrom142: false }],
  // Observed quirk (specs/known-deviations.ts): observed on 29.7.2, dropped below API 1.42 too.
  ['observed.deprecated.kernel-memory', { kernelMemoryDroppedEverywhere: true }],
];

/** HostConfig of a daemon started with these faults and quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const hostConfigVariant = perConfigVariant(REFERENCE_HOST_CONFIG, HOST_CONFIG_VARIATIONS);
