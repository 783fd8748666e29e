import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the listeners area, by id (one module each in this directory). */
export const LISTENERS_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
