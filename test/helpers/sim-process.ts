import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SIM_BIN } from '../../suites/targets/resolve.js';

export interface SimProcess {
  readonly child: ChildProcess;
  readonly dir: string;
  readonly socket: string;
  output(): string;
  /** Resolves with the exit code. */
  readonly exited: Promise<number | null>;
  /** Waits until the output matches `pattern`. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  kill(): Promise<number | null>;
}

/** Starts ctrd-sim as a process in a private directory; `extra` flags follow the private roots. */
export function startSimProcess(extra: readonly string[], options: { env?: Record<string, string>; stdio?: (number | 'ignore' | 'pipe')[]; wrapper?: string } = {}): SimProcess {
  const dir = mkdtempSync('/tmp/ctc-t-');
  const socket = join(dir, 's.sock');
  const args = [SIM_BIN, '--data-root', join(dir, 'data'), '--exec-root', join(dir, 'exec'), '--pidfile', join(dir, 'pid'), ...extra];
  const child =
    options.wrapper === undefined
      ? spawn(process.execPath, args, { stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } })
      : spawn('/bin/sh', ['-c', options.wrapper, 'sh', process.execPath, ...args], { stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } });
  let output = '';
  const listeners = new Set<() => void>();
  const collect = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const listener of listeners) listener();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    dir,
    socket,
    output: () => output,
    exited,
    waitFor(pattern, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const match = pattern.exec(output);
          if (match !== null) {
            listeners.delete(check);
            clearTimeout(timer);
            resolve(match);
          }
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          reject(new Error(`timed out waiting for ${pattern} in: ${output}`));
        }, timeoutMs);
        listeners.add(check);
        check();
        void exited.then(() => setTimeout(check, 0));
      });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const code = await exited;
      rmSync(dir, { recursive: true, force: true });
      return code;
    },
  };
}
