import type { DaemonSettings } from '../../config/file/settings.js';
import type { FileDocument } from '../../config/file/read-document.js';
import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical (specs/quirks/reload.ts): insecure-registries do not reload (registry-mirrors do). */
export const ID = 'hypothetical.reload.option.registries.insecure-kept';

export const insecureKept: QuirkModule = { where: 'simulator/quirks/reload/insecure-kept.ts, called from simulator/reload/apply-quirks.ts' };

/** The settings a reload leaves with the quirk, given those before it and those it would apply. */
export const apply = (before: DaemonSettings, after: DaemonSettings, doc: FileDocument): DaemonSettings =>
  'insecure-registries' in doc ? { ...after, insecureRegistries: before.insecureRegistries } : after;
