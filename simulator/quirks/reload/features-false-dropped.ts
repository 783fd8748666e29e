import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): a feature the reloaded file sets to false is left out of the set instead of being switched off. */
export const ID = 'hypothetical.reload.option.features.false-dropped';

export const featuresFalseDropped: QuirkModule = { where: 'simulator/quirks/reload/features-false-dropped.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (_before: DaemonSettings, after: DaemonSettings, _doc: FileDocument): DaemonSettings => ({
  ...after,
  features: Object.fromEntries(Object.entries(after.features).filter(([, on]) => on)),
});
