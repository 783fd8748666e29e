import type { SimConfig } from '../../config/resolve.js';
import { runtimesOf } from '../../daemon-config/info/runtimes.js';
import { infoStyleOf } from '../../daemon-config/info/style.js';
import type { Logger } from '../../daemon/log.js';

/**
 * observed.reload.sighup.applies: 20.10 applies a reload that replaces the runtimes without naming
 * a default while the default in effect is one it drops; logging the reload event then reads the
 * default runtime, which is gone: a nil-pointer panic in fillPlatformInfo after "Reloaded
 * configuration: …", and the daemon is gone (observed on 20.10.24; 26.1 and 28.5 refuse the file).
 * Carried by reload/reload.ts (daemon/start.ts ends the daemon with Go's panic status, 2).
 */
export const DEFAULT_RUNTIME_PANIC = 'observed.reload.sighup.applies';

/** Go's exit status after an unrecovered panic. */
export const PANIC_EXIT_STATUS = 2;

/** Whether the reloaded configuration's default runtime is missing from its runtimes (what makes 20.10 panic). */
export function defaultRuntimeMissing(next: SimConfig): boolean {
  const runtimes = runtimesOf(next.settings, infoStyleOf(next.release.release).style);
  return !(next.settings.defaultRuntime in runtimes);
}

/** What the Go runtime prints (on stderr, outside the log) as the daemon dies: the head of 20.10.24's trace. */
export function logPanic(logger: Logger): void {
  const text = [
    'panic: runtime error: invalid memory address or nil pointer dereference',
    '[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x0]',
    '',
    'goroutine 1 [running]:',
    'github.com/docker/docker/daemon.(*Daemon).fillPlatformInfo(...)',
    '\t/build/docker.io/.gopath/src/github.com/docker/docker/daemon/info_unix.go:47',
    'github.com/docker/docker/daemon.(*Daemon).SystemInfo(...)',
    'github.com/docker/docker/daemon.(*Daemon).LogDaemonEventWithAttributes(...)',
    'github.com/docker/docker/daemon.(*Daemon).Reload.func1(...)',
    '',
  ].join('\n');
  if (logger.raw !== undefined) logger.raw(text);
  else logger.log('fatal', text.split('\n')[0]!);
}
