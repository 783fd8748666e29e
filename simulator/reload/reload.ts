import type { SimConfig } from '../config/types.js';
import type { ConfigSources } from '../config/file/sources.js';
import type { Logger } from '../log.js';
import { SimError } from '../errors.js';
import { applyReload, reconfigureProblem } from './apply.js';
import { firstMissingPlugin, missingPluginIsFatal, namedAuthzPlugins } from './authz.js';
import { logLimitResets, logReconfigureFailed, logReloaded, logReloadFailed } from './log.js';
import { readForReload } from './read.js';
import { HALF_APPLIED, settingsAtRefusal } from '../quirks/reload/half-applied.js';
import { ONE_AT_A_TIME, serveOneAtATime } from '../quirks/reload/one-at-a-time.js';
import { dropsDefaultRuntime, logPanic, RUNTIME_PANIC } from '../quirks/reload/runtime-panic.js';
import { REGISTRIES_LAST } from '../quirks/reload/registries-last.js';
import { readWithoutOneKey } from '../quirks/reload/valid-keys-applied.js';
import { LABELS_LATE, serveLabelsLate } from '../quirks/reload/labels-late.js';
import { AUTHZ_SKIPPED } from '../quirks/reload/authz-skipped.js';
import { withSettingQuirks } from './apply-quirks.js';
import { FLAGS_RESET } from '../quirks/reload/flags-reset.js';

/** The start flag of each file key whose flag name differs. */
const FLAG_OF: Readonly<Record<string, string>> = { features: 'feature' };

/** Whether a start flag gave the option of a file key: a reload keeps it (reload.flags.kept). */
function keptFlags(config: SimConfig): (key: string) => boolean {
  // Quirk (observed on 20.10, 26.1, 28.5): the limits and features given as flags are reset all the same.
  if (config.quirks.has(FLAGS_RESET)) return () => false;
  return (key) => config.startFlags.daemonOptions.has(FLAG_OF[key] ?? key);
}

export type ReloadOutcome =
  | { readonly ok: true; readonly config: SimConfig }
  | { readonly ok: false; readonly error: SimError }
  /** The file names an authorization plugin that cannot be found: the daemon ends once the lookup gives up. */
  | { readonly ok: false; readonly fatal: Promise<boolean> };

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
  const current = host.current();
  const { logger } = host;
  let file: ReturnType<typeof readForReload>;
  try {
    file = readForReload(current, sources);
  } catch (error) {
    const simError = error instanceof SimError ? error : new SimError('SIM_CONFIG', String(error));
    logReloadFailed(logger, current, simError.message);
    // Quirks (hypothetical): the failure is logged, and the file's other keys are applied all the same.
    const rest = readWithoutOneKey(current, sources, simError.message, (other) => readForReload(current, other));
    if (rest === null) return { ok: false, error: simError };
    host.serve(
      Object.freeze({
        ...current,
        settings: withSettingQuirks(
          current.settings,
          applyReload(current.settings, rest, current.release, current.faults, keptFlags(current)),
          rest.doc,
          current.quirks,
        ),
      }),
    );
    return { ok: false, error: simError };
  }
  const plugins = namedAuthzPlugins(file.doc);
  const missing = plugins === undefined ? undefined : firstMissingPlugin(plugins, current);
  // Fault (reload.authz-missing): a missing authorization plugin is ignored.
  // Quirk (hypothetical): a missing plugin is skipped with a warning.
  if (missing !== undefined && current.quirks.has(AUTHZ_SKIPPED)) logger.log('warning', `Unable to locate plugin: ${missing}, skipping it`);
  else if (missing !== undefined && !current.faults.has('reload.authz-missing')) {
    return { ok: false, fatal: missingPluginIsFatal(missing, current, logger, host.stopped) };
  }
  const problem = reconfigureProblem(current.settings, file, current.release);
  if (problem !== null) {
    // Quirk (observed on 20.10): the options handled before the refused registries stay applied.
    if (current.quirks.has(HALF_APPLIED) || current.quirks.has(REGISTRIES_LAST))
      host.serve(settingsAtRefusal(current, applyReload(current.settings, file, current.release, current.faults, keptFlags(current)), problem));
    logReconfigureFailed(logger, current, problem);
    return { ok: false, error: new SimError('SIM_CONFIG', problem) };
  }
  const settings = withSettingQuirks(
    current.settings,
    applyReload(current.settings, file, current.release, current.faults, keptFlags(current)),
    file.doc,
    current.quirks,
  );
  const authorizationPlugins =
    plugins === undefined ? current.authorizationPlugins : plugins.filter((name) => firstMissingPlugin([name], current) === undefined);
  const next: SimConfig = Object.freeze({ ...current, settings, debug: settings.debug, experimental: settings.experimental, authorizationPlugins });
  logLimitResets(logger, settings);
  const report = (): void => logReloaded(logger, next);
  if (current.quirks.has(RUNTIME_PANIC) && dropsDefaultRuntime(file.doc, next)) {
    // Quirk (observed on 20.10): the reload is logged, then the daemon panics and ends.
    host.serve(next);
    report();
    logPanic(logger);
    return { ok: false, fatal: Promise.resolve(true) };
  }
  if (current.quirks.has(LABELS_LATE)) {
    // Quirk (hypothetical): the labels change a moment after the rest.
    serveLabelsLate(current, next, (config) => host.serve(config), report);
    return { ok: true, config: next };
  }
  if (current.quirks.has(ONE_AT_A_TIME)) {
    // Quirk (observed on 20.10): the options change one at a time, the line is logged at the end.
    serveOneAtATime(current, next, (config) => host.serve(config), report);
    return { ok: true, config: next };
  }
  if (current.faults.has('reload.atomic')) {
    // Fault (reload.atomic): the labels change first, the rest 30 ms later (then the line is logged).
    host.serve(Object.freeze({ ...current, settings: { ...current.settings, labels: settings.labels } }));
    setTimeout(() => {
      host.serve(next);
      report();
    }, 30);
    return { ok: true, config: next };
  }
  host.serve(next);
  report();
  return { ok: true, config: next };
}
