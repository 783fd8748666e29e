import type { SimConfig } from '../config/types.js';
import type { ConfigSources } from '../config/file/sources.js';
import { checkDocument } from '../config/file/load.js';
import { fileSettingsAlone } from '../config/file/merge.js';
import { messageStyle } from '../config/file/message-style.js';
import { readDocument, type FileDocument } from '../config/file/read-document.js';
import type { DaemonSettings } from '../config/file/settings.js';
import { validateSettings } from '../config/file/validate.js';
import { SimError } from '../errors.js';
import { faultsWhere } from '../faults/fault-set.js';
import { reloadVariant } from './reload-variant.js';

/** The new file as a reload reads it: the document, and its settings on their own (no flags). */
export interface ReloadedFile {
  readonly doc: FileDocument;
  readonly settings: DaemonSettings;
}

/**
 * Reads the file again as dockerd's config.Reload does (observed on 20.10.24, 26.1.5, 28.5.2): the
 * start-up reading and checks of the document (missing, unreadable, not JSON, unknown directives,
 * directives that are also start flags, value types), then the labels and the validation of the
 * file's configuration on its own, worded "file configuration validation failed: …". Throws the
 * first problem as a SimError.
 */
export function readForReload(config: SimConfig, sources: ConfigSources): ReloadedFile {
  const { names, release } = config;
  // The start-up faults (config.*) break the start; a reload, whose checks are this area's, takes only its own.
  const faults = faultsWhere(config.faults, (rule) => rule.startsWith('reload.'));
  const file = readDocument(config.configFileGiven ?? undefined, names, messageStyle(release), sources, release.release, faults, config.quirks);
  // Where a fault differs: reload-variant.ts.
  const variant = reloadVariant({ faults, quirks: config.quirks });
  const broken = variant.invalidKeysDropped;
  const doc = checkDocument(
    file,
    config.startFlags.daemonOptions,
    names,
    release,
    faults,
    {
      unknown: !broken,
      conflicts: (found) => (variant.conflictsIgnored ? [] : found),
      types: !broken,
    },
    config.quirks,
  );
  const alone = fileSettingsAlone(doc, release, names, faults);
  const settings = validateSettings({
    settings: alone,
    release,
    names,
    path: file.path ?? names.configFile,
    fromFile: true,
    faults,
    failure: (problem) => new SimError('SIM_CONFIG', `file configuration validation failed: ${problem}`),
  });
  return { doc, settings };
}
