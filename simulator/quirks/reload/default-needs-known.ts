import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): default-runtime reloads only when it names a runtime registered before the reload; a default among the file's new runtimes is ignored. */
export const ID = 'hypothetical.reload.option.runtimes.default-needs-known';

export const defaultNeedsKnown: QuirkModule = { where: 'simulator/quirks/reload/default-needs-known.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  typeof doc['default-runtime'] === 'string' && !(doc['default-runtime'] in before.runtimes) ? { ...after, defaultRuntime: before.defaultRuntime } : after;
