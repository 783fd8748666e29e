import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: in a file that sets any key, an absent log-driver takes the decoded file's zero value ("") over the default json-file. */
export const ID = 'hypothetical.config.file.absent-defaults.log-driver-zeroed';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/absent-log-driver-zeroed.ts, called from simulator/config/file/merge.ts (logDriver)',
};

/** The log driver when neither flag nor file names one: "" where the quirk is carried and the file has any key. */
export const absentLogDriver = (quirks: ReadonlySet<string>, doc: Readonly<Record<string, unknown>>, fallback: string): string =>
  quirks.has(ID) && Object.keys(doc).length > 0 ? '' : fallback;
