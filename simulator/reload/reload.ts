import type { SimConfig } from '../config/types.js';
import type { ConfigSources } from '../config/file/sources.js';
import type { Logger } from '../log.js';
import { GO_PANIC_STATUS, SimError } from '../errors.js';
import { applyReload, reconfigureProblem } from './apply.js';
import { firstMissingPlugin, missingPluginIsFatal, namedAuthzPlugins } from './authz.js';
import { logLimitResets, logReconfigureFailed, logReloaded, logReloadFailed } from './log.js';
import { readForReload } from './read.js';
import { settingsAtRefusal } from '../quirks/reload/half-applied.js';
import { dropsDefaultRuntime, logPanic } from '../quirks/reload/runtime-panic.js';
import { readWithoutOneKey } from '../quirks/reload/valid-keys-applied.js';
import { withSettingQuirks } from './apply-quirks.js';
import { reloadVariant } from './reload-variant.js';

/** The start flag of each file key whose flag name differs. */
const FLAG_OF: Readonly<Record<string, string>> = { features: 'feature' };

/** Whether a start flag gave the option of a file key: a reload keeps it (reload.flags.kept). */
function keptFlags(config: SimConfig): (key: string) => boolean {
  return (key) => config.startFlags.daemonOptions.has(FLAG_OF[key] ?? key);
}

export type ReloadOutcome =
  | { readonly ok: true; readonly config: SimConfig }
  | { readonly ok: false; readonly error: SimError }
  /**
   * The daemon ends with `status` once `fatal` resolves true: an authorization plugin the file names
   * cannot be found (1, when the lookup gives up), or Go's runtime panics (2).
   */
  | { readonly ok: false; readonly fatal: Promise<boolean>; readonly status: number };

/** What a reload acts on: the configuration in effect, and how to replace it or end the daemon. */
export interface ReloadHost {
  current(): SimConfig;
  /** Serves `config` from the next request on (one swap: a request sees the old or the new one wholly). */
  serve(config: SimConfig): void;
  readonly logger: Logger;
  /** Whether the daemon has stopped meanwhile. */
  stopped(): boolean;
}

/**
 * SIGHUP as dockerd handles it (moby config.Reload, cmd/dockerd reloadConfig, daemon.Reload;
 * observed on 20.10.24, 26.1.5, 28.5.2): read and check the new file against the start flags;
 * look up its authorization plugins; let the daemon refuse its runtimes; then apply the
 * reloadable options in one swap and log the result. Any failure leaves the configuration as it
 * was and is logged; the daemon keeps serving, except when a plugin is missing. Where a fault or
 * quirk differs: reload-variant.ts.
 */
export function reloadConfiguration(host: ReloadHost, sources: ConfigSources): ReloadOutcome {
  const current = host.current();
  const { logger } = host;
  const variant = reloadVariant(current);
  let file: ReturnType<typeof readForReload>;
  try {
    file = readForReload(current, sources);
  } catch (error) {
    // 20.10 panics reading some files (a builder filter's "name" without "="): the daemon ends.
    if (error instanceof SimError && error.code === 'SIM_PANIC') {
      logger.log('error', error.message, { at: 'daemon/config.Reload' });
      return { ok: false, fatal: Promise.resolve(true), status: GO_PANIC_STATUS };
    }
    const simError = error instanceof SimError ? error : new SimError('SIM_CONFIG', String(error));
    logReloadFailed(logger, current, simError.message);
    // Where a quirk applies the file's other keys all the same (the failure logged): reload-variant.ts.
    const rest = readWithoutOneKey(current, sources, simError.message, variant, (other) => readForReload(current, other));
    if (rest === null) return { ok: false, error: simError };
    host.serve(
      Object.freeze({
        ...current,
        settings: withSettingQuirks(current.settings, applyReload(current.settings, rest, current.release, variant, keptFlags(current)), rest.doc, current),
      }),
    );
    return { ok: false, error: simError };
  }
  const plugins = namedAuthzPlugins(file.doc);
  const missing = plugins === undefined ? undefined : firstMissingPlugin(plugins, current);
  if (missing !== undefined && variant.missingPluginSkipped) logger.log('warning', `Unable to locate plugin: ${missing}, skipping it`);
  else if (missing !== undefined && !variant.missingPluginIgnored) {
    return { ok: false, fatal: missingPluginIsFatal(missing, current, logger, host.stopped), status: 1 };
  }
  const problem = reconfigureProblem(current.settings, file, current.release);
  if (problem !== null) {
    if (variant.appliedUntilRefusal)
      host.serve(settingsAtRefusal(current, applyReload(current.settings, file, current.release, variant, keptFlags(current)), problem));
    logReconfigureFailed(logger, current, problem);
    return { ok: false, error: new SimError('SIM_CONFIG', problem) };
  }
  const settings = withSettingQuirks(current.settings, applyReload(current.settings, file, current.release, variant, keptFlags(current)), file.doc, current);
  const authorizationPlugins =
    plugins === undefined ? current.authorizationPlugins : plugins.filter((name) => firstMissingPlugin([name], current) === undefined);
  const next: SimConfig = Object.freeze({ ...current, settings, debug: settings.debug, experimental: settings.experimental, authorizationPlugins });
  logLimitResets(logger, settings);
  const report = (): void => logReloaded(logger, next);
  if (variant.panicsOnDroppedRuntime && dropsDefaultRuntime(file.doc, next)) {
    host.serve(next);
    report();
    logPanic(logger);
    return { ok: false, fatal: Promise.resolve(true), status: GO_PANIC_STATUS };
  }
  const swap = (done: () => void): void => variant.swap(current, next, (config) => host.serve(config), done);
  if (current.reloadStoreDelayMs > 0) {
    // dockerd logs the line in a deferred function just before configStore.Store (moby daemon.Reload).
    report();
    setTimeout(() => swap(() => {}), current.reloadStoreDelayMs);
  } else swap(report);
  return { ok: true, config: next };
}
