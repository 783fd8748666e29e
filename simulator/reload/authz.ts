import { lookUpWithRetries, locatePlugin } from '../authz/locate.js';
import type { SimConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { structuredReloadLog } from './log.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';

/** The authorization plugins a reloaded file names, or undefined when it has no such key (the set then stays). */
export function namedAuthzPlugins(doc: Readonly<Record<string, unknown>>): readonly string[] | undefined {
  const plugins = doc['authorization-plugins'];
  return Array.isArray(plugins) ? plugins.filter((p): p is string => typeof p === 'string') : undefined;
}

/** The first named plugin that cannot be found now, or undefined when every one is there. */
export const firstMissingPlugin = (names: readonly string[], config: SimConfig): string | undefined =>
  names.find((name) => locatePlugin(name, config.pluginDirs) === null);

/**
 * A reload naming a plugin that is not there: dockerd looks it up again with retry warnings and,
 * when it never appears, logs a fatal line (the caller ends the daemon with status 1). Resolves
 * true after the fatal line; false when the plugin appeared or the daemon stopped first.
 */
export async function missingPluginIsFatal(name: string, config: SimConfig, logger: Logger, cancelled: () => boolean): Promise<boolean> {
  // The first look already failed: the retries start with their first wait.
  const found = await lookUpWithRetries(name, config.pluginDirs, config.pluginRetryMs, logger, cancelled);
  if (found !== null || cancelled()) return false;
  const error = fillMessage(AUTHZ_MESSAGES.notFound, { name });
  if (structuredReloadLog(config)) logger.log('fatal', 'Error validating authorization plugin', { error });
  else logger.log('fatal', `Error validating authorization plugin: ${error}`);
  return true;
}
