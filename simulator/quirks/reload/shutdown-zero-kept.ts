import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): a shutdown-timeout of 0 is taken for "not set" and the old time-out stays. */
export const ID = 'hypothetical.reload.option.shutdown-timeout.zero-kept';

export const shutdownZeroKept: QuirkModule = { where: 'simulator/quirks/reload/shutdown-zero-kept.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  doc['shutdown-timeout'] === 0 ? { ...after, shutdownTimeout: before.shutdownTimeout } : after;
