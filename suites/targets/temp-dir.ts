import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readFileSync, rmSync } from 'node:fs';

/** Memory-backed and writable here: where a daemon that never mounts anything can keep its roots. */
let memoryBase: string | null | undefined;
const memoryFilesystem = (): string | null => {
  if (memoryBase === undefined) {
    try {
      accessSync('/dev/shm', constants.W_OK);
      memoryBase = '/dev/shm';
    } catch {
      memoryBase = null;
    }
  }
  return memoryBase;
};

/**
 * A short private directory under /tmp: the daemon's containerd socket lives below its exec root,
 * and a unix socket path must stay under 108 bytes. With `inMemory` (the in-process simulator,
 * which mounts nothing and starts hundreds of times a run), under /dev/shm where it is writable:
 * the same files, without a disk's journal and flushes at every start and removal.
 */
export function makeRunDir({ inMemory = false }: { readonly inMemory?: boolean } = {}): string {
  const base = inMemory ? memoryFilesystem() : null;
  return mkdtempSync(`${base ?? '/tmp'}/ctc-`);
}

/** Mount points at or below `dir` (dockerd bind-mounts its data root onto itself), deepest first. */
function mountsBelow(dir: string): string[] {
  let table = '';
  try {
    table = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return [];
  }
  return table
    .split('\n')
    .map((line) => line.split(' ')[4]?.replace(/\\040/g, ' ') ?? '')
    .filter((point) => point === dir || point.startsWith(`${dir}/`))
    .sort((a, b) => b.length - a.length);
}

/** Removes a run directory, first detaching whatever a daemon left mounted in it (only there). */
export function removeRunDir(dir: string): void {
  for (const point of mountsBelow(dir)) spawnSync('umount', ['-l', point], { stdio: 'ignore' });
  rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
