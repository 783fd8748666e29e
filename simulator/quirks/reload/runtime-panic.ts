// Quirk observed.reload.sighup.applies (20.10, specs/known-deviations.ts): its row is in simulator/reload/reload-variant.ts.
import type { SimConfig } from '../../config/types.js';
import type { Logger } from '../../log.js';
import type { FileDocument } from '../../config/file/read-document.js';

const BUILTIN = new Set(['runc', 'io.containerd.runc.v2', 'io.containerd.runtime.v1.linux']);

/**
 * Whether the applied reload leaves the daemon with a default runtime it no longer has: the file
 * replaces the runtimes without naming a default, and the default in effect is among those dropped.
 * 20.10 then dereferences the missing runtime (fillPlatformInfo, as it logs the reload event).
 */
export function dropsDefaultRuntime(doc: FileDocument, next: SimConfig): boolean {
  const named = typeof doc['default-runtime'] === 'string' && doc['default-runtime'] !== '';
  const runtime = next.settings.defaultRuntime;
  return 'runtimes' in doc && !named && !BUILTIN.has(runtime) && !(runtime in next.settings.runtimes);
}

/** The Go panic 20.10 prints (after "Reloaded configuration"); the caller then ends the daemon. */
export function logPanic(logger: Logger): void {
  logger.log('error', 'panic: runtime error: invalid memory address or nil pointer dereference', { at: 'daemon/info_unix.go:47 (fillPlatformInfo)' });
}
