import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): a reload applies the file's log-level, which is not reloadable. */
export const ID = 'hypothetical.reload.non-reloadable.log-level-applied';

export const logLevelApplied: QuirkModule = { where: 'simulator/quirks/reload/log-level-applied.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (_before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  'log-level' in doc ? { ...after, logLevel: doc['log-level'] as DaemonSettings['logLevel'] } : after;
