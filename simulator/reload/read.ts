import type { ParsedFlags } from '../config/argv.js';
import type { SimConfig } from '../config/resolve.js';
import type { ConfigSources } from '../config/sources.js';
import { findTypeProblem, typeProblemText } from '../daemon-config/decode.js';
import { conflictingDirectives, flattenDirectives, unknownDirectives } from '../daemon-config/directives.js';
import { mergeSettings } from '../daemon-config/merge.js';
import { messageStyle } from '../daemon-config/message-style.js';
import { fileError, readDocument, type FileDocument } from '../daemon-config/read-document.js';
import type { DaemonSettings } from '../daemon-config/settings.js';
import { validateSettings } from '../daemon-config/validate.js';
import { SimError } from '../errors.js';

/** The new file as a reload reads it: the document, and its settings on their own (no flags). */
export interface ReloadedFile {
  readonly doc: FileDocument;
  readonly settings: DaemonSettings;
}

/**
 * Reads the file again as dockerd's config.Reload does (observed on 20.10.24, 26.1.5, 28.5.2): the
 * start-up reading (missing, unreadable, not JSON, unknown directives, directives that are also
 * start flags, value types), then the labels and the validation of the file's configuration on its
 * own, worded "file configuration validation failed: …". Throws the first problem as a SimError.
 */
export function readForReload(config: SimConfig, sources: ConfigSources): ReloadedFile {
  const { flags, names, release } = config;
  // The start-up faults (config.*) break the start; a reload, whose checks are this area's, takes only its own.
  const faults = new Set([...config.faults].filter((rule) => rule.startsWith('reload.')));
  const style = messageStyle(release);
  const file = readDocument(flags.get('config-file') as string | undefined, names, style, sources, faults);
  const path = file.path ?? names.configFile;
  const flat = flattenDirectives(file.doc);
  // Fault (reload.invalid.unchanged): unknown directives are ignored on reload.
  const unknown = faults.has('reload.invalid.unchanged') ? [] : unknownDirectives(flat, release, faults, new Set(flags.keys()));
  if (unknown.length > 0) throw fileError(names, path, `the following directives don't match any configuration option: ${unknown.join(', ')}`);
  // Fault (reload.conflict.unchanged): a reload does not look for conflicts with the start flags.
  const conflicts = faults.has('reload.conflict.unchanged') ? [] : conflictingDirectives(flat, flags, release, faults);
  if (conflicts.length > 0) throw fileError(names, path, `the following directives are specified both as a flag and in the configuration file: ${conflicts.join(', ')}`);
  // Fault (reload.invalid.unchanged): nor are values of the wrong type (they are dropped).
  const typeProblem = faults.has('reload.invalid.unchanged') ? null : findTypeProblem(file.doc, style);
  if (typeProblem !== null) throw fileError(names, path, typeProblemText(typeProblem, style));
  const doc = faults.has('reload.invalid.unchanged') ? withoutBroken(file.doc, new Set(unknownDirectives(flat, release, new Set(), new Set(flags.keys()))), style) : file.doc;
  const alone = mergeSettings(configFileOnly(flags), doc, {}, release, names, faults);
  const settings = validateSettings({
    settings: alone,
    release,
    names,
    path,
    fromFile: true,
    faults,
    failure: (problem) => new SimError('SIM_CONFIG', `file configuration validation failed: ${problem}`),
  });
  return { doc, settings };
}

/** The flags a reload reads the file with: only where the file is (the others are checked for conflicts). */
const configFileOnly = (flags: ParsedFlags): ParsedFlags => {
  const path = flags.get('config-file');
  return new Map(path === undefined ? [] : [['config-file', path]]);
};

/** Under the fault: the document without its unknown directives and mistyped values. */
const withoutBroken = (doc: FileDocument, unknown: ReadonlySet<string>, style: ReturnType<typeof messageStyle>): FileDocument =>
  Object.fromEntries(Object.entries(doc).filter(([key, value]) => !unknown.has(key) && findTypeProblem({ [key]: value }, style) === null));
