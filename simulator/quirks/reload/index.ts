import type { QuirkModule } from '../quirk-module.js';
import { DEFAULT_RUNTIME_PANIC } from './default-runtime-panic.js';
import { NON_ATOMIC_RELOAD } from './non-atomic-reload.js';

/** The quirks of the reload area, by id (one module each in this directory). */
export const RELOAD_QUIRKS: Readonly<Record<string, QuirkModule>> = {
  [NON_ATOMIC_RELOAD]: { where: 'quirks/reload/non-atomic-reload.ts; reload/reload.ts (reloadConfiguration)' },
  [DEFAULT_RUNTIME_PANIC]: { where: 'quirks/reload/default-runtime-panic.ts; reload/reload.ts (reloadConfiguration), daemon/start.ts (ends the daemon)' },
};
