import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): features the new file leaves out keep the old set instead of becoming none. */
export const ID = 'hypothetical.reload.absent-keys.features-kept';

export const absentFeaturesKept: QuirkModule = { where: 'simulator/quirks/reload/absent-features-kept.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  'features' in doc ? after : { ...after, features: before.features };
