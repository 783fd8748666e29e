import type { SimConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { SimError } from '../errors.js';
import { AuthzChain, type InstalledPlugin } from './chain.js';
import { locatePlugin, lookUpWithRetries } from './locate.js';
import { SPEC_PATH_NOT_FOUND } from '../quirks/listeners/spec-path-not-found.js';
import { CleanShutdown, MISSING_EXIT_0 } from '../quirks/listeners/missing-exit-0.js';
import { callPlugin, PluginCallError } from './plugin-client.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';

/** What plugins a configuration installs, where it finds them and how long it waits for them. */
export type PluginSettings = Pick<SimConfig, 'authorizationPlugins' | 'pluginDirs' | 'pluginRetryMs' | 'faults'> &
  Partial<Pick<SimConfig, 'quirks' | 'pluginTimeoutMs'>>;

const validationError = (words: string): SimError => new SimError('SIM_AUTHZ', `failed to validate authorization plugin: ${words}`);

/** Activates a found plugin: it must say it implements "authz". */
async function activate(plugin: InstalledPlugin, settings: PluginSettings, logger: Logger): Promise<void> {
  let answer: unknown;
  try {
    answer = await callPlugin(plugin.address, 'Plugin.Activate', {}, settings.pluginRetryMs, logger, settings.pluginTimeoutMs);
  } catch (error) {
    throw validationError(error instanceof PluginCallError ? error.message : String(error));
  }
  const implementsList = (answer as { Implements?: unknown }).Implements;
  if (!Array.isArray(implementsList) || !implementsList.includes('authz')) throw validationError('Plugin does not implement the requested driver');
}

/**
 * Finds and activates the named plugins as dockerd validates them at start (and on reload): a
 * plugin not found after the lookup's retries stops the daemon with
 * `failed to validate authorization plugin: plugin "NAME" not found` (observed on 20.10, 26.1, 28.5).
 * Resolves with the chain, or null when no plugin is named.
 */
export async function installAuthzPlugins(settings: PluginSettings, logger: Logger, cancelled?: () => boolean): Promise<AuthzChain | null> {
  const { faults } = settings;
  if (settings.authorizationPlugins.length === 0) return null;
  const installed: InstalledPlugin[] = [];
  for (const name of settings.authorizationPlugins) {
    // Fault (authz.spec-path), quirk observed.authz.spec-path: a plugin named by the path of its spec file is not found, as on the real releases.
    const byPath = !faults.has('authz.spec-path') && !(settings.quirks?.has(SPEC_PATH_NOT_FOUND) ?? false);
    const address = await lookUpWithRetries(name, settings.pluginDirs, settings.pluginRetryMs, logger, cancelled, byPath);
    if (address === null) {
      // Fault (authz.missing): a plugin that cannot be found is left out, and the daemon serves.
      if (faults.has('authz.missing')) continue;
      // Quirk hypothetical.authz.missing.exit-0: the refusal ends the process with status 0.
      if (settings.quirks?.has(MISSING_EXIT_0) ?? false)
        throw new CleanShutdown('SIM_AUTHZ', validationError(fillMessage(AUTHZ_MESSAGES.notFound, { name })).message);
      throw validationError(fillMessage(AUTHZ_MESSAGES.notFound, { name }));
    }
    const plugin = { name, address };
    await activate(plugin, settings, logger);
    installed.push(plugin);
  }
  return installed.length === 0 ? null : new AuthzChain(installed, settings.pluginRetryMs, logger, faults, settings.quirks, settings.pluginTimeoutMs);
}

/**
 * The chain for a reloaded set of names (the reload already checked they can be found): plugins
 * are found now and activated by their first call, as dockerd's lazily loaded ones are.
 */
export function chainAfterReload(settings: PluginSettings, logger: Logger): AuthzChain | null {
  const installed = settings.authorizationPlugins.flatMap((name) => {
    const address = locatePlugin(name, settings.pluginDirs);
    return address === null ? [] : [{ name, address }];
  });
  return installed.length === 0 ? null : new AuthzChain(installed, settings.pluginRetryMs, logger, settings.faults, settings.quirks, settings.pluginTimeoutMs);
}
