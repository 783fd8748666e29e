import type { QuirkModule } from '../quirk-module.js';
import { TOO_OLD_PLEASE } from './too-old-please.js';

/** The quirks of the api-versioning area, by id (one module each in this directory). */
export const API_VERSIONING_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [TOO_OLD_PLEASE]: { where: 'quirks/api-versioning/too-old-please.ts; api-versioning/version-gate.ts (the too-old template)' },
};
