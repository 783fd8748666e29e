import { serveOneAtATime } from '../quirks/reload/one-at-a-time.js';
import type { SimConfig } from '../config/types.js';
import { resolveVariant, type VariationRow } from '../faults/variant-table.js';

/** How a reload serves its new configuration in place of the current one; `done` logs the reload. */
export type Swap = (current: SimConfig, next: SimConfig, serve: (config: SimConfig) => void, done: () => void) => void;

/**
 * What a reload (reading the file again: read.ts; applying it: reload.ts, and what each option
 * becomes: apply.ts; its log lines: log.ts) may do differently from the document. REFERENCE_RELOAD is the document's; each fault and quirk that changes it is one row of
 * RELOAD_VARIATIONS.
 */
export interface ReloadVariant {
  /** Unknown directives and mistyped values are dropped, the rest of the file applied (read.ts). */
  readonly invalidKeysDropped: boolean;
  /** A file that repeats a start flag is not refused for it (read.ts). */
  readonly conflictsIgnored: boolean;
  /** A file refused for one key is logged as refused, and its other keys are applied all the same (quirks/reload/valid-keys-applied.ts). */
  readonly otherKeysAppliedOnRefusal: boolean;
  /** A file that repeats a start flag is logged as a conflict, and its other keys are applied all the same (quirks/reload/valid-keys-applied.ts). */
  readonly otherKeysAppliedOnConflict: boolean;
  /** The signal is not logged (log.ts). */
  readonly signalNotLogged: boolean;
  /** The reload is logged as "Reloaded configuration" without the configuration it applied (log.ts). */
  readonly configNotLogged: boolean;
  /** A reload replaces the authorization chain only of a daemon that started with one (quirks/reload/authz-needs-start-chain.ts). */
  readonly chainOnlyIfStarted: boolean;
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

/** A swap in two steps: `first` of the old and new configurations, then, `ms` later, the new one (then the line is logged). */
const inTwoSteps =
  (first: (current: SimConfig, next: SimConfig) => SimConfig, ms: number): Swap =>
  (current, next, serve, done) => {
    serve(first(current, next));
    setTimeout(() => {
      serve(next);
      done();
    }, ms);
  };

/** Fault (reload.atomic): the labels change first, the rest 30 ms later. */
const labelsFirst = inTwoSteps((current, next) => Object.freeze({ ...current, settings: { ...current.settings, labels: next.settings.labels } }), 30);

/** The labels are applied 20 ms after the rest of the configuration. */
const labelsLate = inTwoSteps((current, next) => Object.freeze({ ...next, settings: { ...next.settings, labels: current.settings.labels } }), 20);

/** The document's reload. */
export const REFERENCE_RELOAD: ReloadVariant = Object.freeze({
  invalidKeysDropped: false,
  conflictsIgnored: false,
  otherKeysAppliedOnRefusal: false,
  otherKeysAppliedOnConflict: false,
  signalNotLogged: false,
  configNotLogged: false,
  chainOnlyIfStarted: false,
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
  ['reload.invalid.unchanged', { invalidKeysDropped: true }],
  ['reload.conflict.unchanged', { conflictsIgnored: true }],
  ['reload.sighup.applies', { signalNotLogged: true }],
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
  // Quirks (specs/quirks/reload.ts). The observed ones (specs/known-deviations.ts): the download
  // limits and features given as start flags reset (20.10 to 29.7); on 20.10, a reload refused for
  // its registry values half applied, the options applied one at a time without a snapshot, and a
  // reload that drops the default runtime it does not name crashes the daemon (their logic:
  // simulator/quirks/reload/half-applied.ts, one-at-a-time.ts, runtime-panic.ts).
  ['observed.reload.flags.kept', { flagsReset: true }],
  ['hypothetical.reload.authz-missing.skipped', { missingPluginSkipped: true }],
  ['observed.reload.invalid.unchanged', { appliedUntilRefusal: true }],
  // A release that otherwise swaps one configuration checks the registry values only after it applied the other options (as 20.10 does).
  ['hypothetical.reload.invalid.unchanged.registries-last', { appliedUntilRefusal: true }],
  ['hypothetical.reload.invalid.unchanged.valid-keys-applied', { otherKeysAppliedOnRefusal: true }],
  ['hypothetical.reload.conflict.unchanged.other-keys-applied', { otherKeysAppliedOnConflict: true }],
  ['observed.reload.sighup.applies', { panicsOnDroppedRuntime: true }],
  ['hypothetical.reload.sighup.applies.line-without-config', { configNotLogged: true }],
  ['hypothetical.reload.option.authorization-plugins.needs-start-chain', { chainOnlyIfStarted: true }],
  ['observed.reload.atomic', { swap: serveOneAtATime }],
  ['hypothetical.reload.atomic.labels-late', { swap: labelsLate }],
];

/** The reload of a daemon started with these faults and quirks (resolved field by field: simulator/faults/variant-table.ts). */
export const reloadVariant = (config: Pick<SimConfig, 'faults' | 'quirks'>): ReloadVariant => resolveVariant(REFERENCE_RELOAD, RELOAD_VARIATIONS, config);
