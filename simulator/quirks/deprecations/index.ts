import type { QuirkModule } from '../quirk-module.js';
import * as removedFlagHidden from './removed-flag-hidden.js';

/** The quirks of the deprecations area that are not yet a row of a variant table, by id (the others: simulator/variant-tables.ts). */
export const DEPRECATIONS_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [removedFlagHidden.QUIRK]: removedFlagHidden.MODULE,
};
