import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { DaemonProcess } from '../../suites/targets/process/daemon-process.js';
import { SIM_BIN } from '../../suites/targets/sim-bin.js';

export interface SimProcess {
  readonly child: ChildProcess;
  readonly dir: string;
  readonly socket: string;
  output(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Waits until the output matches `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  /** Stops it (SIGTERM, by PID, through the process layer), removes its directory; resolves with the exit code. */
  kill(): Promise<number | null>;
}

/**
 * Starts ctrd-sim as a process in a private directory; `extra` flags follow the private roots.
 * `stdio` entries after the first three are file descriptors passed as fds 3, 4, …
 */
export function startSimProcess(
  extra: readonly string[],
  options: { env?: Record<string, string>; stdio?: (number | 'ignore' | 'pipe')[]; wrapper?: string } = {},
): SimProcess {
  const dir = mkdtempSync('/tmp/ctc-t-');
  const extraFds = (options.stdio ?? []).slice(3).filter((fd): fd is number => typeof fd === 'number');
  const daemon = DaemonProcess.spawn({
    command: [process.execPath, SIM_BIN],
    args: ['--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '--pidfile', join(dir, 'pid'), ...extra],
    dir,
    env: { ...process.env, ...options.env },
    extraFds,
    ...(options.wrapper === undefined ? {} : { wrapper: options.wrapper }),
  });
  return {
    child: daemon.child,
    dir,
    socket: join(dir, 's.sock'),
    output: () => daemon.log.text(),
    exited: daemon.exited.then((status) => status.code),
    waitFor: (pattern, timeoutMs = 10_000) => daemon.waitForOutput(pattern, timeoutMs),
    async kill() {
      const status = await daemon.stop();
      await daemon.dispose();
      return status.code;
    },
  };
}
