import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the deprecations area, by id (one module each in this directory). */
export const DEPRECATIONS_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
