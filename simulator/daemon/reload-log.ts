import { isOlder } from '../../common/dotted-version.js';
import type { SimConfig } from '../config/resolve.js';
import type { Logger } from './log.js';

/**
 * The effective configuration as the reload line shows it (28.5's key order: pidfile, data-root,
 * exec-root, …, hosts, log-level, …).
 */
function effectiveConfig(config: SimConfig): string {
  return JSON.stringify({
    pidfile: config.pidfile,
    'data-root': config.dataRoot,
    'exec-root': config.execRoot,
    hosts: config.hosts,
    'log-level': config.debug ? 'debug' : 'info',
    debug: config.debug,
    experimental: config.experimental,
  });
}

/**
 * 28.5 logs with structured fields, 20.10 and 26.1 inline (observed). Where the change happened in
 * between is not observed; moby moved these lines to structured logging for 27.0.
 */
const structured = (config: SimConfig): boolean => !isOlder(config.release.release, '27.0');

/** `Got signal to reload configuration` (SIGHUP). */
export function logReloadSignal(logger: Logger, config: SimConfig): void {
  const file = config.configFile ?? config.names.configFile;
  if (structured(config)) logger.log('info', 'Got signal to reload configuration', { 'config-file': file });
  else logger.log('info', `Got signal to reload configuration, reloading from: ${file}`);
}

/** `Reloaded configuration` with the effective configuration. */
export function logReloaded(logger: Logger, config: SimConfig): void {
  if (structured(config)) logger.log('info', 'Reloaded configuration', { config: effectiveConfig(config) });
  else logger.log('info', `Reloaded configuration: ${effectiveConfig(config)}`);
}
