import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): default-ipc-mode does not reload (default-shm-size does). */
export const ID = 'hypothetical.reload.option.undocumented.ipc-kept';

export const ipcKept: QuirkModule = { where: 'simulator/quirks/reload/ipc-kept.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  'default-ipc-mode' in doc ? { ...after, defaultIpcMode: before.defaultIpcMode } : after;
