import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';

/**
 * A short private directory under /tmp: the daemon's containerd socket lives below its exec root,
 * and a unix socket path must stay under 108 bytes.
 */
export function makeRunDir(): string {
  return mkdtempSync('/tmp/ctc-');
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
