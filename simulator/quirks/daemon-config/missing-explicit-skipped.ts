import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a --config-file that does not exist is passed over as a missing default file is: the daemon starts with no file. */
export const ID = 'hypothetical.config.file.unreadable.missing-skipped';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/missing-explicit-skipped.ts, called from simulator/config/file/read-document.ts (readDocument)',
};

/** Whether a missing file given with --config-file is refused (it is, unless the quirk is carried). */
export const missingRefused = (quirks: ReadonlySet<string>): boolean => !quirks.has(ID);
