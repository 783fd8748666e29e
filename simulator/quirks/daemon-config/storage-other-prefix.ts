import type { QuirkModule } from '../quirk-module.js';

/** Hypothetical quirk: a storage driver checks only the options of its own prefix: options of another driver (`overlay2.size`, `dm.basesize` given to vfs) are passed over; unknown options of its own prefix and options of no driver are still refused. */
export const ID = 'hypothetical.config.storage.options.other-driver-ignored';
export const MODULE: QuirkModule = {
  where: 'simulator/quirks/daemon-config/storage-other-prefix.ts, called from simulator/config/file/start-checks.ts (checkAtStart)',
};

/** Whether the quirk passes over the option `key` (lower-cased name) given to `driver`. */
export const passedOver = (key: string, driver: string, drivers: readonly string[], quirks: ReadonlySet<string>): boolean => {
  const prefix = key.includes('.') ? key.slice(0, key.indexOf('.')) : '';
  return quirks.has(ID) && prefix !== '' && prefix !== driver && (drivers.includes(prefix) || prefix === 'dm');
};
