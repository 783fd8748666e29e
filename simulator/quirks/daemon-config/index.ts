import type { QuirkModule } from '../quirk-module.js';

/**
 * The quirks of the daemon-config area not yet a row of a variant table, by id: none (each is a
 * row of the tables of simulator/variant-tables.ts, which say where it lives).
 */
export const DAEMON_CONFIG_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
