import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a storage driver named by <BRAND>_DRIVER that no driver has is passed over (the daemon chooses as if the variable were unset); -s, --storage-driver and the file still refuse it. */
export const ID = 'hypothetical.config.storage.driver.env-unknown-ignored';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/storage-env-fallback.ts, called from simulator/config/file/merge.ts (storageDriver)',
};

/** The driver the environment names, or undefined where the quirk passes over a name no driver has. */
export const driverFromEnv = (value: string | undefined, known: readonly string[], quirks: ReadonlySet<string>): string | undefined =>
  value !== undefined && quirks.has(ID) && !known.includes(value) ? undefined : value;
