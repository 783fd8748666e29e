import { chmodSync, chownSync, lstatSync, unlinkSync } from 'node:fs';
import { SimError } from '../errors.js';

/** sun_path holds 108 bytes on Linux, the terminating NUL included. */
export const UNIX_PATH_MAX = 108;

/**
 * Refuses a socket path the kernel cannot bind. Node would silently truncate it and listen
 * somewhere else; dockerd 20.10, 26.1 and 28.5 print (observed) `failed to load listeners: can't
 * create unix socket <path>: listen unix <path>: bind: invalid argument` and exit 1.
 */
export function checkUnixPath(path: string): void {
  if (Buffer.byteLength(path) >= UNIX_PATH_MAX) {
    throw new SimError('SIM_LISTEN', `failed to load listeners: can't create unix socket ${path}: listen unix ${path}: bind: invalid argument`);
  }
}

/** A socket file left by a daemon that died: removed before listening, as the daemon does. */
export function removeStaleSocket(path: string): void {
  try {
    if (lstatSync(path).isSocket()) unlinkSync(path);
  } catch {
    // Nothing there: nothing to remove.
  }
}

/**
 * The umask a socket is bound under: only its owner's bits of `mode`, so that nobody else can
 * connect before restrictSocket gives it its group and mode (dockerd binds under 0777).
 */
export const bindMask = (mode: number): number => 0o777 & ~(mode & 0o600);

/**
 * Runs `bind` under `mask`, then gives the process its own back. The mask is process-wide (the
 * suite may run the simulator in its own process): Node binds a path synchronously inside
 * `listen()` ('listening' comes later), so the mask holds for that call only; a file another
 * thread creates in that instant gets at most its owner's access, never more than it would have.
 * (process.umask cannot be set in a worker thread: the simulator runs in a main thread.)
 */
export function underUmask<T>(mask: number, bind: () => T): T {
  const previous = process.umask(mask);
  try {
    return bind();
  } finally {
    process.umask(previous);
  }
}

/**
 * srw-rw---- as on every observed release, owned by the socket group (`gid`) when there is one.
 * A caller that may not give the file to that group (not root, not a member) keeps its own. The
 * group first, then the mode (as dockerd): the caller's own group never gets the group's access.
 */
export function restrictSocket(path: string, gid: number | null, mode = 0o660): void {
  if (gid !== null) {
    try {
      chownSync(path, process.getuid?.() ?? 0, gid);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
    }
  }
  chmodSync(path, mode);
}
