import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): a reload can switch debug on but not off. */
export const ID = 'hypothetical.reload.option.debug.only-enables';

export const debugOnlyEnables: QuirkModule = { where: 'simulator/quirks/reload/debug-only-enables.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  doc['debug'] === false ? { ...after, debug: before.debug } : after;
