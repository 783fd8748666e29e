// Quirks observed.reload.invalid.unchanged (20.10, specs/known-deviations.ts) and
// hypothetical.reload.invalid.unchanged.registries-last: their rows are in simulator/reload/reload-variant.ts.
import type { SimConfig } from '../../config/types.js';
import type { DaemonSettings } from '../../config/file/settings.js';

/**
 * What 20.10's daemon.Reload leaves behind when it stops at the registries: it applies the options
 * one by one (reloadPlatform, debug, the download limits, shutdown-timeout, features, labels, then
 * insecure-registries, registry-mirrors, live-restore) and returns at the first error. So the
 * options before the refused one keep the file's values; /info Debug follows only a successful
 * reload. `applied` is what the whole file would have made of the settings.
 */
export function settingsAtRefusal(current: SimConfig, applied: DaemonSettings, problem: string): SimConfig {
  const before = current.settings;
  const settings: DaemonSettings = {
    ...before,
    runtimes: applied.runtimes,
    defaultRuntime: applied.defaultRuntime,
    defaultShmSize: applied.defaultShmSize,
    defaultIpcMode: applied.defaultIpcMode,
    defaultCgroupnsMode: applied.defaultCgroupnsMode,
    maxConcurrentDownloads: applied.maxConcurrentDownloads,
    maxConcurrentUploads: applied.maxConcurrentUploads,
    maxDownloadAttempts: applied.maxDownloadAttempts,
    shutdownTimeout: applied.shutdownTimeout,
    features: applied.features,
    labels: applied.labels,
    // The mirrors come after the insecure registries: refused mirrors leave the new insecure ones in place.
    ...(problem.startsWith('invalid mirror') ? { insecureRegistries: applied.insecureRegistries } : {}),
    ...('builtinShimsDropped' in applied ? { builtinShimsDropped: applied.builtinShimsDropped } : {}),
  };
  return Object.freeze({ ...current, settings });
}
