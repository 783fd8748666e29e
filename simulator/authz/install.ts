import type { SimConfig } from '../config/types.js';
import type { Logger } from '../log.js';
import { SimError } from '../errors.js';
import { AuthzChain, type InstalledPlugin } from './chain.js';
import { locatePlugin, lookUpWithRetries } from './locate.js';
import { authzChainVariant, type StartErrorClass } from './chain-variant.js';
import { callPlugin, PluginCallError } from './plugin-client.js';
import { fillMessage } from '../../common/messages.js';
import { AUTHZ_MESSAGES } from '../../specs/messages.js';

/** What plugins a configuration installs, where it finds them and how long it waits for them. */
export type PluginSettings = Pick<SimConfig, 'authorizationPlugins' | 'pluginDirs' | 'pluginRetryMs' | 'faults'> &
  Partial<Pick<SimConfig, 'quirks' | 'pluginTimeoutMs'>>;

const validationError = (words: string, Refusal: StartErrorClass = SimError): SimError =>
  new Refusal('SIM_AUTHZ', `failed to validate authorization plugin: ${words}`);

/** The quirks of a configuration that names none. */
const NO_QUIRKS: ReadonlySet<string> = new Set();

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
  // Where a fault or a quirk makes the installation differ (chain-variant.ts).
  const variant = authzChainVariant({ faults, quirks: settings.quirks ?? NO_QUIRKS });
  const installed: InstalledPlugin[] = [];
  for (const name of settings.authorizationPlugins) {
    // A plugin named by the path of its spec file is found by that path.
    const address = await lookUpWithRetries(name, settings.pluginDirs, settings.pluginRetryMs, logger, cancelled, variant.specPathLookedUp);
    if (address === null) {
      // A plugin that cannot be found stops the start.
      const Refusal = variant.missingPluginError;
      if (Refusal === undefined) continue;
      throw validationError(fillMessage(AUTHZ_MESSAGES.notFound, { name }), Refusal);
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
