import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { BrandNames } from '../../specs/brands.js';
import { SimError } from '../errors.js';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Go's words for a failed write: `write <path>: invalid argument`. */
function goWriteError(path: string, error: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    EINVAL: 'invalid argument',
    EACCES: 'permission denied',
    ENOENT: 'no such file or directory',
    EISDIR: 'is a directory',
    EROFS: 'read-only file system',
  };
  return `${error.code === 'ENOENT' || error.code === 'EACCES' || error.code === 'EISDIR' ? 'open' : 'write'} ${path}: ${words[error.code ?? ''] ?? error.message}`;
}

/**
 * Writes the daemon's PID, refusing to start when a live process holds the file. A path that
 * cannot take it fails as 26.1 and 28.5 do (observed for --pidfile /proc/self/status):
 * `failed to start daemon, ensure docker is not running or delete <path>: write <path>: invalid argument`.
 */
/**
 * The mode a PID file is created with, as dockerd's os.WriteFile(path, pid, 0o644): the umask
 * narrows it, never widens it (without the mode, node creates it 0666, which umask 000 leaves
 * writable by anyone: any local user could then point a `kill $(cat pidfile)` elsewhere).
 */
export const PIDFILE_MODE = 0o644;

/** Truncates the PID file as an open for writing before the read would (the pidfile-truncated quirk; a file that cannot be opened is left to claimPidfile to report). */
export function truncatePidfile(path: string): void {
  try {
    writeFileSync(path, '', { flag: 'w', mode: PIDFILE_MODE });
  } catch {
    // claimPidfile words the failure.
  }
}

/** PID files held by simulators running in this process (they all write the same PID). */
const HELD_HERE = new Set<string>();

export function claimPidfile(path: string, pid: number, names: BrandNames, ignoreHolder: () => boolean = () => false): void {
  const word = names.product.toLowerCase();
  if (HELD_HERE.has(path) && !ignoreHolder()) throw new SimError('SIM_PIDFILE', `pid file found, ensure ${word} is not running or delete ${path}`);
  let other = NaN;
  try {
    other = Number(readFileSync(path, 'utf8').trim());
  } catch {
    // No file, or not readable: nothing holds it.
  }
  if (Number.isInteger(other) && other > 0 && other !== pid && isAlive(other) && !ignoreHolder()) {
    throw new SimError('SIM_PIDFILE', `pid file found, ensure ${word} is not running or delete ${path}`);
  }
  try {
    writeFileSync(path, String(pid), { mode: PIDFILE_MODE });
    HELD_HERE.add(path);
  } catch (error) {
    throw new SimError(
      'SIM_PIDFILE',
      `failed to start daemon, ensure ${word} is not running or delete ${path}: ${goWriteError(path, error as NodeJS.ErrnoException)}`,
    );
  }
}

/** Removes the PID file of a daemon that stops. */
export function releasePidfile(path: string): void {
  HELD_HERE.delete(path);
  rmSync(path, { force: true });
}
