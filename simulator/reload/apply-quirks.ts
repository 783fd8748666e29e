import type { DaemonSettings } from '../config/file/settings.js';
import type { FileDocument } from '../config/file/read-document.js';
import type { Switches } from '../faults/variant-table.js';
import { reloadSettingsVariant, SETTINGS_STEPS } from './settings-variant.js';

/** The settings of an applied reload after the steps of its variant (settings-variant.ts; each leaves them as they are normally). */
export function withSettingQuirks(before: DaemonSettings, after: DaemonSettings, doc: FileDocument, config: Switches): DaemonSettings {
  const variant = reloadSettingsVariant(config);
  let settings = after;
  for (const step of SETTINGS_STEPS) settings = variant[step](before, settings, doc);
  return settings;
}
