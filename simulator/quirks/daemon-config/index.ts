import type { QuirkModule } from '../quirk-module.js';

/** The quirks of the daemon-config area, by id (one module each in this directory). */
export const DAEMON_CONFIG_QUIRKS: Readonly<Record<string, QuirkModule>> = {};
