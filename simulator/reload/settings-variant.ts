import type { FileDocument } from '../config/file/read-document.js';
import type { DaemonSettings } from '../config/file/settings.js';
import { perConfigVariant, type VariationRow } from '../faults/variant-table.js';

/** One step an applied reload takes on its settings: given those before the reload, those so far, and the new file. */
export type SettingsStep = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument) => DaemonSettings;

/**
 * What an applied reload may make of the settings beyond the document's (apply-quirks.ts, after
 * apply.ts): one step per option, taken in the order of the fields. REFERENCE_RELOAD_SETTINGS is
 * the document's (each step leaves the settings as applied); each quirk that changes them is one
 * row of RELOAD_SETTINGS_VARIATIONS.
 */
export interface ReloadSettingsVariant {
  /** Features the new file leaves out. */
  readonly absentFeatures: SettingsStep;
  /** max-download-attempts the file names. */
  readonly downloadAttempts: SettingsStep;
  /** debug the file sets to false. */
  readonly debugOff: SettingsStep;
  /** The default-runtime the file names. */
  readonly defaultRuntime: SettingsStep;
  /** The features applied. */
  readonly features: SettingsStep;
  /** insecure-registries the file names. */
  readonly insecureRegistries: SettingsStep;
  /** default-ipc-mode the file names. */
  readonly ipcMode: SettingsStep;
  /** labels the file sets to []. */
  readonly emptyLabels: SettingsStep;
  /** live-restore the file sets to false. */
  readonly liveRestoreOff: SettingsStep;
  /** log-level the file names (not reloadable). */
  readonly logLevel: SettingsStep;
  /** shutdown-timeout the file sets to 0. */
  readonly zeroShutdownTimeout: SettingsStep;
}

/** The document's step: the settings as applied. */
const asApplied: SettingsStep = (_before, after) => after;

/** The document's settings after a reload: as apply.ts makes them. */
export const REFERENCE_RELOAD_SETTINGS: ReloadSettingsVariant = Object.freeze({
  absentFeatures: asApplied,
  downloadAttempts: asApplied,
  debugOff: asApplied,
  defaultRuntime: asApplied,
  features: asApplied,
  insecureRegistries: asApplied,
  ipcMode: asApplied,
  emptyLabels: asApplied,
  liveRestoreOff: asApplied,
  logLevel: asApplied,
  zeroShutdownTimeout: asApplied,
});

/** Each quirk of the settings a reload leaves, and the step it sets (no two set the same field). */
export const RELOAD_SETTINGS_VARIATIONS: readonly VariationRow<ReloadSettingsVariant>[] = [
  // Hypothetical quirks (specs/quirks/reload.ts).
  // Features the new file leaves out keep the old set instead of becoming none.
  [
    'hypothetical.reload.absent-keys.features-kept',
    { absentFeatures: (before, after, doc) => ('features' in doc ? after : { ...after, features: before.features }) },
  ],
  // max-download-attempts does not reload (the two concurrency limits do).
  [
    'hypothetical.reload.option.downloads.attempts-kept',
    { downloadAttempts: (before, after, doc) => ('max-download-attempts' in doc ? { ...after, maxDownloadAttempts: before.maxDownloadAttempts } : after) },
  ],
  // A reload can switch debug on but not off.
  ['hypothetical.reload.option.debug.only-enables', { debugOff: (before, after, doc) => (doc['debug'] === false ? { ...after, debug: before.debug } : after) }],
  // default-runtime reloads only when it names a runtime registered before the reload; a default among the file's new runtimes is ignored.
  [
    'hypothetical.reload.option.runtimes.default-needs-known',
    {
      defaultRuntime: (before, after, doc) =>
        typeof doc['default-runtime'] === 'string' && !(doc['default-runtime'] in before.runtimes)
          ? { ...after, defaultRuntime: before.defaultRuntime }
          : after,
    },
  ],
  // A feature the reloaded file sets to false is left out of the set instead of being switched off.
  [
    'hypothetical.reload.option.features.false-dropped',
    { features: (_before, after) => ({ ...after, features: Object.fromEntries(Object.entries(after.features).filter(([, on]) => on)) }) },
  ],
  // insecure-registries do not reload (registry-mirrors do).
  [
    'hypothetical.reload.option.registries.insecure-kept',
    { insecureRegistries: (before, after, doc) => ('insecure-registries' in doc ? { ...after, insecureRegistries: before.insecureRegistries } : after) },
  ],
  // default-ipc-mode does not reload (default-shm-size does).
  [
    'hypothetical.reload.option.undocumented.ipc-kept',
    { ipcMode: (before, after, doc) => ('default-ipc-mode' in doc ? { ...after, defaultIpcMode: before.defaultIpcMode } : after) },
  ],
  // A reload whose labels are [] keeps the old set (an empty list taken for "not set").
  [
    'hypothetical.reload.option.labels.empty-kept',
    { emptyLabels: (before, after, doc) => (Array.isArray(doc['labels']) && doc['labels'].length === 0 ? { ...after, labels: before.labels } : after) },
  ],
  // A reload can switch live-restore on but not off.
  [
    'hypothetical.reload.option.live-restore.only-enables',
    { liveRestoreOff: (before, after, doc) => (doc['live-restore'] === false ? { ...after, liveRestore: before.liveRestore } : after) },
  ],
  // A reload applies the file's log-level, which is not reloadable.
  [
    'hypothetical.reload.non-reloadable.log-level-applied',
    { logLevel: (_before, after, doc) => ('log-level' in doc ? { ...after, logLevel: doc['log-level'] as DaemonSettings['logLevel'] } : after) },
  ],
  // A shutdown-timeout of 0 is taken for "not set" and the old time-out stays.
  [
    'hypothetical.reload.option.shutdown-timeout.zero-kept',
    { zeroShutdownTimeout: (before, after, doc) => (doc['shutdown-timeout'] === 0 ? { ...after, shutdownTimeout: before.shutdownTimeout } : after) },
  ],
];

/** The settings steps of a daemon started with these quirks, once per configuration (simulator/faults/variant-table.ts: perConfigVariant). */
export const reloadSettingsVariant = perConfigVariant(REFERENCE_RELOAD_SETTINGS, RELOAD_SETTINGS_VARIATIONS);

/** The steps in the order a reload takes them. */
export const SETTINGS_STEPS = Object.keys(REFERENCE_RELOAD_SETTINGS) as readonly (keyof ReloadSettingsVariant)[];
