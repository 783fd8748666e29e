import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the reload area, by id (one module each in this directory). */
export const RELOAD_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
