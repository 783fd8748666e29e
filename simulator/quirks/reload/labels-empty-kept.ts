import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): a reload whose labels are [] keeps the old set (an empty list taken for "not set"). */
export const ID = 'hypothetical.reload.option.labels.empty-kept';

export const labelsEmptyKept: QuirkModule = { where: 'simulator/quirks/reload/labels-empty-kept.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  Array.isArray(doc['labels']) && doc['labels'].length === 0 ? { ...after, labels: before.labels } : after;
