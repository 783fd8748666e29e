import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the deprecations area not yet a row of a variant table, by id: none (each is a row; simulator/variant-tables.ts). */
export const DEPRECATIONS_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
