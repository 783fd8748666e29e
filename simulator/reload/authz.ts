import type { SimConfig } from '../config/resolve.js';
import type { Logger } from '../daemon/log.js';
import { structuredReloadLog } from './log.js';

/** dockerd's plugin lookup: four retries, waiting 1, 2, 4 and 8 s (observed on every release). */
const RETRIES = 4;
export const DEFAULT_RETRY_MS = 1000;

/** The authorization plugins a reloaded file names. */
export function namedAuthzPlugins(doc: Readonly<Record<string, unknown>>): readonly string[] {
  const plugins = doc['authorization-plugins'];
  return Array.isArray(plugins) ? plugins.filter((p): p is string => typeof p === 'string') : [];
}

/**
 * Looks the plugins up as dockerd does on reload and, since ctrd-sim has no plugin to find, ends
 * as dockerd does when one is missing: retry warnings, then a fatal line (the caller ends the
 * daemon with status 1). Resolves after the fatal line; `cancelled` stops it (the daemon stopped first).
 */
export async function missingPluginIsFatal(names: readonly string[], config: SimConfig, logger: Logger, cancelled: () => boolean): Promise<boolean> {
  const name = names[0]!;
  const base = (config.flags.get('plugin-retry-ms') as number | undefined) ?? DEFAULT_RETRY_MS;
  for (let attempt = 0; attempt < RETRIES; attempt += 1) {
    const wait = base * 2 ** attempt;
    logger.log('warning', `Unable to locate plugin: ${name}, retrying in ${formatSeconds(wait)}`);
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (cancelled()) return false;
  }
  const error = `plugin "${name}" not found`;
  if (structuredReloadLog(config)) logger.log('fatal', 'Error validating authorization plugin', { error });
  else logger.log('fatal', `Error validating authorization plugin: ${error}`);
  return true;
}

/** Go's time.Duration String: 1s, 2s, 500ms. */
const formatSeconds = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000}s` : ms >= 1000 ? `${ms / 1000}s` : `${ms}ms`);
