import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): max-download-attempts does not reload (the two concurrency limits do). */
export const ID = 'hypothetical.reload.option.downloads.attempts-kept';

export const attemptsKept: QuirkModule = { where: 'simulator/quirks/reload/attempts-kept.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  'max-download-attempts' in doc ? { ...after, maxDownloadAttempts: before.maxDownloadAttempts } : after;
