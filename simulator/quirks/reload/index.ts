import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the reload area not yet a row of a variant table (simulator/variant-tables.ts): none. */
export const RELOAD_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
