import type { SimConfig } from '../config/resolve.js';
import type { ConfigSources } from '../config/sources.js';
import type { Logger } from '../daemon/log.js';
import { SimError } from '../errors.js';
import { applyReload, reconfigureProblem } from './apply.js';
import { firstMissingPlugin, missingPluginIsFatal, namedAuthzPlugins } from './authz.js';
import { logLimitResets, logReconfigureFailed, logReloaded, logReloadFailed } from './log.js';
import { readForReload } from './read.js';
import { applyStepwise, NON_ATOMIC_RELOAD, settleStepwiseReload } from '../quirks/reload/non-atomic-reload.js';
import { defaultRuntimeMissing, DEFAULT_RUNTIME_PANIC, logPanic, PANIC_EXIT_STATUS } from '../quirks/reload/default-runtime-panic.js';

export type ReloadOutcome =
  | { readonly ok: true; readonly config: SimConfig }
  | { readonly ok: false; readonly error: SimError }
  /**
   * The daemon ends: the file names an authorization plugin that cannot be found (once the lookup
   * gives up: true, status 1; false when it does not end), or it crashes (the exit status).
   */
  | { readonly ok: false; readonly fatal: Promise<boolean | number> };

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
 * was and is logged; the daemon keeps serving, except when a plugin is missing.
 */
export function reloadConfiguration(host: ReloadHost, sources: ConfigSources): ReloadOutcome {
  // Quirk (observed.reload.atomic): a reload still in its steps ends first.
  if (host.current().quirks.has(NON_ATOMIC_RELOAD)) settleStepwiseReload(host);
  const current = host.current();
  const { logger } = host;
  let file;
  try {
    file = readForReload(current, sources);
  } catch (error) {
    const simError = error instanceof SimError ? error : new SimError('SIM_CONFIG', String(error));
    logReloadFailed(logger, current, simError.message);
    return { ok: false, error: simError };
  }
  const plugins = namedAuthzPlugins(file.doc);
  const missing = plugins === undefined ? undefined : firstMissingPlugin(plugins, current);
  // Fault (reload.authz-missing): a missing authorization plugin is ignored.
  if (missing !== undefined && !current.faults.has('reload.authz-missing')) {
    return { ok: false, fatal: missingPluginIsFatal(missing, current, logger, host.stopped) };
  }
  const problem = reconfigureProblem(current.settings, file, current.release);
  if (problem !== null) {
    logReconfigureFailed(logger, current, problem);
    return { ok: false, error: new SimError('SIM_CONFIG', problem) };
  }
  const settings = applyReload(current.settings, file, current.release, current.faults);
  const authorizationPlugins = plugins === undefined ? current.authorizationPlugins : plugins.filter((name) => firstMissingPlugin([name], current) === undefined);
  const next: SimConfig = Object.freeze({ ...current, settings, debug: settings.debug, experimental: settings.experimental, authorizationPlugins });
  logLimitResets(logger, settings);
  // Quirk (observed.reload.sighup.applies): 20.10 panics as it logs the reload of a default runtime it dropped.
  const panics = current.quirks.has(DEFAULT_RUNTIME_PANIC) && defaultRuntimeMissing(next);
  const report = (): void => {
    logReloaded(logger, next);
    if (panics) logPanic(logger);
  };
  if (current.faults.has('reload.atomic')) {
    // Fault (reload.atomic): the labels change first, the rest 30 ms later (then the line is logged).
    host.serve(Object.freeze({ ...current, settings: { ...current.settings, labels: settings.labels } }));
    setTimeout(() => {
      host.serve(next);
      report();
    }, 30);
    return { ok: true, config: next };
  }
  if (current.quirks.has(NON_ATOMIC_RELOAD)) {
    const served = applyStepwise(host, current, next, report);
    return panics ? { ok: false, fatal: served.then(() => PANIC_EXIT_STATUS) } : { ok: true, config: next };
  }
  host.serve(next);
  report();
  return panics ? { ok: false, fatal: Promise.resolve(PANIC_EXIT_STATUS) } : { ok: true, config: next };
}
