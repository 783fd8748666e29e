import { isOlder } from '../../common/dotted-version.js';
import type { SimConfig } from '../config/types.js';
import type { DaemonSettings } from '../config/file/settings.js';
import { bytesOf } from '../config/file/go-values.js';
import type { Logger } from '../log.js';
import { reloadVariant } from './reload-variant.js';

/**
 * 28.5 logs with structured fields, 20.10 and 26.1 inline (observed). Where the change happened in
 * between is not observed; moby moved these lines to structured logging for 27.0.
 */
export const structuredReloadLog = (config: SimConfig): boolean => !isOlder(config.release.release, '27.0');

/**
 * The effective configuration as the reload line shows it, in the key order of 28.5's line
 * (keys of empty values left out, as Go's omitempty does). The reloadable options are all there.
 */
export function reloadedConfigJson(config: SimConfig): string {
  const s: DaemonSettings = config.settings;
  const some = <T>(key: string, value: T, present: boolean): Record<string, T> => (present ? { [key]: value } : {});
  return JSON.stringify({
    ...some('labels', s.labels, s.labels.length > 0),
    pidfile: config.pidfile,
    'data-root': config.dataRoot,
    'exec-root': config.execRoot,
    ...some('live-restore', true, s.liveRestore),
    'max-concurrent-downloads': s.maxConcurrentDownloads,
    'max-concurrent-uploads': s.maxConcurrentUploads,
    'max-download-attempts': s.maxDownloadAttempts,
    'shutdown-timeout': s.shutdownTimeout,
    ...some('debug', true, config.debug),
    hosts: config.hosts,
    'log-level': s.logLevel,
    'log-format': s.logFormat,
    ...some('registry-mirrors', s.registryMirrors, s.registryMirrors.length > 0),
    ...some('insecure-registries', s.insecureRegistries, s.insecureRegistries.length > 0),
    experimental: config.experimental,
    ...some('features', s.features, Object.keys(s.features).length > 0),
    'default-runtime': s.defaultRuntime,
    ...some('runtimes', s.runtimes, Object.keys(s.runtimes).length > 0),
    'default-shm-size': bytesOf(s.defaultShmSize),
    'default-ipc-mode': s.defaultIpcMode,
    'default-cgroupns-mode': s.defaultCgroupnsMode,
  });
}

/** `Got signal to reload configuration` (SIGHUP). */
export function logReloadSignal(logger: Logger, config: SimConfig): void {
  // Where a fault differs: reload-variant.ts.
  if (reloadVariant(config).signalNotLogged) return;
  const file = config.configFile ?? config.names.configFile;
  if (structuredReloadLog(config)) logger.log('info', 'Got signal to reload configuration', { 'config-file': file });
  else logger.log('info', `Got signal to reload configuration, reloading from: ${file}`);
}

/** The debug lines of the download limits, written while the old debug setting is in effect (as dockerd does). */
export function logLimitResets(logger: Logger, s: DaemonSettings): void {
  logger.log('debug', `Reset Max Concurrent Downloads: ${s.maxConcurrentDownloads}`);
  logger.log('debug', `Reset Max Concurrent Uploads: ${s.maxConcurrentUploads}`);
  logger.log('debug', `Reset Max Download Attempts: ${s.maxDownloadAttempts}`);
}

/** `Reloaded configuration` with the effective configuration. */
export function logReloaded(logger: Logger, config: SimConfig): void {
  // Where a quirk differs: reload-variant.ts.
  if (reloadVariant(config).configNotLogged) return logger.log('info', 'Reloaded configuration');
  if (structuredReloadLog(config)) logger.log('info', 'Reloaded configuration', { config: reloadedConfigJson(config) });
  else logger.log('info', `Reloaded configuration: ${reloadedConfigJson(config)}`);
}

/** A new file that could not be read or validated: 20.10 and 26.1 log the error as the message, 28.5 as a field. */
export function logReloadFailed(logger: Logger, config: SimConfig, error: string): void {
  if (structuredReloadLog(config)) logger.log('error', 'Error reloading configuration', { error });
  else logger.log('error', error);
}

/** A configuration the daemon refused to apply (daemon.Reload); 28.5 then logs the unchanged configuration as reloaded (observed). */
export function logReconfigureFailed(logger: Logger, config: SimConfig, error: string): void {
  if (!structuredReloadLog(config)) return logger.log('error', `Error reconfiguring the daemon: ${error}`);
  logger.log('error', 'Error reconfiguring the daemon', { error });
  logger.log('info', 'Reloaded configuration', { config: reloadedConfigJson(config) });
}
