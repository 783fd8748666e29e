import { AUTHZ_SKIPPED } from '../quirks/reload/authz-skipped.js';
import { FLAGS_RESET } from '../quirks/reload/flags-reset.js';
import { HALF_APPLIED } from '../quirks/reload/half-applied.js';
import { LABELS_LATE, serveLabelsLate } from '../quirks/reload/labels-late.js';
import { ONE_AT_A_TIME, serveOneAtATime } from '../quirks/reload/one-at-a-time.js';
import { REGISTRIES_LAST } from '../quirks/reload/registries-last.js';
import { RUNTIME_PANIC } from '../quirks/reload/runtime-panic.js';
import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/** How a reload serves its new configuration in place of the current one; `done` logs the reload. */
export type Swap = (current: SimConfig, next: SimConfig, serve: (config: SimConfig) => void, done: () => void) => void;

/**
 * What a reload (reload.ts, and what each option becomes: apply.ts) may do differently from the
 * document. REFERENCE_RELOAD is the document's; each fault and quirk that changes it is one row of
 * RELOAD_VARIATIONS.
 */
export interface ReloadVariant {
  /** The download limits and features given as start flags are reset as the others are. */
  readonly flagsReset: boolean;
  /** A download limit the file leaves out keeps its value. */
  readonly absentLimitsKept: boolean;
  /** The file's labels are added to the old ones. */
  readonly labelsAdded: boolean;
  readonly debugNotReloaded: boolean;
  readonly liveRestoreNotReloaded: boolean;
  readonly uploadsNotReloaded: boolean;
  readonly shutdownTimeoutNotReloaded: boolean;
  readonly featuresNotReloaded: boolean;
  readonly mirrorsNotReloaded: boolean;
  readonly defaultRuntimeNotReloaded: boolean;
  readonly shmSizeNotReloaded: boolean;
  /** experimental, which a reload leaves, is applied. */
  readonly experimentalReloaded: boolean;
  /** A missing authorization plugin is skipped with a warning. */
  readonly missingPluginSkipped: boolean;
  /** A missing authorization plugin is ignored. */
  readonly missingPluginIgnored: boolean;
  /** A refused reload keeps the options handled before the refused registries. */
  readonly appliedUntilRefusal: boolean;
  /** A reload that drops the default runtime is logged, then the daemon panics. */
  readonly panicsOnDroppedRuntime: boolean;
  readonly swap: Swap;
}

/** The document's swap: one, then the line is logged. */
const atOnce: Swap = (_current, next, serve, done) => {
  serve(next);
  done();
};

/** Fault (reload.atomic): the labels change first, the rest 30 ms later (then the line is logged). */
const labelsFirst: Swap = (current, next, serve, done) => {
  serve(Object.freeze({ ...current, settings: { ...current.settings, labels: next.settings.labels } }));
  setTimeout(() => {
    serve(next);
    done();
  }, 30);
};

/** The document's reload. */
export const REFERENCE_RELOAD: ReloadVariant = Object.freeze({
  flagsReset: false,
  absentLimitsKept: false,
  labelsAdded: false,
  debugNotReloaded: false,
  liveRestoreNotReloaded: false,
  uploadsNotReloaded: false,
  shutdownTimeoutNotReloaded: false,
  featuresNotReloaded: false,
  mirrorsNotReloaded: false,
  defaultRuntimeNotReloaded: false,
  shmSizeNotReloaded: false,
  experimentalReloaded: false,
  missingPluginSkipped: false,
  missingPluginIgnored: false,
  appliedUntilRefusal: false,
  panicsOnDroppedRuntime: false,
  swap: atOnce,
});

/**
 * Each fault and quirk of a reload, and what it sets; the later row wins (of the flags, the quirk
 * over the fault; of the swap, the labels late over one at a time over the fault: the order the
 * old branches asked them in).
 */
export const RELOAD_VARIATIONS: readonly VariationRow<ReloadVariant>[] = [
  // Faults: the smallest change under which the rule, and only it, fails.
  ['reload.flags.kept', { flagsReset: true }],
  ['reload.absent-keys', { absentLimitsKept: true }],
  ['reload.option.labels', { labelsAdded: true }],
  ['reload.option.debug', { debugNotReloaded: true }],
  ['reload.option.live-restore', { liveRestoreNotReloaded: true }],
  ['reload.option.downloads', { uploadsNotReloaded: true }],
  ['reload.option.shutdown-timeout', { shutdownTimeoutNotReloaded: true }],
  ['reload.option.features', { featuresNotReloaded: true }],
  ['reload.option.registries', { mirrorsNotReloaded: true }],
  ['reload.option.runtimes', { defaultRuntimeNotReloaded: true }],
  ['reload.option.undocumented', { shmSizeNotReloaded: true }],
  ['reload.non-reloadable', { experimentalReloaded: true }],
  ['reload.authz-missing', { missingPluginIgnored: true }],
  ['reload.atomic', { swap: labelsFirst }],
  // Quirks (specs/quirks/reload.ts).
  [FLAGS_RESET, { flagsReset: true }],
  [AUTHZ_SKIPPED, { missingPluginSkipped: true }],
  [HALF_APPLIED, { appliedUntilRefusal: true }],
  [REGISTRIES_LAST, { appliedUntilRefusal: true }],
  [RUNTIME_PANIC, { panicsOnDroppedRuntime: true }],
  [ONE_AT_A_TIME, { swap: serveOneAtATime }],
  [LABELS_LATE, { swap: serveLabelsLate }],
];

/** The reload of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const reloadVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): ReloadVariant => resolveVariant(REFERENCE_RELOAD, RELOAD_VARIATIONS, config);
