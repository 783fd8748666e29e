import { OBSERVED_RUNC_FEATURES, type InfoStyle } from '../../../../specs/info-fields.js';
import type { DaemonSettings, RuntimeSetting } from '../../../config/file/settings.js';

/** The runtime the built-in names run. */
const BUILTIN_PATH = 'runc';

/**
 * What the simulator says of its built-in runtime's features: the real daemons show what
 * `runc features` prints; the simulator runs nothing and shows the document of the runc the
 * emulated builds were observed with (specs/info-fields.ts).
 */
const BUILTIN_STATUS = { 'org.opencontainers.runtime-spec.features': JSON.stringify(OBSERVED_RUNC_FEATURES) };

/**
 * Runtimes as /info lists them: the built-in ones and the registered ones, by name (a Go map, so
 * sorted), each with its `status` where the release gives one (shape.ts drops it below API 1.44). A drop-in runtime shows its path and arguments; a shim (runtimeType) shows nothing of
 * itself (26.1 and later) or an empty path (20.10, which does not know shims).
 */
export function runtimesOf(settings: DaemonSettings, style: InfoStyle): Record<string, unknown> {
  const all: Record<string, unknown> = {};
  const builtins = settings.builtinShimsDropped === true ? style.builtinRuntimes.filter((name) => name === 'runc') : style.builtinRuntimes;
  for (const name of builtins) all[name] = style.builtinRuntimeStatus ? { path: BUILTIN_PATH, status: BUILTIN_STATUS } : { path: BUILTIN_PATH };
  for (const [name, runtime] of Object.entries(settings.runtimes)) all[name] = shown(runtime, style);
  return Object.fromEntries(Object.entries(all).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function shown(runtime: RuntimeSetting, style: InfoStyle): Record<string, unknown> {
  if (runtime.path !== undefined && runtime.path !== '') {
    return { path: runtime.path, ...(runtime.runtimeArgs !== undefined && runtime.runtimeArgs.length > 0 ? { runtimeArgs: runtime.runtimeArgs } : {}) };
  }
  return style.shimRuntimeShown === 'empty-path' ? { path: '' } : {};
}
