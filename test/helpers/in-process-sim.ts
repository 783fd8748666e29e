import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgv, resolveConfig, startSimulator } from '../../simulator/index.js';

/** A simulator started in this process by a test: its socket and its private directory. */
export interface InProcessSim {
  readonly socket: string;
  readonly dir: string;
  readonly dataRoot: string;
}

/**
 * ctrd-sim in this process with `args`, listening on a unix socket in a fresh directory under
 * /tmp (`prefix` names it), its roots and PID file there; closed and removed at the test's end.
 */
export async function startInProcessSim(t: { teardown(fn: () => unknown): void }, prefix: string, args: readonly string[]): Promise<InProcessSim> {
  const dir = mkdtempSync(`/tmp/${prefix}`);
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const socket = join(dir, 's.sock');
  const dataRoot = join(dir, 'data');
  const flags = parseArgv([...args, ...simDirFlags(dir)]);
  const sim = await startSimulator(resolveConfig(flags, { env: {}, readFile: () => null }));
  t.teardown(() => sim.close());
  return { socket, dir, dataRoot };
}

/** The socket of ctrd-sim in this process emulating `release` under the docker brand (startInProcessSim). */
export async function dockerSimSocket(t: { teardown(fn: () => unknown): void }, prefix: string, release: string): Promise<string> {
  return (await startInProcessSim(t, prefix, ['--emulate', release, '--brand', 'docker'])).socket;
}

/** The flags that put a simulator's socket (s.sock), data root, exec root and pidfile in `dir`. */
export const simDirFlags = (dir: string): string[] => [
  '-H',
  `unix://${join(dir, 's.sock')}`,
  '--data-root',
  join(dir, 'data'),
  '--exec-root',
  join(dir, 'exec'),
  '--pidfile',
  join(dir, 'pid'),
];
