import type { DaemonSettings } from '../config/file/settings.js';
import type { FileDocument } from '../config/file/read-document.js';
import * as absentFeaturesKept from '../quirks/reload/absent-features-kept.js';
import * as attemptsKept from '../quirks/reload/attempts-kept.js';
import * as debugOnlyEnables from '../quirks/reload/debug-only-enables.js';
import * as defaultNeedsKnown from '../quirks/reload/default-needs-known.js';
import * as featuresFalseDropped from '../quirks/reload/features-false-dropped.js';
import * as insecureKept from '../quirks/reload/insecure-kept.js';
import * as ipcKept from '../quirks/reload/ipc-kept.js';
import * as labelsEmptyKept from '../quirks/reload/labels-empty-kept.js';
import * as liveRestoreOnlyEnables from '../quirks/reload/live-restore-only-enables.js';
import * as logLevelApplied from '../quirks/reload/log-level-applied.js';
import * as shutdownZeroKept from '../quirks/reload/shutdown-zero-kept.js';

/** The quirks that change what an applied reload makes of the settings, each one function of its module. */
const SETTING_QUIRKS = [
  absentFeaturesKept,
  attemptsKept,
  debugOnlyEnables,
  defaultNeedsKnown,
  featuresFalseDropped,
  insecureKept,
  ipcKept,
  labelsEmptyKept,
  liveRestoreOnlyEnables,
  logLevelApplied,
  shutdownZeroKept,
];

/** The settings of an applied reload with the quirks the simulator carries (none normally). */
export function withSettingQuirks(before: DaemonSettings, after: DaemonSettings, doc: FileDocument, quirks: ReadonlySet<string>): DaemonSettings {
  let settings = after;
  for (const quirk of SETTING_QUIRKS) if (quirks.has(quirk.ID)) settings = quirk.apply(before, settings, doc);
  return settings;
}
